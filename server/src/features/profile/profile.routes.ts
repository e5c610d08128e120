import type { EndpointHandlers } from '../../platform/http';
import { businessProfile, saveBusinessSummary, updateBusinessProfile } from './profile.service';

export const profileHandlers = {
  businessProfile,
  updateBusinessProfile,
  saveBusinessSummary,
} satisfies Partial<EndpointHandlers>;
