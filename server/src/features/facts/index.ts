// The facts feature's public face: what other features and the composition root may import (decision 037).
export { resolveConflictOfTask } from './facts.ledger';
export { getFactProfile, listSuggestions } from './facts.profile';
export { factHandlers, registerFactsRealtime } from './facts.routes';
export { findFacts, learnFromDocument, listFacts, listUsableFacts, recordQuestion, upsertFact } from './facts.service';
export { sameMeaning, statesValue } from './facts.sources';
