import type { QueryRewrite, RecentTurn, SearchHit } from '@helixis/contract';
import { queryTerms, tokenize } from '@helixis/domain';
import type { WorkspaceContext } from '../../../platform/context';
import type { EndpointHandler } from '../../../platform/http';
import type { Logger } from '../../../platform/logger';
import { withTenant } from '../../../platform/tenant';
import { vectorWeightFor } from '../embeddings/embeddings';
import { embedQuery, fuseWithVectors } from '../embeddings/vector-fusion';
import { rewriteFollowUp } from '../followup';
import { rankFromMemory } from '../index/memory-index';
import { indexedText } from '../ingest/prepare';
import * as repo from '../knowledge.repo';
import { type KnowledgeScope, scopeOf, termIndexes } from '../scope';
import { type RankOutcome, type RankSettings, rankWithSettings, SHIPPED_RANKING } from './ranking';
import { highlightRanges, makeSnippet } from './snippets';
import { correctSpelling } from './spelling';

// The product's search of a workspace: follow-up rewrite, BM25, second stage, vector fusion, snippets.

export type SearchResult = SearchHit & { content: string };

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

export interface SearchOptions {
  query: string;
  k?: number;
  /** Earlier turns: a follow-up question is rewritten with them first. */
  recentTurns?: readonly RecentTurn[];
  /** Ranking settings (experiments); the product uses SHIPPED_RANKING. */
  ranking?: RankSettings;
  /** Rank only chunks of these documents (the public widget's documents), in SQL before the top k. */
  documentIds?: readonly string[];
}

export interface SearchAnswer {
  results: SearchResult[];
  rewrite: QueryRewrite | null;
  /** Lexemes the ranking added by feedback (empty when it adds none). */
  expansion: string[];
}

/**
 * The product's ranking of one workspace (for jobs and features that act without a request):
 * BM25 over the workspace's postings, then the second stage of ranking.ts (feedback, proximity) with
 * the shipped settings; every hit says which query words it matched, where they are in its snippet
 * and the parts of its score.
 */
