import type { EndpointHandlers } from '../../platform/http';
import { applyTestAssistant, ensureTestAssistant, listAssistants, updateAssistant } from './assistants.service';
import { getQuestionSet, latestComparison, runComparison, saveQuestionSet } from './question-sets.service';

export const assistantHandlers = {
  listAssistants,
  updateAssistant,
  ensureTestAssistant,
  applyTestAssistant,
  getQuestionSet,
  saveQuestionSet,
  runComparison,
  latestComparison,
} satisfies Partial<EndpointHandlers>;
