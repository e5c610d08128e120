/**
 * Public face of the teach feature (decision 042): other features and app/ import only this file.
 * Teaching the assistant: the fact profile, suggestions, the copilot and the integration mode (dashboard
 * cards).
 */
export { useFactProfile, useFacts } from './api/facts';
export { IntegrationMode } from './components/integration-mode';
export { SuggestionsCard } from './components/suggestions-card';
export { TeachYourAiPanel } from './components/teach-your-ai-panel';
