import type { FactConflict, FactLedgerStatus, FactVersion, LedgerFact } from '@helixis/contract';
import { FACT_CONFIDENCE } from '@helixis/contract';
import type { Tx } from '../../db/client';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { withSystem } from '../../platform/tenant';
import { upsertRegressionQuestion } from '../assistants';
import { userEmails } from '../team';
import * as ledgerRepo from './facts.ledger.repo';
import * as repo from './facts.repo';
import { publishFactChange, settleFactInTx, toFact, upsertFactRow } from './facts.service';
import { describeSource } from './facts.sources';

/**
 * The facts page's view of the ledger (decision 035): each fact with its scope, source, expiry and
 * status, its history, and the settling of disagreements (which also completes the conflict's task
 * and adds a regression question with the settled value).
 */

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

type Emails = Map<string, string | null>;

function toVersion(row: ledgerRepo.VersionRow, emails: Emails): FactVersion {
  return {
    id: row.id,
    value: row.value,
    confidence: row.confidence,
    source: row.source,
    provenance: row.provenance,
    detail: describeSource(row.provenance, row.recordedBy ? (emails.get(row.recordedBy) ?? null) : null),
    status: row.status,
    expires_at: iso(row.expiresAt),
    observed_at: new Date(row.observedAt).toISOString(),
  };
}

