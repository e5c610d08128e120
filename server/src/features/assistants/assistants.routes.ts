import type { EndpointHandlers } from '../../platform/http';
import { applyTestAssistant, listRegressionQuestions, runApplyCheck } from './apply-check.service';
import { ensureTestAssistant, listAssistants, updateAssistant } from './assistants.service';
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
  listRegressionQuestions,
  runApplyCheck,
} satisfies Partial<EndpointHandlers>;
