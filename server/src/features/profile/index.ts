// The profile feature's public face: what other features and the composition root may import (decision 037).

export type { FactOrigin, SavedFact } from './profile.facts';
export { ensureProfile, findSummary, resetProfile } from './profile.repo';
export { profileHandlers } from './profile.routes';
export {
  businessSignature,
  changeProfile,
  checkUserId,
  findEffectiveProfile,
  findOwnProfile,
  profileResult,
  refreshBusinessSummary,
  saveBusinessSummary,
  stateOf,
} from './profile.service';
export {
  EMPTY_PROFILE,
  type ProfilePatch,
  type ProfileState,
  patchFromExtracted,
  profileConfidence,
} from './profile-merge';
export { buildOnboardingSummary } from './summary-builder';
export { readSummarySources } from './summary-sources';
