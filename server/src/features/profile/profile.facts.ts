import type { FactSource } from '@helixis/contract';
import { changedProfileFacts, type ProfileFactState, sentencesOf } from '@helixis/domain';
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
  /**
   * What the owner said, when the change was read from their words: the sentence holding a fact's value
   * is kept as its provenance context, so "What's the name of the park?" finds the name the owner gave
   * in "We're Sagebrush Flats RV Resort, a family-owned RV park…".
   */
  said?: readonly string[];
}

/**
 * The owner's sentence that holds a value as written (the first), or undefined. Case counts: an industry
 * "Self storage" is a category, not the words of "Cedar Point Self Storage".
 */
function sentenceHolding(said: readonly string[] | undefined, value: string): string | undefined {
  const needle = value.trim();
  if (!said || needle.length < 2) return undefined;
  for (const text of said) {
    const sentence = sentencesOf(text).find((s) => s.includes(needle));
    if (sentence) return sentence.slice(0, 400);
  }
  return undefined;
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
      provenance: {
        type: origin.type,
        source: origin.ref,
        method: 'profile',
        context: sentenceHolding(origin.said, fact.value),
      },
    });
    if (stored.value.toLowerCase() === fact.value.toLowerCase()) {
      saved.push({ key: stored.key, label: stored.label, value: stored.value });
    }
  }
  return saved;
}
