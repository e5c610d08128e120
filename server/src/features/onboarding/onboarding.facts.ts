import type { OnboardingQuestionTarget } from '@helixis/contract';
import {
  extractBusinessInfo,
  extractFacts,
  findCustomersSentence,
  findServicesSentence,
  isQuestionMessage,
  missingOnboardingTopics,
  profileFacts,
  statementsOf,
} from '@helixis/domain';
import type { WorkspaceContext } from '../../platform/context';
import { listFacts, upsertFact } from '../facts';
import type { FactOrigin, SavedFact } from '../profile';
import { changeProfile, findEffectiveProfile, type ProfilePatch, patchFromExtracted, stateOf } from '../profile';

/**
 * What the owner says during onboarding becomes facts (issue 25 §5-6). Profile fields reach the facts
 * through the profile's one write path (changeProfile); this adds what the profile has no field for
 * (phone, support e-mail, hours, emergency line, booking, pricing sentences). Questions state nothing.
 */

export interface OnboardingPart {
  text: string;
  /** provenance.source for this part ('onboarding round 3'). */
  ref: string;
}

/**
 * Learns the facts the profile does not hold from the statements of each part (questions removed);
 * keys the profile already gives (`profileKeys`) are left to it. Returns the facts now stored with
 * the value learned here.
 */
export async function learnOnboardingText(
  ctx: WorkspaceContext,
  parts: readonly OnboardingPart[],
  origin: Omit<FactOrigin, 'ref'>,
  profileKeys: ReadonlySet<string>,
): Promise<SavedFact[]> {
  const saved: SavedFact[] = [];
  for (const part of parts) {
    for (const fact of extractFacts(statementsOf(part.text))) {
      if (profileKeys.has(fact.key)) continue;
      const stored = await upsertFact(ctx, {
        key: fact.key,
        value: fact.value,
        source: origin.source,
        provenance: { type: origin.type, source: part.ref, method: 'extraction', context: fact.context },
      });
      if (stored.value.toLowerCase() === fact.value.toLowerCase()) {
        saved.push({ key: stored.key, label: stored.label, value: stored.value });
      }
    }
  }
  return saved;
}

/**
 * Round answers whose text may state facts. What customers ask is often answered with the answers
 * ("They ask about tours; tours are Saturdays at 11"), and the contact answer holds the office phone;
 * the tools used state none.
 */
const FACT_TARGETS: ReadonlySet<OnboardingQuestionTarget> = new Set([
  'businessDescription',
  'serviceArea',
  'target_audience',
  'services',
  'primaryContact',
  'faq',
  'hours',
]);

/** After a round is saved: the facts of its answers that the profile has no field for. */
export async function learnFromRoundAnswers(
  ctx: WorkspaceContext,
  roundNumber: number,
  answers: readonly { target: OnboardingQuestionTarget; text: string }[],
  profileKeys: ReadonlySet<string>,
): Promise<SavedFact[]> {
  const parts = answers
    .filter((a) => FACT_TARGETS.has(a.target) && a.text.trim())
    .map((a) => ({ text: a.text, ref: `onboarding round ${roundNumber}` }));
  return learnOnboardingText(ctx, parts, { source: 'manual', type: 'onboarding' }, profileKeys);
}

/** The onboarding topics (name, services, location, ...) no stored fact covers yet. */
export async function missingTopics(ctx: WorkspaceContext): Promise<{ label: string; question: string }[]> {
  return missingOnboardingTopics((await listFacts(ctx)).map((f) => f.key));
}

export interface OnboardingTurn {
  /** The message only asked: it is answered, nothing was learned from it. */
  question: boolean;
  saved: SavedFact[];
  missing: { label: string; question: string }[];
}

const CHAT_ORIGIN = { source: 'conversation', type: 'onboarding', ref: 'onboarding chat' } as const;

/**
 * One onboarding chat message: a question is left alone; a statement updates the profile (name,
 * industry, service area, contact, payment types, customers, services) and the facts it states.
 * Returns what was actually stored and what onboarding still lacks.
 */
export async function learnFromOnboardingMessage(ctx: WorkspaceContext, message: string): Promise<OnboardingTurn> {
  if (isQuestionMessage(message)) return { question: true, saved: [], missing: await missingTopics(ctx) };
  const text = statementsOf(message);
  const patch: ProfilePatch = patchFromExtracted(extractBusinessInfo(text, 'chat'));
  const customers = findCustomersSentence(text);
  const services = findServicesSentence(text);
  if (customers || services) {
    patch.essential_info = {
      ...(patch.essential_info ?? {}),
      ...(customers ? { target_audience: customers } : {}),
      ...(services ? { services } : {}),
    };
  }
  const saved: SavedFact[] = [];
  let profile = stateOf(await findEffectiveProfile(ctx));
  if (patch.business_data || patch.essential_info) {
    const change = await changeProfile(ctx, { patch, source: 'chat', facts: { ...CHAT_ORIGIN, said: [text] } });
    saved.push(...change.savedFacts);
    profile = stateOf(change.row);
  }
  const profileKeys = new Set(profileFacts(profile).map((f) => f.key));
  saved.push(...(await learnOnboardingText(ctx, [{ text, ref: CHAT_ORIGIN.ref }], CHAT_ORIGIN, profileKeys)));
  return { question: false, saved, missing: await missingTopics(ctx) };
}
