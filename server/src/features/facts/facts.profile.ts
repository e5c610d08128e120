import type { Suggestion } from '@helixis/contract';
import { countServices, suggestionCandidates, summarizeFactProfile } from '@helixis/domain';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import * as repo from './facts.repo';
import { toFact } from './facts.service';

/** The fact profile (completeness, gaps, confidence) and the suggestions that follow from the facts. */

const iso = (v: string) => new Date(v).toISOString();

export const getFactProfile: EndpointHandler<'getFactProfile'> = async ({ ctx }) => {
  const { rows, faqCount } = await ctx.tenant(async (tx) => ({
    rows: await repo.listFacts(tx, ctx.workspace.id),
    faqCount: await repo.countFaqs(tx, ctx.workspace.id),
  }));
  const facts = rows.map(toFact);
  const summary = summarizeFactProfile(facts);
  const integrationFacts = facts.filter((f) => f.source === 'integration').length;
  const lastFactUpdate = facts.reduce<string | null>(
    (latest, f) => (latest === null || f.lastUpdated > latest ? f.lastUpdated : latest),
    null,
  );
  return {
    id: ctx.workspace.id,
    workspaceId: ctx.workspace.id,
    facts,
    knowledgeGaps: summary.knowledgeGaps,
    completeness: summary.completeness,
    essentialFacts: summary.essentialFacts,
    confidence: summary.confidence,
    lastFactUpdate,
    integrationStatus: { connected: integrationFacts > 0, integrationFacts },
    servicesCount: countServices(facts.find((f) => f.key === 'services')?.value),
    faqCount,
  };
};

function toSuggestion(row: repo.SuggestionRow): Suggestion {
  return {
    id: row.id,
    type: row.type,
    category: row.category,
    title: row.title,
    description: row.description,
    impact: row.impact,
    effort: row.effort,
    actions: row.actions,
    triggers: row.triggers,
    status: row.status,
    createdAt: iso(row.createdAt),
    priority: row.priority,
  };
}

/** Brings the stored suggestions in line with the facts and questions: new ones added, stale pending ones withdrawn. */
async function refreshSuggestions(tx: Tx, workspaceId: string): Promise<void> {
  const facts = await repo.listFacts(tx, workspaceId);
  const questionTopics = await repo.recentQuestionTopics(tx, workspaceId);
  const candidates = suggestionCandidates({ facts, questionTopics });
  await repo.deleteStalePendingSuggestions(
    tx,
    workspaceId,
    candidates.map((c) => c.dedupeKey),
  );
  await repo.insertSuggestions(tx, workspaceId, candidates);
}

/** Suggestions of one status by priority; by default the top 3 pending. */
export const listSuggestions: EndpointHandler<'listSuggestions'> = async ({ ctx, input }) => {
  const rows = await ctx.tenant(async (tx) => {
    await refreshSuggestions(tx, ctx.workspace.id);
    return repo.listSuggestions(tx, ctx.workspace.id, input.status, input.limit);
  });
  return { suggestions: rows.map(toSuggestion) };
};

/** pending → accepted or dismissed; repeating the same decision is harmless, reversing it is refused. */
export const updateSuggestion: EndpointHandler<'updateSuggestion'> = async ({ ctx, input }) => {
  const row = await ctx.tenant(async (tx) => {
    const existing = await repo.findSuggestionForUpdate(tx, ctx.workspace.id, input.id);
    if (!existing) throw new AppError('not_found', { userMessage: 'Suggestion not found.' });
    if (existing.status === input.status) return existing;
    if (existing.status !== 'pending') {
      throw new AppError('conflict', { userMessage: `This suggestion was already ${existing.status}.` });
    }
    return repo.setSuggestionStatus(tx, ctx.workspace.id, input.id, input.status);
  });
  return toSuggestion(row);
};
