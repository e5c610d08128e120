/**
 * Public face of the team feature (decision 042): other features and app/ import only this file.
 * The workspace's members and invitations: the settings section, /invite, and the invitation a signed-out
 * visitor carries until sign-in (read by app/auth-provider.tsx).
 */
export { TeamSection } from './components/team-section';
export { pendingInvitation } from './lib/pending-invitation';
