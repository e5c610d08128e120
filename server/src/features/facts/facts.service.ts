import {
  FACT_CONFIDENCE,
  FACT_VALUE_MAX_CHARS,
  type Fact,
  type FactEventFact,
  type FactList,
  type FactProvenance,
  type FactSource,
  type IngestFactsInput,
  type IngestFactsOutput,
  type KnowledgeCorrectInput,
  type ListFactsInput,
  type SearchFactsInput,
  type TeachTextInput,
  type TeachTextOutput,
} from '@helixis/contract';
import {
  classifyQuestion,
  type ExtractedFact,
  extractDocumentFacts,
  extractFacts,
  factConfidence,
  normalizeFactKey,
  shouldReplaceFact,
} from '@helixis/domain';
import type { Tx } from '../../db/client';
import { rankFactsByMeaning } from '../../llm/answer-match';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import { withTenant } from '../../platform/tenant';
import { ingestText } from '../knowledge/knowledge.service';
import * as repo from './facts.repo';

/**
 * Facts of a workspace: the one way to learn, correct, list and find them. Other features (the
 * assistant, integrations, documents) call `upsertFact`, `findFacts`, `correctFact` and
 * `recordQuestion`; every change is announced as `facts:upsert` after commit.
 */

export interface UpsertFactInput {
  /** Any spelling ('Business Phone', 'phone', 'business_phone'): normalised to the canonical key. */
  key: string;
  value: string;
  source: FactSource;
  /** Defaults to the spec's value for the provenance method and source (doc 3 §9). */
  confidence?: number;
  provenance: Omit<FactProvenance, 'timestamp'> & { timestamp?: string };
}

const iso = (v: string) => new Date(v).toISOString();

export function toFact(row: repo.FactRow): Fact {
  return {
    id: row.id,
    key: row.key,
    label: row.label,
    value: row.value,
    confidence: row.confidence,
    provenance: row.provenance,
    corrections: row.corrections,
    source: row.source,
    learnedAt: iso(row.learnedAt),
    lastUpdated: iso(row.updatedAt),
  };
}

function eventFact(row: repo.FactRow): FactEventFact {
  const f = toFact(row);
  return {
    id: f.id,
    key: f.key,
    label: f.label,
    value: f.value,
    confidence: f.confidence,
    source: f.source,
    lastUpdated: f.lastUpdated,
  };
}

/** The spec's calls name the workspace; acting for the caller's own is the only thing allowed. */
export function assertOwnWorkspace(ctx: WorkspaceContext, input: { workspaceId?: string; workspace_id?: string }) {
  for (const given of [input.workspaceId, input.workspace_id]) {
    if (given !== undefined && given !== ctx.workspace.id) {
      throw new AppError('permission_denied', { userMessage: 'You do not have access to this workspace.' });
    }
  }
}

function clampConfidence(n: number): number {
  return Math.max(0, Math.min(100, Math.round(n)));
}

/** Upsert inside the caller's transaction; returns the row and whether it changed. */
async function upsertInTx(
  tx: Tx,
  workspaceId: string,
  input: UpsertFactInput,
): Promise<{ row: repo.FactRow; changed: boolean }> {
  const normalized = normalizeFactKey(input.key);
  if (!normalized) throw new AppError('validation_failed', { userMessage: 'A fact needs a key with letters.' });
  const value = input.value.replace(/\s+/g, ' ').trim().slice(0, FACT_VALUE_MAX_CHARS);
  if (!value) throw new AppError('validation_failed', { userMessage: 'A fact needs a value.' });
  const confidence = clampConfidence(
    input.confidence ?? factConfidence({ source: input.source, method: input.provenance.method }),
  );
  // Callers are other features; keep provenance within the contract's limits rather than fail a read later.
  const given = input.provenance;
  const provenance: FactProvenance = {
    type: given.type.slice(0, 40) || 'unknown',
    source: given.source.slice(0, 200),
    timestamp: given.timestamp ?? new Date().toISOString(),
    method: given.method.slice(0, 40) || 'unknown',
    ...(given.context ? { context: given.context.slice(0, 500) } : {}),
  };
  const fields = { label: normalized.label, value, confidence, source: input.source, provenance };

  let existing = await repo.findFactForUpdate(tx, workspaceId, normalized.key);
  if (!existing) {
    const inserted = await repo.insertFact(tx, workspaceId, { key: normalized.key, ...fields });
    if (inserted) return { row: inserted, changed: true };
    // Another transaction created the key between our read and insert: merge into its row.
    existing = await repo.findFactForUpdate(tx, workspaceId, normalized.key);
    if (!existing) throw new Error('fact neither inserted nor found');
  }
  if (existing.value.toLowerCase() === value.toLowerCase()) {
    // The same source saying the same thing again (an integration's next sync) refreshes when it was said.
    if (confidence === existing.confidence && provenance.type === existing.provenance.type && given.timestamp) {
      const row = await repo.updateFact(tx, workspaceId, existing.id, { provenance });
      return { row, changed: false };
    }
    if (confidence <= existing.confidence) return { row: existing, changed: false };
    const row = await repo.updateFact(tx, workspaceId, existing.id, { confidence, source: input.source, provenance });
    return { row, changed: true };
  }
  if (!shouldReplaceFact(existing, { confidence })) return { row: existing, changed: false };
  const row = await repo.updateFact(tx, workspaceId, existing.id, fields);
  return { row, changed: true };
}

