// The knowledge feature's public face: what other features and the composition root may import (decision 037).
export { ingestTexts } from './bulk';
export { embedJob } from './embeddings.jobs';
export { rewriteFollowUp } from './followup';
export { createIngestJob, type DocumentReadyHook, knowledgeMaintenanceJob } from './knowledge.jobs';
export { documentChunkTexts } from './knowledge.repo';
export { knowledgeHandlers, registerKnowledgeRoutes } from './knowledge.routes';
export {
  deleteDocument,
  getDocument,
  ingestFileForWorkspace,
  ingestText,
  ingestTextForWorkspace,
  ingestUrl,
  type KnowledgeScope,
  listDocuments,
  searchKnowledge,
  searchWorkspace,
} from './knowledge.service';
export { fetchWebPage } from './web';
