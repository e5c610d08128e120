// The team feature's public face: what other features and the composition root may import (decision 037).
export { userEmails } from './team.repo';
export { teamHandlers } from './team.routes';
export { openInvitationAddress } from './team.service';
