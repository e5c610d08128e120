import type { EndpointHandlers } from '../../platform/http';
import { listAssistants } from './assistants.service';

export const assistantHandlers = {
  listAssistants,
} satisfies Partial<EndpointHandlers>;
