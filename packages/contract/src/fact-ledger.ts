import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { FACT_KEY_MAX_CHARS, FACT_VALUE_MAX_CHARS, Fact, FactProvenance, FactSource } from './facts';
import { Uuid } from './workspaces';

/**
 * The fact ledger (issue 30 §1, decision 035): every value a source stated, its scope (workspace,
 * property, unit) and expiry, disagreements kept side by side with one task to settle each.
 */

export const FactScopeType = z.enum(['workspace', 'property', 'unit']);
export type FactScopeType = z.infer<typeof FactScopeType>;
export const FactScope = z.object({
  type: FactScopeType,
  /** '' for the workspace; the property or unit id otherwise. */
  id: z.string().max(120),
  label: z.string().nullable(),
});
export type FactScope = z.infer<typeof FactScope>;
export const WORKSPACE_SCOPE: FactScope = { type: 'workspace', id: '', label: null };

/** What kind of source stated a value (from the provenance type). */
export const FactSourceKind = z.enum([
  'document',
  'onboarding',
  'task',
  'integration',
  'profile',
  'correction',
  'manual',
  'conversation',
]);
export type FactSourceKind = z.infer<typeof FactSourceKind>;

/** current: answered from; superseded: replaced by the same source or settled; disputed: disagrees with the current value; rejected: the owner settled against it. */
export const FactVersionStatus = z.enum(['current', 'superseded', 'disputed', 'rejected']);
export type FactVersionStatus = z.infer<typeof FactVersionStatus>;

/** active: used in answers; disputed: used, with an open conflict; needs_review: expired, not used. */
export const FactLedgerStatus = z.enum(['active', 'disputed', 'needs_review']);
export type FactLedgerStatus = z.infer<typeof FactLedgerStatus>;

/** Where a value came from, in words and parts (document and passage, round, task and who, system and sync time). */
export const FactSourceDetail = z.object({
  kind: FactSourceKind,
  /** e.g. 'Document "House rules"', 'Onboarding round 2', 'Task answered by ana@example.com', '<system> sync'. */
  label: z.string(),
  document: z.string().nullable(),
  passage: z.string().nullable(),
  task_id: z.string().nullable(),
  answered_by: z.string().nullable(),
  integration: z.string().nullable(),
  synced_at: z.string().nullable(),
});
export type FactSourceDetail = z.infer<typeof FactSourceDetail>;

export const FactVersion = z.object({
  id: Uuid,
  value: z.string(),
  confidence: z.number().int(),
  source: FactSource,
  provenance: FactProvenance,
  detail: FactSourceDetail,
  status: FactVersionStatus,
  expires_at: z.string().nullable(),
  observed_at: z.string(),
});
export type FactVersion = z.infer<typeof FactVersion>;

export const FactConflict = z.object({
  id: Uuid,
  fact_id: Uuid,
  task_id: Uuid.nullable(),
  status: z.enum(['open', 'resolved']),
  current: FactVersion,
  other: FactVersion,
  resolved_value: z.string().nullable(),
  created_at: z.string(),
});
export type FactConflict = z.infer<typeof FactConflict>;

export const LedgerFact = Fact.extend({
  scope: FactScope,
  expires_at: z.string().nullable(),
  status: FactLedgerStatus,
  detail: FactSourceDetail,
  /** The open disagreement on this fact, if any. */
  conflict: FactConflict.nullable(),
});
export type LedgerFact = z.infer<typeof LedgerFact>;

export const ListLedgerInput = z
  .object({
    source_kind: FactSourceKind.optional(),
    scope_type: FactScopeType.optional(),
    status: FactLedgerStatus.optional(),
  })
  .strict();
export type ListLedgerInput = z.infer<typeof ListLedgerInput>;
export const LedgerList = z.object({ facts: z.array(LedgerFact) });
export type LedgerList = z.infer<typeof LedgerList>;

export const FactHistoryOutput = z.object({
  fact: LedgerFact,
  versions: z.array(FactVersion),
  conflicts: z.array(FactConflict),
});
export type FactHistoryOutput = z.infer<typeof FactHistoryOutput>;

const ExpiresAt = z.string().datetime({ offset: true }).nullable();

/** A fact typed in by the team for a scope, optionally expiring. */
export const AddLedgerFactInput = z
  .object({
    key: z.string().trim().min(1, 'Key is required').max(FACT_KEY_MAX_CHARS),
    value: z.string().trim().min(1, 'A value is required').max(FACT_VALUE_MAX_CHARS),
    scope_type: FactScopeType.default('workspace'),
    scope_id: z.string().trim().max(120).default(''),
    scope_label: z.string().trim().max(120).optional(),
    expires_at: ExpiresAt.optional(),
  })
  .strict()
  .refine((v) => (v.scope_type === 'workspace') === (v.scope_id === ''), {
    message: 'A property or unit fact needs its id; a workspace fact has none.',
    path: ['scope_id'],
  });
export type AddLedgerFactInput = z.input<typeof AddLedgerFactInput>;

export const SetFactExpiryInput = z.object({ id: Uuid, expires_at: ExpiresAt }).strict();
export type SetFactExpiryInput = z.infer<typeof SetFactExpiryInput>;

/** Settles a disagreement: the value to keep (one of the two, or a new one). */
export const ResolveConflictInput = z
  .object({ id: Uuid, value: z.string().trim().min(1, 'A value is required').max(FACT_VALUE_MAX_CHARS) })
  .strict();
export type ResolveConflictInput = z.infer<typeof ResolveConflictInput>;

export const factLedgerMessages = {
  conflictTaskTitle: (label: string) => `Settle: two sources disagree on ${label}`,
  /** Appended to an answer that quotes a disputed fact. */
  disagreementNote: (label: string, otherValue: string, otherSource: string) =>
    `Note: ${otherSource} says otherwise about ${label} ("${otherValue}"); the owner has been asked to settle it.`,
  needsReview: 'Needs review',
  resolved: 'Settled',
} as const;

export const factLedgerEndpoints = {
  listLedger: {
    method: 'GET',
    path: '/api/v1/facts/ledger',
    access: 'workspace',
    summary: 'Every fact with its scope, source, expiry and status; filters by source kind, scope and status.',
    input: ListLedgerInput,
    output: LedgerList,
  },
  factHistory: {
    method: 'GET',
    path: '/api/v1/facts/ledger/:id',
    access: 'workspace',
    summary: 'A fact with every value its sources stated and its disagreements.',
    input: z.object({ id: Uuid }).strict(),
    output: FactHistoryOutput,
  },
  addLedgerFact: {
    method: 'POST',
    path: '/api/v1/facts/ledger',
    access: 'workspace',
    role: 'manager',
    summary: 'Adds a fact for the workspace, a property or a unit, optionally expiring.',
    input: AddLedgerFactInput,
    output: LedgerFact,
  },
  setFactExpiry: {
    method: 'PATCH',
    path: '/api/v1/facts/ledger/:id',
    access: 'workspace',
    role: 'manager',
    summary: 'Sets or clears when a fact needs review (an expired fact is not used in answers).',
    input: SetFactExpiryInput,
    output: LedgerFact,
  },
  resolveFactConflict: {
    method: 'POST',
    path: '/api/v1/facts/conflicts/:id/resolve',
    access: 'workspace',
    role: 'manager',
    summary: 'Settles a disagreement with the value to keep; completes its task.',
    input: ResolveConflictInput,
    output: LedgerFact,
  },
} as const satisfies Record<string, Endpoint>;