export async function rankWorkspace(
  scope: Pick<KnowledgeScope, 'deps' | 'workspaceId' | 'userId' | 'log'>,
  input: SearchOptions,
): Promise<SearchAnswer> {
  const rewrite = input.recentTurns?.length
    ? await rewriteFollowUp(scope.deps.config, input.query, input.recentTurns, scope.log)
    : null;
  const terms = queryTerms(rewrite?.rewritten ?? input.query);
  if (terms.size === 0) return { results: [], rewrite, expansion: [] };
  const k = Math.min(Math.max(Math.trunc(input.k ?? 10), 1), 100);
  const settings = input.ranking ?? {
    ...SHIPPED_RANKING,
    vectorWeight: vectorWeightFor(scope.deps.config, SHIPPED_RANKING.vectorWeight),
  };
  const secondStage = settings.proximity > 0 || settings.feedback !== null;
  const queryVector = await embedQuery(scope, settings, rewrite?.rewritten ?? input.query);
  // With a query vector the lexical stage returns its `depth` best chunks for the fusion to reorder.
  const lexicalK = queryVector ? Math.max(settings.depth, k) : k;
  const { outcome, rows } = await withTenant(
    scope.deps.database,
    { workspaceId: scope.workspaceId, userId: scope.userId },
    async (tx) => {
      const byId = new Map<string, repo.RankedChunk>();
      const query = new Map([...terms.keys()].map((l) => [l, 1]));
      // Large workspaces rank from the process's in-memory copy when it is current (decision 026).
      const stats = await repo.readStats(tx, scope.workspaceId);
      const copy = termIndexes(scope.deps).lookup(scope, stats);
      const dfs = secondStage ? await repo.termDfs(tx, scope.workspaceId, [...terms.keys()]) : new Map();
      const source = {
        n: stats.chunkCount,
        df: (l: string) => dfs.get(l) ?? 0,
        async bm25(q: ReadonlyMap<string, number>, d: number) {
          const found =
            (copy && (await rankFromMemory(tx, scope.workspaceId, copy, stats, q, d, settings, input.documentIds))) ??
            (await repo.rankChunks(tx, scope.workspaceId, q, d, settings, input.documentIds));
          for (const r of found) byId.set(r.chunk_id, r);
          if (settings.feedback?.idfWeighted) {
            const missing = new Set<string>();
            for (const r of found.slice(0, settings.feedback.docs)) {
              for (const t of tokenize(indexedText(r.title, r.content))) if (!dfs.has(t.lexeme)) missing.add(t.lexeme);
            }
            for (const [l, n] of await repo.termDfs(tx, scope.workspaceId, [...missing])) dfs.set(l, n);
          }
          return found.map((r) => ({ id: r.chunk_id, score: r.score, text: indexedText(r.title, r.content) }));
        },
      };
      const lexical: RankOutcome = secondStage
        ? await rankWithSettings(source, query, settings, lexicalK)
        : {
            hits: (await source.bm25(query, lexicalK)).map((c) => ({
              id: c.id,
              score: c.score,
              parts: { lexical: c.score, proximity: 0 },
              matched: (byId.get(c.id)?.matched ?? []).filter((l) => terms.has(l)),
            })),
            expansion: [],
          };
      const hits = queryVector
        ? await fuseWithVectors(tx, scope.workspaceId, queryVector, lexical.hits, settings.vectorWeight)
        : lexical.hits;
      return { outcome: { hits: hits.slice(0, k), expansion: lexical.expansion }, rows: byId };
    },
  );
  const order = [...terms.keys()];
  const results = outcome.hits.flatMap((hit) => {
    const row = rows.get(hit.id);
    if (!row) return [];
    const matched = new Set(hit.matched);
    const words = order.filter((l) => matched.has(l)).flatMap((l) => [...(terms.get(l) ?? [])]);
    const snippet = makeSnippet(row.content, words);
    return [
      {
        chunk_id: row.chunk_id,
        document_id: row.document_id,
        document_title: row.title,
        chunk_index: row.chunk_index,
        heading_path: row.heading_path ?? [],
        score: round4(hit.score),
        snippet,
        matched_terms: words,
        highlights: highlightRanges(snippet, matched),
        score_parts: {
          lexical: round4(hit.parts.lexical),
          vector: round4(hit.parts.vector ?? 0),
          proximity: round4(hit.parts.proximity),
        },
        content: row.content,
      },
    ];
  });
  return { results, rewrite, expansion: outcome.expansion.map((e) => e.lexeme) };
}

/** The ranked chunks of one workspace, best first (see rankWorkspace). */
export async function searchWorkspace(
  scope: Pick<KnowledgeScope, 'deps' | 'workspaceId' | 'userId'> & { log?: Logger },
  input: SearchOptions,
): Promise<SearchResult[]> {
  return (await rankWorkspace({ ...scope, log: scope.log ?? scope.deps.log }, input)).results;
}

/**
 * The one ranking of the product over the caller's workspace, best first, with each chunk's full text
 * (`content`) for quoting and citing as [Doc:Title#Idx]. rag-answer and chat call this.
 */
export async function searchKnowledge(ctx: WorkspaceContext, input: SearchOptions): Promise<SearchResult[]> {
  return (await rankWorkspace(scopeOf(ctx), input)).results;
}

/** searchKnowledge with the follow-up rewrite and feedback terms (search, chat and rag-answer show them). */
export function searchKnowledgeExplained(ctx: WorkspaceContext, input: SearchOptions): Promise<SearchAnswer> {
  return rankWorkspace(scopeOf(ctx), input);
}

/** POST /functions/v1/search */
export const search: EndpointHandler<'search'> = async ({ ctx, input }) => {
  // Typing slips are mended from the workspace's own words first, and the page says so.
  const query = await correctSpelling(ctx, input.query);
  const answer = await searchKnowledgeExplained(ctx, {
    query,
    k: input.k,
    ...(input.recent_turns ? { recentTurns: input.recent_turns } : {}),
  });
  const spelling =
    query !== input.query ? { original: input.query, rewritten: query, method: 'spelling' as const } : null;
  return { results: answer.results.map(({ content: _content, ...hit }) => hit), rewrite: answer.rewrite ?? spelling };
};
