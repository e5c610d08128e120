import type { Retriever } from '../../llm/retrieval';
import { findFacts, upsertFact } from '../facts';
import { searchKnowledge } from '../knowledge';

/**
 * The assistant's view of the knowledge feature (BM25 over document chunks) and the facts feature.
 * The assistant ranks nothing and stores no facts itself.
 */
export const workspaceRetriever: Retriever = {
  async search(ctx, query, k) {
    return searchKnowledge(ctx, { query, k });
  },
  async facts(ctx, query, limit) {
    const facts = await findFacts(ctx, query, limit);
    return facts.map((f) => ({
      id: f.id,
      key: f.key,
      label: f.label,
      value: f.value,
      confidence: f.confidence,
      source: f.source,
      provenance: f.provenance,
      ...(f.disagreement ? { disagreement: f.disagreement } : {}),
    }));
  },
  async learnFact(ctx, input) {
    const fact = await upsertFact(ctx, input);
    return { id: fact.id };
  },
};
