/**
 * Public face of the assistants feature (decision 042): other features and app/ import only this file.
 * The workspace's assistants: list, update, test and create them (/assistants/new, /test-assistant…).
 * The list and the temperature control are used by onboarding, the setup steps and /admin.
 */
export { type Assistant, defaultAssistant, useAssistants } from './api/list-assistants';
export { useUpdateAssistant } from './api/update-assistant';
export { TemperatureSlider } from './components/temperature-slider';
