import type { SearchHit } from '@helixis/contract';
import type { WorkspaceContext } from '../../platform/context';
import { searchKnowledge } from '../knowledge';

/**
 * The document search generate_faq uses: the knowledge feature's BM25 search, the only ranker of
 * chunks. The facts feature reaches the knowledge service only through this function.
 */
export async function searchDocuments(
  ctx: WorkspaceContext,
  input: { query: string; k: number },
): Promise<SearchHit[]> {
  return searchKnowledge(ctx, input);
}