function toConflict(
  row: ledgerRepo.ConflictRow,
  versions: Map<string, ledgerRepo.VersionRow>,
  emails: Emails,
): FactConflict | null {
  const current = versions.get(row.currentVersionId);
  const other = versions.get(row.otherVersionId);
  if (!current || !other) return null;
  return {
    id: row.id,
    fact_id: row.factId,
    task_id: row.taskId,
    status: row.status,
    current: toVersion(current, emails),
    other: toVersion(other, emails),
    resolved_value: row.resolvedValue,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

function statusOf(row: repo.FactRow, conflict: FactConflict | null, now: number): FactLedgerStatus {
  if (row.expiresAt && new Date(row.expiresAt).getTime() <= now) return 'needs_review';
  return conflict ? 'disputed' : 'active';
}

function toLedgerFact(
  row: repo.FactRow,
  current: ledgerRepo.VersionRow | undefined,
  conflict: FactConflict | null,
  emails: Emails,
  now: number,
): LedgerFact {
  return {
    ...toFact(row),
    scope: { type: row.scopeType, id: row.scopeId, label: row.scopeLabel },
    expires_at: iso(row.expiresAt),
    status: statusOf(row, conflict, now),
    detail: describeSource(
      current?.provenance ?? row.provenance,
      current?.recordedBy ? (emails.get(current.recordedBy) ?? null) : null,
    ),
    conflict,
  };
}

/** E-mails of who recorded versions: the auth table is read outside the tenant role, ids from this workspace only. */
async function emailsOf(ctx: WorkspaceContext, versions: Iterable<ledgerRepo.VersionRow>): Promise<Emails> {
  const ids = [...new Set([...versions].flatMap((v) => (v.recordedBy ? [v.recordedBy] : [])))];
  if (ids.length === 0) return new Map();
  return withSystem(ctx.deps.database, (tx) => userEmails(tx, ids));
}

interface LedgerData {
  rows: repo.FactRow[];
  current: Map<string, ledgerRepo.VersionRow>;
  conflicts: ledgerRepo.ConflictRow[];
  conflictVersions: Map<string, ledgerRepo.VersionRow>;
}

/** Reads what the ledger view needs inside a tenant transaction (e-mails are added after it). */
async function loadLedger(ctx: WorkspaceContext, tx: Tx, rows: repo.FactRow[]): Promise<LedgerData> {
  const workspaceId = ctx.workspace.id;
  const current = await ledgerRepo.currentVersions(
    tx,
    workspaceId,
    rows.map((r) => r.id),
  );
  const ids = new Set(rows.map((r) => r.id));
  const conflicts = (await ledgerRepo.openConflicts(tx, workspaceId)).filter((c) => ids.has(c.factId));
  const conflictVersions = await ledgerRepo.versionsById(
    tx,
    workspaceId,
    conflicts.flatMap((c) => [c.currentVersionId, c.otherVersionId]),
  );
  return { rows, current, conflicts, conflictVersions };
}

async function ledgerFacts(ctx: WorkspaceContext, data: LedgerData): Promise<LedgerFact[]> {
  const { rows, current, conflicts, conflictVersions } = data;
  const emails = await emailsOf(ctx, [...current.values(), ...conflictVersions.values()]);
  const byFact = new Map(conflicts.map((c) => [c.factId, toConflict(c, conflictVersions, emails)]));
  const now = Date.now();
  return rows.map((r) => toLedgerFact(r, current.get(r.id), byFact.get(r.id) ?? null, emails, now));
}

export const listLedger: EndpointHandler<'listLedger'> = async ({ ctx, input }) => {
  const data = await ctx.tenant(async (tx) => loadLedger(ctx, tx, await repo.listFacts(tx, ctx.workspace.id)));
  const facts = await ledgerFacts(ctx, data);
  return {
    facts: facts.filter(
      (f) =>
        (!input.source_kind || f.detail.kind === input.source_kind) &&
        (!input.scope_type || f.scope.type === input.scope_type) &&
        (!input.status || f.status === input.status),
    ),
  };
};

async function loadOne(ctx: WorkspaceContext, tx: Tx, id: string): Promise<LedgerData> {
  const row = await repo.findFactByIdForUpdate(tx, ctx.workspace.id, id);
  if (!row) throw new AppError('not_found', { userMessage: 'This fact was not found.' });
  return loadLedger(ctx, tx, [row]);
}

async function ledgerFactById(ctx: WorkspaceContext, id: string): Promise<LedgerFact> {
  const data = await ctx.tenant((tx) => loadOne(ctx, tx, id));
  const [fact] = await ledgerFacts(ctx, data);
  if (!fact) throw new AppError('not_found');
  return fact;
}

export const factHistory: EndpointHandler<'factHistory'> = async ({ ctx, input }) => {
  const { data, versions, conflicts, byId } = await ctx.tenant(async (tx) => {
    const data = await loadOne(ctx, tx, input.id);
    const versions = await ledgerRepo.listVersions(tx, ctx.workspace.id, input.id);
    const conflicts = await ledgerRepo.conflictsOfFact(tx, ctx.workspace.id, input.id);
    const byId = await ledgerRepo.versionsById(
      tx,
      ctx.workspace.id,
      conflicts.flatMap((c) => [c.currentVersionId, c.otherVersionId]),
    );
    return { data, versions, conflicts, byId };
  });
  const [fact] = await ledgerFacts(ctx, data);
  if (!fact) throw new AppError('not_found');
  const emails = await emailsOf(ctx, [...versions, ...byId.values()]);
  return {
    fact,
    versions: versions.map((v) => toVersion(v, emails)),
    conflicts: conflicts.flatMap((c) => toConflict(c, byId, emails) ?? []),
  };
};

/** A fact typed in on the facts page, for the workspace, a property or a unit. */
export const addLedgerFact: EndpointHandler<'addLedgerFact'> = async ({ ctx, input }) => {
  const row = await upsertFactRow(ctx, {
    key: input.key,
    value: input.value,
    source: 'manual',
    confidence: FACT_CONFIDENCE.default,
    provenance: { type: 'manual', source: `user:${ctx.user.id}`, method: 'manual_entry' },
    scope: { type: input.scope_type, id: input.scope_id, label: input.scope_label ?? null },
    expiresAt: input.expires_at ?? null,
  });
  return ledgerFactById(ctx, row.id);
};

export const setFactExpiry: EndpointHandler<'setFactExpiry'> = async ({ ctx, input }) => {
  await ctx.tenant(async (tx) => {
    const row = await repo.findFactByIdForUpdate(tx, ctx.workspace.id, input.id);
    if (!row) throw new AppError('not_found', { userMessage: 'This fact was not found.' });
    const updated = await repo.updateFact(tx, ctx.workspace.id, row.id, { expiresAt: input.expires_at });
    const current = (await ledgerRepo.currentVersions(tx, ctx.workspace.id, [row.id])).get(row.id);
    if (current) await ledgerRepo.setVersionExpiry(tx, ctx.workspace.id, current.id, input.expires_at);
    await publishFactChange(tx, ctx.workspace.id, updated);
  });
  return ledgerFactById(ctx, input.id);
};

/**
 * Settles a disagreement inside a transaction with the value to keep: the fact takes it (a correction),
 * the conflict and its task close, and the settled value joins the regression set as "What is <label>?".
 */
async function resolveInTx(
  tx: Tx,
  ctx: WorkspaceContext,
  conflict: ledgerRepo.ConflictRow | undefined,
  value: string,
): Promise<repo.FactRow> {
  if (conflict?.status !== 'open') throw new AppError('fact_conflict_not_found');
  const fact = await repo.findFactByIdForUpdate(tx, ctx.workspace.id, conflict.factId);
  if (!fact) throw new AppError('fact_conflict_not_found');
  const clean = value.replace(/\s+/g, ' ').trim();
  const settled = await settleFactInTx(tx, ctx, fact, {
    value: clean,
    reason: 'Settled a disagreement between sources',
    provenanceRef: `user:${ctx.user.id}`,
  });
  if (conflict.taskId) {
    const scope = fact.scopeType === 'workspace' ? '' : ` for ${fact.scopeLabel || fact.scopeId}`;
    await upsertRegressionQuestion(tx, ctx.workspace.id, {
      taskId: conflict.taskId,
      question: `What is the ${fact.label.toLowerCase()}${scope}?`,
      expectedAnswer: clean,
      factId: fact.id,
      answeredBy: ctx.user.id || null,
    });
  }
  return settled.row;
}

export const resolveFactConflict: EndpointHandler<'resolveFactConflict'> = async ({ ctx, input }) => {
  const row = await ctx.tenant(async (tx) => {
    const conflict = await ledgerRepo.findConflictForUpdate(tx, ctx.workspace.id, { id: input.id });
    return resolveInTx(tx, ctx, conflict, input.value);
  });
  return ledgerFactById(ctx, row.id);
};

/**
 * A fact_conflict task completed settles its conflict: with the answer given, or (Mark done) with the
 * value answered from now. Returns false when the task has no open conflict.
 */
export async function resolveConflictOfTask(
  ctx: WorkspaceContext,
  taskId: string,
  value: string | null,
): Promise<boolean> {
  return ctx.tenant(async (tx) => {
    const conflict = await ledgerRepo.findConflictForUpdate(tx, ctx.workspace.id, { taskId });
    if (conflict?.status !== 'open') return false;
    const kept = value ?? (await repo.findFactByIdForUpdate(tx, ctx.workspace.id, conflict.factId))?.value;
    if (!kept) return false;
    await resolveInTx(tx, ctx, conflict, kept);
    return true;
  });
}
