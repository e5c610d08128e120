import type { EndpointHandlers } from '../../platform/http';
import { businessProfile, saveBusinessSummary, updateBusinessProfile } from './profile.service';
import { refreshTeachSummary } from './profile.summary';

export const profileHandlers = {
  businessProfile,
  updateBusinessProfile,
  saveBusinessSummary,
  refreshTeachSummary,
} satisfies Partial<EndpointHandlers>;
