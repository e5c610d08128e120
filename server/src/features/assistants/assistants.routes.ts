import type { EndpointHandlers } from '../../platform/http';
import { ensureTestAssistant, listAssistants, updateAssistant } from './assistants.service';

export const assistantHandlers = {
  listAssistants,
  updateAssistant,
  ensureTestAssistant,
} satisfies Partial<EndpointHandlers>;
