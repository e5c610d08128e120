// The chat feature's public face: what other features and the composition root may import (decision 037).
export { type AnswerResult, answerQuestion, combinedConfidence } from './answer';
export { changesOf } from './apply-check.service';
export { chatHandlers, registerChatRoutes } from './chat.routes';
export { residentAnswer } from './resident-text';
export { workspaceRetriever } from './retriever';
export { registerVoiceRoutes } from './voice.routes';