/**
 * Learns a fact. A new key is stored; a known key takes the new value only when it is at least as
 * confident (a chat message cannot undo a correction). Publishes `facts:upsert` after commit when
 * something changed. Returns the fact as it now stands.
 */
export async function upsertFact(ctx: WorkspaceContext, input: UpsertFactInput): Promise<Fact> {
  const row = await ctx.tenant(async (tx) => {
    const result = await upsertInTx(tx, ctx.workspace.id, input);
    if (result.changed) {
      await publishEvent(tx, { type: 'facts:upsert', workspaceId: ctx.workspace.id, fact: eventFact(result.row) });
    }
    return result.row;
  });
  return toFact(row);
}

export async function listFacts(ctx: WorkspaceContext): Promise<Fact[]> {
  const rows = await ctx.tenant((tx) => repo.listFacts(tx, ctx.workspace.id));
  return rows.map(toFact);
}

/**
 * Facts relevant to a question, best first, ranked like document sentences (answer-match.ts: stems,
 * synonyms, rarity among the workspace's facts); a fact taught through a task also matches on the
 * question it answered, so a paraphrase finds the person's answer.
 */
export async function findFacts(ctx: WorkspaceContext, query: string, limit = 5): Promise<Fact[]> {
  const facts = await listFacts(ctx);
  const ranked = rankFactsByMeaning(
    query,
    facts.map((f) => ({
      id: f.id,
      label: f.label,
      value: f.value,
      fromHuman: f.provenance.type === 'task',
      // The question a task answered, or the owner's own sentence in onboarding, helps find the fact.
      ...((f.provenance.type === 'task' || f.provenance.type === 'onboarding') && f.provenance.context
        ? { context: f.provenance.context }
        : {}),
      fact: f,
    })),
    limit,
  );
  return ranked.map((r) => r.fact.fact);
}

/**
 * Corrects a fact: the new value at confidence 95 from a manual source, the old value kept in the
 * corrections history. An unknown key answers 404.
 */
export async function correctFact(
  ctx: WorkspaceContext,
  input: { key: string; newValue: string; provenanceRef?: string; reason?: string },
): Promise<Fact> {
  const normalized = normalizeFactKey(input.key);
  if (!normalized) throw new AppError('validation_failed', { userMessage: 'A fact needs a key with letters.' });
  const newValue = input.newValue.replace(/\s+/g, ' ').trim().slice(0, FACT_VALUE_MAX_CHARS);
  if (!newValue) throw new AppError('validation_failed', { userMessage: 'A new value is required' });
  const row = await ctx.tenant(async (tx) => {
    const existing = await repo.findFactForUpdate(tx, ctx.workspace.id, normalized.key);
    if (!existing) throw new AppError('not_found', { userMessage: `I don't know anything about "${input.key}" yet.` });
    const timestamp = new Date().toISOString();
    const reason = input.reason || 'Corrected by the team';
    const updated = await repo.updateFact(tx, ctx.workspace.id, existing.id, {
      value: newValue,
      confidence: FACT_CONFIDENCE.correction,
      source: 'manual',
      provenance: {
        type: 'correction',
        source: input.provenanceRef || `user:${ctx.user.id}`,
        timestamp,
        method: 'correction',
        context: reason.slice(0, 500),
      },
      corrections: [
        ...existing.corrections,
        {
          originalValue: existing.value,
          correctedValue: newValue,
          reason,
          timestamp,
          confidence: FACT_CONFIDENCE.correction,
        },
      ],
    });
    await publishEvent(tx, { type: 'facts:upsert', workspaceId: ctx.workspace.id, fact: eventFact(updated) });
    return updated;
  });
  return toFact(row);
}

const QUESTION_START = /^(?:who|what|when|where|why|how|which|can|could|do|does|is|are|will|would|should)\b/i;

/** Remembers a question asked of the assistant (automation suggestions count them by topic). */
export async function recordQuestion(ctx: WorkspaceContext, question: string): Promise<void> {
  const text = question.trim().slice(0, 2_000);
  if (!text) return;
  await ctx.tenant((tx) => repo.recordQuestion(tx, ctx.workspace.id, text, classifyQuestion(text)));
}

// ── endpoint handlers ──────────────────────────────────────────────────────────────────────────────

