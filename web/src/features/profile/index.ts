/**
 * Public face of the profile feature (decision 042): other features and app/ import only this file.
 * The business profile: its data, autosave, confidence and edit dialog, and /profile/basic (which app/
 * composes with onboarding's reset card).
 */
export {
  type BusinessProfile,
  type BusinessProfileResult,
  businessProfileQueryOptions,
  type ProfileChanges,
  saveBusinessProfile,
  useAssistantMode,
  useBusinessProfile,
} from './api/business-profile';
export { useProfileAutosave } from './api/use-profile-autosave';
export { ConfidenceMeter } from './components/confidence-meter';
export { type EditableField, EditBusinessDialog } from './components/edit-business-dialog';
export { BasicProfilePage } from './pages/basic-profile-page';
