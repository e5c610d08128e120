/**
 * Public face of the automations feature (decision 042): other features and app/ import only this file.
 * /automations: missed-call, mail and calendar automations, approvals and compliance findings. The list is
 * read by the onboarding completion screen.
 */
export { useAutomations } from './api/automations';