export async function listFactsIngest({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: ListFactsInput;
}): Promise<FactList> {
  assertOwnWorkspace(ctx, input);
  return { facts: await listFacts(ctx) };
}

/** Where learned text comes from, for the facts' source and provenance. */
interface TextOrigin {
  source: FactSource;
  type: string;
  /** provenance.source: who or what taught it. */
  ref: string;
  method: string;
  /** Record a question for automation suggestions (chat only). */
  questions: boolean;
  /** How facts are read from the text: chat rules by default, document rules for documents. */
  extract?: (text: string) => ExtractedFact[];
}

/**
 * Extracts facts from a text and upserts them in one transaction, announcing each changed fact
 * (`facts:upsert`) and the batch (`facts:update`). A chat question (nothing extracted, ends in '?' or
 * starts like one) is remembered for automation suggestions instead.
 */
async function learnFromText(
  tenant: WorkspaceContext['tenant'],
  workspaceId: string,
  content: string,
  origin: TextOrigin,
): Promise<IngestFactsOutput> {
  const extracted = (origin.extract ?? extractFacts)(content);
  const text = content.trim();
  const isQuestion = origin.questions && extracted.length === 0 && (text.endsWith('?') || QUESTION_START.test(text));
  const rows = await tenant(async (tx) => {
    const out: repo.FactRow[] = [];
    const changed: repo.FactRow[] = [];
    for (const fact of extracted) {
      const result = await upsertInTx(tx, workspaceId, {
        key: fact.key,
        value: fact.value,
        source: origin.source,
        provenance: { type: origin.type, source: origin.ref, method: origin.method, context: fact.context },
      });
      out.push(result.row);
      if (result.changed) changed.push(result.row);
    }
    for (const row of changed) await publishEvent(tx, { type: 'facts:upsert', workspaceId, fact: eventFact(row) });
    if (changed.length > 0) {
      await publishEvent(tx, {
        type: 'facts:update',
        workspaceId,
        facts: changed.map((r) => ({ id: r.id, key: r.key })),
      });
    }
    if (isQuestion) {
      const question = text.slice(0, 2_000);
      await repo.recordQuestion(tx, workspaceId, question, classifyQuestion(question));
    }
    return out;
  });
  return { facts: rows.map(toFact), extracted: extracted.length };
}

/** How much of a document is read for facts: its opening, where contact details and policies usually are. */
const DOCUMENT_FACT_CHARS = 50_000;

/**
 * Learns the facts of a document that just became READY (source document, confidence 85), for the
 * knowledge feature's ingestion job, which runs outside any request. Documents are read with the
 * document rules (`extractDocumentFacts`): a label and a complete value, or no fact.
 */
export async function learnFromDocument(
  scope: { deps: Deps; workspaceId: string; userId: string | null },
  document: { title: string; text: string },
): Promise<Fact[]> {
  const tenant: WorkspaceContext['tenant'] = (fn) =>
    withTenant(scope.deps.database, { workspaceId: scope.workspaceId, userId: scope.userId }, fn);
  const learned = await learnFromText(tenant, scope.workspaceId, document.text.slice(0, DOCUMENT_FACT_CHARS), {
    source: 'document',
    type: 'document',
    ref: document.title.slice(0, 200),
    method: 'extraction',
    questions: false,
    extract: extractDocumentFacts,
  });
  return learned.facts;
}

/** facts-ingest POST: learns the facts in a chat message (source conversation, confidence 85). */
export async function ingestFacts({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: IngestFactsInput;
}): Promise<IngestFactsOutput> {
  assertOwnWorkspace(ctx, input);
  return learnFromText(ctx.tenant, ctx.workspace.id, input.content, {
    source: 'conversation',
    type: input.source,
    ref: `user:${ctx.user.id}`,
    method: 'extraction',
    questions: true,
  });
}

/**
 * Add Content → free text: the text becomes a searchable document (the knowledge feature's ingestion)
 * and its facts are learned as manual entries.
 */
export async function teachText({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: TeachTextInput;
}): Promise<TeachTextOutput> {
  const document = await ingestText(ctx, {
    title: input.title || 'Notes from the team',
    text: input.text,
    source: 'manual',
  });
  const learned = await learnFromText(ctx.tenant, ctx.workspace.id, input.text, {
    source: 'manual',
    type: 'manual',
    ref: `user:${ctx.user.id}`,
    method: 'manual_entry',
    questions: false,
  });
  return { ...learned, document_id: document.document_id };
}

export async function correctKnowledge({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: KnowledgeCorrectInput;
}): Promise<Fact> {
  assertOwnWorkspace(ctx, input);
  return correctFact(ctx, input);
}

export async function searchFacts({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: SearchFactsInput;
}): Promise<FactList> {
  return { facts: await findFacts(ctx, input.query, input.limit) };
}
