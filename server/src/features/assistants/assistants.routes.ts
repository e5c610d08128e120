import type { EndpointHandlers } from '../../platform/http';
import { applyTestAssistant, ensureTestAssistant, listAssistants, updateAssistant } from './assistants.service';

export const assistantHandlers = {
  listAssistants,
  updateAssistant,
  ensureTestAssistant,
  applyTestAssistant,
} satisfies Partial<EndpointHandlers>;
