import type { FactSource } from '@helixis/contract';
import { changedProfileFacts, type ProfileFactState } from '@helixis/domain';
import type { WorkspaceContext } from '../../platform/context';
import { upsertFact } from '../facts';

/**
 * Profile fields become facts (issue 25 §5): whatever a change sets or alters in the business profile
 * (rounds, the summary dialog, the onboarding chat) is stored through the facts service with where it
 * came from, so chat answers cite it and Knowledge Completeness counts it.
 */

/** Where a profile change came from, as the facts' source and provenance. */
export interface FactOrigin {
  source: FactSource;
  /** provenance.type: 'onboarding', 'profile', ... */
  type: string;
  /** provenance.source: 'onboarding round 1', 'onboarding chat', 'business profile'. */
  ref: string;
}

export const PROFILE_ORIGIN: FactOrigin = { source: 'manual', type: 'profile', ref: 'business profile' };

/** A fact as the owner was told it was saved. */
export interface SavedFact {
  key: string;
  label: string;
  value: string;
}

/**
 * Stores the facts a profile change set or altered; returns those now stored with that value (a fact
 * someone corrected keeps its correction, and is not reported as saved).
 */
export async function syncProfileFacts(
  ctx: WorkspaceContext,
  before: ProfileFactState | null,
  after: ProfileFactState,
  origin: FactOrigin,
): Promise<SavedFact[]> {
  const saved: SavedFact[] = [];
  for (const fact of changedProfileFacts(before, after)) {
    const stored = await upsertFact(ctx, {
      key: fact.key,
      value: fact.value,
      source: origin.source,
      provenance: { type: origin.type, source: origin.ref, method: 'profile' },
    });
    if (stored.value.toLowerCase() === fact.value.toLowerCase()) {
      saved.push({ key: stored.key, label: stored.label, value: stored.value });
    }
  }
  return saved;
}
