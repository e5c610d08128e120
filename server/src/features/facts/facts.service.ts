import {
  FACT_CONFIDENCE,
  FACT_KEY_MAX_CHARS,
  FACT_VALUE_MAX_CHARS,
  type Fact,
  type FactEventFact,
  type FactProvenance,
  type FactScope,
  type FactSource,
  factLedgerMessages,
  type IngestFactsOutput,
  WORKSPACE_SCOPE,
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
import { findTask, insertTask, updateTask, workspaceOwner } from '../../db/work-items';
import { rankFactsByMeaning } from '../../llm/answer-match';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import type { EndpointHandler } from '../../platform/http';
import { withTenant } from '../../platform/tenant';
import { ingestText } from '../knowledge';
import * as ledgerRepo from './facts.ledger.repo';
import * as repo from './facts.repo';
import { describeSource, sameMeaning, scopeSuffix, sourceKindOf, speakerOf } from './facts.sources';

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
  /** Defaults to the usual value for the provenance method and source. */
  confidence?: number;
  provenance: Omit<FactProvenance, 'timestamp'> & { timestamp?: string };
  /** Where the value holds (default: the whole workspace). */
  scope?: FactScope;
  /** When the value needs review; an expired fact is not used in answers. */
  expiresAt?: string | null;
  /** The display name, when the key's own (title-cased) is not one: a statement kept as said is keyed by its first words. */
  label?: string;
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

/** Announces a changed fact after commit (facts:upsert). */
export async function publishFactChange(tx: Tx, workspaceId: string, row: repo.FactRow): Promise<void> {
  await publishEvent(tx, { type: 'facts:upsert', workspaceId, fact: eventFact(row) });
}

function clampConfidence(n: number): number {
  return Math.max(0, Math.min(100, Math.round(n)));
}

/** A new or replacing value's version row; the fact's current value is always one current version. */
function versionOf(
  factId: string,
  fields: { value: string; confidence: number; source: FactSource; provenance: FactProvenance },
  actor: string | null,
  expiresAt: string | null,
  status: ledgerRepo.NewVersionRow['status'],
): ledgerRepo.NewVersionRow {
  return {
    factId,
    ...fields,
    sourceKind: sourceKindOf(fields.provenance),
    speaker: speakerOf(fields.provenance),
    recordedBy: actor,
    expiresAt,
    status,
  };
}

/**
 * Upsert inside the caller's transaction; returns the row and whether it changed. Every value is kept
 * in the ledger (decision 035): the same source saying something new replaces its own earlier value;
 * a different source disagreeing is kept next to it (the newer value answers when it is at least as
 * confident) and one task per fact asks the owner to settle it.
 */
async function upsertInTx(
  tx: Tx,
  workspaceId: string,
  input: UpsertFactInput,
  actor: string | null,
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
  const label = input.label?.replace(/\s+/g, ' ').trim().slice(0, FACT_KEY_MAX_CHARS) || normalized.label;
  const fields = { label, value, confidence, source: input.source, provenance };
  const scope = input.scope ?? WORKSPACE_SCOPE;
  const scopeKey = { type: scope.type, id: scope.type === 'workspace' ? '' : scope.id };
  const expiresAt = input.expiresAt ?? null;
  const speaker = speakerOf(provenance);

  let existing = await repo.findFactForUpdate(tx, workspaceId, normalized.key, scopeKey);
  if (!existing) {
    const inserted = await repo.insertFact(tx, workspaceId, {
      key: normalized.key,
      ...fields,
      scopeType: scopeKey.type,
      scopeId: scopeKey.id,
      scopeLabel: scope.type === 'workspace' ? null : (scope.label ?? null),
      expiresAt,
    });
    if (inserted) {
      await ledgerRepo.insertVersion(tx, workspaceId, versionOf(inserted.id, fields, actor, expiresAt, 'current'));
      return { row: inserted, changed: true };
    }
    // Another transaction created the key between our read and insert: merge into its row.
    existing = await repo.findFactForUpdate(tx, workspaceId, normalized.key, scopeKey);
    if (!existing) throw new Error('fact neither inserted nor found');
  }
  const fact = existing;
  const previous = await ledgerRepo.latestOfSpeaker(tx, workspaceId, fact.id, speaker);
  if (fact.value.toLowerCase() === value.toLowerCase()) {
    // Agreement: one version per source and value, refreshed when said again.
    if (previous && previous.value.toLowerCase() === value.toLowerCase()) {
      await ledgerRepo.touchVersion(tx, workspaceId, previous.id, {
        provenance,
        ...(input.expiresAt !== undefined ? { expiresAt } : {}),
      });
    } else {
      await ledgerRepo.insertVersion(tx, workspaceId, versionOf(fact.id, fields, actor, expiresAt, 'current'));
    }
    const expiryPatch = input.expiresAt !== undefined && input.expiresAt !== fact.expiresAt ? { expiresAt } : {};
    // The same source saying the same thing again (an integration's next sync) refreshes when it was said.
    if (confidence === fact.confidence && provenance.type === fact.provenance.type && given.timestamp) {
      const row = await repo.updateFact(tx, workspaceId, fact.id, { provenance, ...expiryPatch });
      return { row, changed: false };
    }
    if (confidence <= fact.confidence) {
      if (Object.keys(expiryPatch).length === 0) return { row: fact, changed: false };
      return { row: await repo.updateFact(tx, workspaceId, fact.id, expiryPatch), changed: true };
    }
    const row = await repo.updateFact(tx, workspaceId, fact.id, {
      confidence,
      source: input.source,
      provenance,
      ...expiryPatch,
    });
    return { row, changed: true };
  }

  const current = (await ledgerRepo.currentVersions(tx, workspaceId, [fact.id])).get(fact.id);
  const replace = shouldReplaceFact(fact, { confidence });
  // A value the owner already settled against, or one already kept as disagreeing, stated again by the
  // same source changes nothing (no second version, no second task).
  if ((previous?.status === 'rejected' || previous?.status === 'disputed') && sameMeaning(previous.value, value)) {
    await ledgerRepo.touchVersion(tx, workspaceId, previous.id, { provenance });
    return { row: fact, changed: false };
  }
  const disagreement = current !== undefined && current.speaker !== speaker && !sameMeaning(current.value, value);
  if (!disagreement) {
    // The same source (or the team) changing its own statement: the newer value replaces it when confident enough.
    if (!replace) {
      await ledgerRepo.insertVersion(tx, workspaceId, versionOf(fact.id, fields, actor, expiresAt, 'superseded'));
      return { row: fact, changed: false };
    }
    await ledgerRepo.setVersionStatuses(tx, workspaceId, fact.id, ['current'], 'superseded');
    await ledgerRepo.insertVersion(tx, workspaceId, versionOf(fact.id, fields, actor, expiresAt, 'current'));
    const row = await repo.updateFact(tx, workspaceId, fact.id, { ...fields, expiresAt });
    return { row, changed: true };
  }
  // Two sources disagree: neither is dropped.
  if (replace) {
    await ledgerRepo.setVersionStatuses(tx, workspaceId, fact.id, ['current'], 'disputed');
    const added = await ledgerRepo.insertVersion(
      tx,
      workspaceId,
      versionOf(fact.id, fields, actor, expiresAt, 'current'),
    );
    const row = await repo.updateFact(tx, workspaceId, fact.id, { ...fields, expiresAt });
    await openConflict(tx, workspaceId, row, added.id, current.id, actor);
    return { row, changed: true };
  }
  const added = await ledgerRepo.insertVersion(
    tx,
    workspaceId,
    versionOf(fact.id, fields, actor, expiresAt, 'disputed'),
  );
  await openConflict(tx, workspaceId, fact, current.id, added.id, actor);
  // The value is unchanged, but the fact is now disputed: announce it so open pages refresh.
  return { row: fact, changed: true };
}

/**
 * Records a disagreement on a fact: the open one is brought up to date (no second task), or a new one
 * opens with a task for the workspace owner to settle it.
 */
async function openConflict(
  tx: Tx,
  workspaceId: string,
  fact: repo.FactRow,
  currentVersionId: string,
  otherVersionId: string,
  actor: string | null,
): Promise<void> {
  const open = await ledgerRepo.findOpenConflictForUpdate(tx, workspaceId, fact.id);
  if (open) {
    await ledgerRepo.updateConflict(tx, workspaceId, open.id, { currentVersionId, otherVersionId });
    return;
  }
  const conflict = await ledgerRepo.insertConflict(tx, workspaceId, {
    factId: fact.id,
    currentVersionId,
    otherVersionId,
  });
  const versions = await ledgerRepo.versionsById(tx, workspaceId, [currentVersionId, otherVersionId]);
  const a = versions.get(currentVersionId);
  const b = versions.get(otherVersionId);
  const label = `${fact.label}${scopeSuffix({ type: fact.scopeType, id: fact.scopeId, label: fact.scopeLabel })}`;
  const description = [
    `Two sources disagree on ${label}.`,
    a ? `${describeSource(a.provenance).label} says "${a.value}" (answered from now).` : '',
    b ? `${describeSource(b.provenance).label} says "${b.value}".` : '',
    'Complete this task with the right value, or settle it on the Facts page: the assistant will answer with it.',
  ]
    .filter(Boolean)
    .join('\n');
  const task = await insertTask(tx, workspaceId, {
    title: factLedgerMessages.conflictTaskTitle(label).slice(0, 200),
    description,
    status: 'pending',
    priority: 'high',
    taskType: 'fact_conflict',
    dueDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    assignedTo: await workspaceOwner(tx, workspaceId),
    createdBy: actor,
    question: null,
    questionKey: `fact-conflict:${fact.id}`,
    threadId: null,
  });
  if (task) await ledgerRepo.updateConflict(tx, workspaceId, conflict.id, { taskId: task.id });
}

/**
 * Learns a fact. A new key is stored; a known key takes the new value only when it is at least as
 * confident (a chat message cannot undo a correction); a disagreeing source is kept in the ledger
 * with a task to settle it. Publishes `facts:upsert` after commit when something changed. Returns
 * the fact as it now stands.
 */
export async function upsertFact(ctx: WorkspaceContext, input: UpsertFactInput): Promise<Fact> {
  return toFact(await upsertFactRow(ctx, input));
}

export async function upsertFactRow(ctx: WorkspaceContext, input: UpsertFactInput): Promise<repo.FactRow> {
  return ctx.tenant(async (tx) => {
    const result = await upsertInTx(tx, ctx.workspace.id, input, ctx.user.id || null);
    if (result.changed) await publishFactChange(tx, ctx.workspace.id, result.row);
    return result.row;
  });
}

export async function listFacts(ctx: WorkspaceContext): Promise<Fact[]> {
  const rows = await ctx.tenant((tx) => repo.listFacts(tx, ctx.workspace.id));
  return rows.map(toFact);
}

/** Facts the assistant may use: those past their review date are left out (decision 035). */
export async function listUsableFacts(ctx: WorkspaceContext): Promise<Fact[]> {
  const now = Date.now();
  const rows = await ctx.tenant((tx) => repo.listFacts(tx, ctx.workspace.id));
  return rows.filter((r) => !expired(r, now)).map(toFact);
}

/** A fact found for a question; `disagreement` names the other source of an open conflict. */
export type FoundFact = Fact & { disagreement?: { value: string; source: string } };

const expired = (row: repo.FactRow, now: number) => row.expiresAt !== null && new Date(row.expiresAt).getTime() <= now;

/**
 * Facts relevant to a question, best first, ranked like document sentences (answer-match.ts: stems,
 * synonyms, rarity among the workspace's facts); a fact taught through a task also matches on the
 * question it answered, so a paraphrase finds the person's answer. Expired facts are left out (they
 * need review); a property or unit fact carries its scope in its label; a disputed fact says who disagrees.
 */
export async function findFacts(ctx: WorkspaceContext, query: string, limit = 5): Promise<FoundFact[]> {
  const now = Date.now();
  const { rows, conflicts, others } = await ctx.tenant(async (tx) => {
    const rows = (await repo.listFacts(tx, ctx.workspace.id)).filter((r) => !expired(r, now));
    const conflicts = await ledgerRepo.openConflicts(tx, ctx.workspace.id);
    const others = await ledgerRepo.versionsById(
      tx,
      ctx.workspace.id,
      conflicts.map((c) => c.otherVersionId),
    );
    return { rows, conflicts, others };
  });
  const disputed = new Map(conflicts.map((c) => [c.factId, others.get(c.otherVersionId)]));
  const facts: FoundFact[] = rows.map((row) => {
    const f = toFact(row);
    const suffix = scopeSuffix({ type: row.scopeType, id: row.scopeId, label: row.scopeLabel });
    const other = disputed.get(row.id);
    return {
      ...f,
      label: `${f.label}${suffix}`,
      ...(other && !sameMeaning(other.value, row.value)
        ? { disagreement: { value: other.value, source: describeSource(other.provenance).label } }
        : {}),
    };
  });
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
 * Settles a fact inside a transaction: the new value at confidence 95 from a manual source, the old
 * value kept in the corrections history and the ledger (other values superseded, or rejected when
 * they disagree with the settled one), an open disagreement resolved and its task completed, and a
 * review date that passed cleared (settling is reviewing).
 */
export async function settleFactInTx(
  tx: Tx,
  ctx: WorkspaceContext,
  existing: repo.FactRow,
  input: { value: string; provenanceRef?: string; reason?: string },
): Promise<{ row: repo.FactRow; conflict: ledgerRepo.ConflictRow | null }> {
  const workspaceId = ctx.workspace.id;
  const timestamp = new Date().toISOString();
  const reason = input.reason || 'Corrected by the team';
  const provenance: FactProvenance = {
    type: 'correction',
    source: input.provenanceRef || `user:${ctx.user.id}`,
    timestamp,
    method: 'correction',
    context: reason.slice(0, 500),
  };
  // A person settling the value has reviewed it: a review date that passed no longer applies.
  const reviewed =
    existing.expiresAt && new Date(existing.expiresAt).getTime() <= Date.now() ? null : existing.expiresAt;
  const updated = await repo.updateFact(tx, workspaceId, existing.id, {
    value: input.value,
    confidence: FACT_CONFIDENCE.correction,
    source: 'manual',
    provenance,
    expiresAt: reviewed,
    corrections: [
      ...existing.corrections,
      {
        originalValue: existing.value,
        correctedValue: input.value,
        reason,
        timestamp,
        confidence: FACT_CONFIDENCE.correction,
      },
    ],
  });
  const versions = await ledgerRepo.listVersions(tx, workspaceId, existing.id);
  for (const v of versions) {
    if (v.status !== 'current' && v.status !== 'disputed') continue;
    await ledgerRepo.setVersionStatus(
      tx,
      workspaceId,
      v.id,
      sameMeaning(v.value, input.value) ? 'superseded' : 'rejected',
    );
  }
  await ledgerRepo.insertVersion(tx, workspaceId, {
    factId: existing.id,
    value: input.value,
    confidence: FACT_CONFIDENCE.correction,
    source: 'manual',
    provenance,
    sourceKind: 'correction',
    speaker: 'team',
    recordedBy: ctx.user.id || null,
    expiresAt: reviewed,
    status: 'current',
  });
  let conflict = (await ledgerRepo.findOpenConflictForUpdate(tx, workspaceId, existing.id)) ?? null;
  if (conflict) {
    conflict = await ledgerRepo.updateConflict(tx, workspaceId, conflict.id, {
      status: 'resolved',
      resolvedValue: input.value,
      resolvedBy: ctx.user.id || null,
      resolvedAt: timestamp,
    });
    if (conflict.taskId) {
      const task = await findTask(tx, workspaceId, conflict.taskId);
      if (task && task.status !== 'completed') {
        await updateTask(tx, workspaceId, task.id, {
          status: 'completed',
          completedAt: timestamp,
          answer: input.value,
          factId: existing.id,
        });
      }
    }
  }
  await publishFactChange(tx, workspaceId, updated);
  return { row: updated, conflict };
}

/**
 * Corrects a fact: the new value at confidence 95 from a manual source, the old value kept in the
 * corrections history (and the ledger). An unknown key answers 404.
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
    const settled = await settleFactInTx(tx, ctx, existing, {
      value: newValue,
      ...(input.provenanceRef ? { provenanceRef: input.provenanceRef } : {}),
      ...(input.reason ? { reason: input.reason } : {}),
    });
    return settled.row;
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

export const listFactsIngest: EndpointHandler<'listFactsIngest'> = async ({ ctx }) => {
  return { facts: await listFacts(ctx) };
};

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
  /** Who recorded it (null for a job). */
  actor: string | null;
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
      const result = await upsertInTx(
        tx,
        workspaceId,
        {
          key: fact.key,
          value: fact.value,
          source: origin.source,
          provenance: { type: origin.type, source: origin.ref, method: origin.method, context: fact.context },
        },
        origin.actor,
      );
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
    actor: null,
  });
  return learned.facts;
}

/** facts-ingest POST: learns the facts in a chat message (source conversation, confidence 85). */
export const ingestFacts: EndpointHandler<'ingestFacts'> = async ({ ctx, input }) => {
  return learnFromText(ctx.tenant, ctx.workspace.id, input.content, {
    source: 'conversation',
    type: input.source,
    ref: `user:${ctx.user.id}`,
    method: 'extraction',
    questions: true,
    actor: ctx.user.id || null,
  });
};

/**
 * Add Content → free text: the text becomes a searchable document (the knowledge feature's ingestion)
 * and its facts are learned as manual entries.
 */
export const teachText: EndpointHandler<'teachText'> = async ({ ctx, input }) => {
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
    actor: ctx.user.id || null,
  });
  return { ...learned, document_id: document.document_id };
};

export const correctKnowledge: EndpointHandler<'correctKnowledge'> = async ({ ctx, input }) => {
  return correctFact(ctx, input);
};

export const searchFacts: EndpointHandler<'searchFacts'> = async ({ ctx, input }) => {
  return { facts: await findFacts(ctx, input.query, input.limit) };
};
