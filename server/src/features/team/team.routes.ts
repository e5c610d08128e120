import type { EndpointHandlers } from '../../platform/http';
import {
  acceptInvitation,
  getTeam,
  inviteTeamMember,
  previewInvitation,
  removeMember,
  revokeInvitation,
  updateMemberRole,
} from './team.service';

export const teamHandlers = {
  getTeam,
  inviteTeamMember,
  revokeInvitation,
  updateMemberRole,
  removeMember,
  previewInvitation,
  acceptInvitation,
} satisfies Partial<EndpointHandlers>;
