// The knowledge feature's public face: what other features and the composition root may import (decision 037).

export { embedJob } from './embeddings/embeddings.jobs';
export { rewriteFollowUp } from './followup';
export { deleteDocument, getDocument, listDocuments } from './index/documents';
export { ingestTexts } from './ingest/bulk';
export { ingestFileForWorkspace, ingestText, ingestTextForWorkspace, ingestUrl } from './ingest/requests';
export { fetchWebPage } from './ingest/web';
export { createIngestJob, type DocumentReadyHook, knowledgeMaintenanceJob } from './knowledge.jobs';
export { documentChunkTexts } from './knowledge.repo';
export { knowledgeHandlers, registerKnowledgeRoutes } from './knowledge.routes';
export type { KnowledgeScope } from './scope';
export { searchKnowledge, searchWorkspace } from './search/search';
export { correctSpelling, correctSpellingWithin } from './search/spelling';
