/**
 * The link's token waits in local storage while the invitee signs in or signs up (sign-out clears the
 * session storage, and the address loses its fragment on the way through the sign-in page).
 */
const PENDING_INVITATION_KEY = 'helixis.pending-invitation';

export const pendingInvitation = {
  read: (): string | null => globalThis.localStorage.getItem(PENDING_INVITATION_KEY),
  save: (token: string) => globalThis.localStorage.setItem(PENDING_INVITATION_KEY, token),
  clear: () => globalThis.localStorage.removeItem(PENDING_INVITATION_KEY),
};
