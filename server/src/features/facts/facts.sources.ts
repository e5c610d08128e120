import {
  type FactProvenance,
  type FactScope,
  type FactSourceDetail,
  type FactSourceKind,
  propertySystemName,
} from '@helixis/contract';

/**
 * Who stated a fact value, read from its provenance (decision 035). The kind names the source in the
 * ledger; the speaker decides what counts as a disagreement: the owner and staff speak as one ('team':
 * a later answer of theirs replaces an earlier one), each document and each integration speaks for itself.
 */

const KINDS: ReadonlySet<string> = new Set([
  'document',
  'onboarding',
  'task',
  'integration',
  'profile',
  'correction',
  'manual',
]);

export function sourceKindOf(provenance: Pick<FactProvenance, 'type'>): FactSourceKind {
  return (KINDS.has(provenance.type) ? provenance.type : 'conversation') as FactSourceKind;
}

export function speakerOf(provenance: Pick<FactProvenance, 'type' | 'source'>): string {
  const kind = sourceKindOf(provenance);
  if (kind === 'document') return `document:${provenance.source}`.slice(0, 240);
  if (kind === 'integration') return `integration:${provenance.source}`.slice(0, 240);
  return 'team';
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}$%]+/gu, ' ')
    .trim();

/** Two values that differ only in case, spacing or punctuation say the same thing. */
export function sameMeaning(a: string, b: string): boolean {
  return fold(a) === fold(b);
}

/** A text that contains a value (case, spacing and punctuation aside). */
export function statesValue(text: string, value: string): boolean {
  const v = fold(value);
  return v.length > 0 && fold(text).includes(v);
}

/** The source of a value in words and parts, for the ledger and the disagreement note. */
export function describeSource(provenance: FactProvenance, answeredBy: string | null = null): FactSourceDetail {
  const kind = sourceKindOf(provenance);
  const base: FactSourceDetail = {
    kind,
    label: '',
    document: null,
    passage: null,
    task_id: null,
    answered_by: null,
    integration: null,
    synced_at: null,
  };
  switch (kind) {
    case 'document':
      return {
        ...base,
        label: `Document "${provenance.source}"`,
        document: provenance.source,
        passage: provenance.context ?? null,
      };
    case 'onboarding':
      return { ...base, label: capitalise(provenance.source || 'onboarding'), passage: provenance.context ?? null };
    case 'task': {
      const taskId = provenance.source.startsWith('task:') ? provenance.source.slice(5) : null;
      return {
        ...base,
        label: answeredBy ? `Task answered by ${answeredBy}` : 'Task answer',
        task_id: taskId,
        answered_by: answeredBy,
        passage: provenance.context ?? null,
      };
    }
    case 'integration': {
      const name = propertySystemName(provenance.source);
      return {
        ...base,
        label: `${name} sync`,
        integration: name,
        synced_at: provenance.timestamp,
      };
    }
    case 'profile':
      return { ...base, label: 'Business profile' };
    case 'correction':
      return { ...base, label: answeredBy ? `Settled by ${answeredBy}` : 'Correction by the team' };
    case 'manual':
      return { ...base, label: answeredBy ? `Entered by ${answeredBy}` : 'Entered by the team' };
    default:
      return { ...base, label: 'Team chat', passage: provenance.context ?? null };
  }
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** ' (Maple Court)' for a property or unit fact, '' for the workspace. */
export function scopeSuffix(scope: Pick<FactScope, 'type' | 'id' | 'label'>): string {
  if (scope.type === 'workspace') return '';
  return ` (${scope.label || `${scope.type} ${scope.id}`})`;
}
