// The assistants feature's public face: what other features and the composition root may import (decision 037).
export { findLiveAssistant } from './assistants.repo';
export { assistantHandlers } from './assistants.routes';
export { applyTestAssistant, assistantForChat, ensureTestAssistant, findTestPair } from './assistants.service';
export * as regressionRepo from './regression.repo';
export { upsertRegressionQuestion } from './regression.repo';
export { addRegressionQuestion } from './regression.service';
