// The assistants feature's public face: what other features and the composition root may import (decision 037).
export { addRegressionQuestion, changesOf } from './apply-check.service';
export { findLiveAssistant } from './assistants.repo';
export { assistantHandlers } from './assistants.routes';
export { assistantForChat } from './assistants.service';
export { upsertRegressionQuestion } from './regression.repo';
