/**
 * Public face of the workspaces feature (decision 042): other features and app/ import only this file.
 * The signed-in user's workspace and role (`useMe`, `useBusinessRole`), creating and renaming it, and the
 * cards shown when setting it up failed. Most features and app/ read it; it imports no other feature.
 */
export { bootstrapAccount } from './api/bootstrap-account';
export { type Me, useMe } from './api/get-me';
export { useRenameWorkspace } from './api/rename-workspace';
export { useBusinessRole } from './api/use-business-role';
export { WorkspaceRepairPanel } from './components/workspace-repair-panel';
export { WorkspaceSetupFailedCard } from './components/workspace-setup-failed-card';
