import {
  ListSuggestionsInput,
  ONBOARDING_ROUNDS,
  type OnboardingProgress,
  type OnboardingRoundsOutput,
} from '@helixis/contract';
import { profileFacts } from '@helixis/domain';
import type { RequestContext, WorkspaceAccess } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { userWorkspaceContext } from '../../platform/system-context';
import { withTenant } from '../../platform/tenant';
import { listSuggestions } from '../facts';
import {
  buildOnboardingSummary,
  changeProfile,
  checkUserId,
  ensureProfile,
  findOwnProfile,
  findSummary,
  profileResult,
  readSummarySources,
  refreshBusinessSummary,
  resetProfile,
  stateOf,
} from '../profile';
import { learnFromRoundAnswers } from './onboarding.facts';
import { answersAfter, patchFromAnswers } from './round-answers';

const FRESH: OnboardingProgress = { currentRound: 1, rounds: [] };

function roundsView(progress: OnboardingProgress): OnboardingRoundsOutput {
  return {
    progress,
    rounds: ONBOARDING_ROUNDS.map((def) => {
      const saved = progress.rounds.find((r) => r.roundNumber === def.roundNumber);
      return { ...def, completed: saved?.completed ?? false, answers: saved?.answers ?? [] };
    }),
  };
}

/** GET /api/v1/onboarding/rounds */
export const getOnboardingRounds: EndpointHandler<'getOnboardingRounds'> = async ({ ctx }) => {
  const row = await findOwnProfile(ctx);
  return roundsView(row?.onboardingProgress ?? FRESH);
};

/** POST /api/v1/onboarding/rounds/:roundNumber */
export const saveOnboardingRound: EndpointHandler<'saveOnboardingRound'> = async ({ ctx, input }) => {
  const def = ONBOARDING_ROUNDS.find((r) => r.roundNumber === input.roundNumber);
  if (!def) throw new AppError('validation_failed', { userMessage: `There is no round ${input.roundNumber}.` });
  if (input.answers.length > def.questions.length) {
    throw new AppError('validation_failed', {
      userMessage: `Round ${def.roundNumber} has ${def.questions.length} questions.`,
    });
  }
  const answers = def.questions.map((_, i) => input.answers[i]?.trim() ?? '');
  if (input.complete && answers.every((a) => a === '')) {
    throw new AppError('validation_failed', { userMessage: 'Answer at least one question to finish this round.' });
  }
  const current = (await findOwnProfile(ctx))?.onboardingProgress ?? FRESH;
  if (input.roundNumber > current.currentRound) {
    throw new AppError('validation_failed', {
      userMessage: `Finish round ${current.currentRound} before round ${input.roundNumber}.`,
    });
  }
  const { row } = await changeProfile(ctx, {
    patch: patchFromAnswers(answersAfter(current, input.roundNumber, answers)),
    source: 'onboarding',
    facts: { source: 'manual', type: 'onboarding', ref: `onboarding round ${input.roundNumber}`, said: answers },
    progress: (saved) => {
      const previous = saved.rounds.find((r) => r.roundNumber === input.roundNumber);
      const completed = input.complete || (previous?.completed ?? false);
      const rounds = [
        ...saved.rounds.filter((r) => r.roundNumber !== input.roundNumber),
        { roundNumber: input.roundNumber, completed, answers },
      ].sort((a, b) => a.roundNumber - b.roundNumber);
      const next = input.complete ? Math.max(saved.currentRound, input.roundNumber + 1) : saved.currentRound;
      return { currentRound: Math.min(next, ONBOARDING_ROUNDS.length + 1), rounds };
    },
  });
  // What the profile has no field for (phone, hours, emergency line, ...) is learned from the answers.
  await learnFromRoundAnswers(
    ctx,
    input.roundNumber,
    def.questions.map((q, i) => ({ target: q.target, text: answers[i] ?? '' })),
    new Set(profileFacts(stateOf(row)).map((f) => f.key)),
  );
  return { ...roundsView(row.onboardingProgress), result: profileResult(row) };
};

/** POST /functions/v1/onboarding-summary */
export const onboardingSummary: EndpointHandler<'onboardingSummary'> = async ({ ctx, input }) => {
  const row = await findOwnProfile(ctx);
  const sources = await readSummarySources(ctx);
  return buildOnboardingSummary({
    profile: stateOf(row),
    progress: row?.onboardingProgress ?? null,
    industryHint: input.industry,
    ...sources,
  });
};

/** POST /api/v1/onboarding/complete: the flag, the activity event (first time only) and the mode. */
export const completeOnboarding: EndpointHandler<'completeOnboarding'> = async ({ ctx }) => {
  const { row, completedNow } = await changeProfile(ctx, { completed: true });
  const result = profileResult(row);
  return { result, mode: result.mode, logged: completedNow };
};

/** POST /functions/v1/reset-user-onboarding: the procedure reset_user_onboarding {user_uuid}. */
export const resetUserOnboarding: EndpointHandler<'resetUserOnboarding'> = async ({ ctx, input }) => {
  checkUserId(ctx, input.user_uuid);
  await ctx.tenant((tx) => resetProfile(tx, ctx.workspace.id, ctx.user.id));
  await refreshBusinessSummary(ctx);
  ctx.log.info('onboarding reset');
  return { reset: true };
};

/**
 * The onboarding part of bootstrap-account: an empty business profile for the user and the
 * workspace's business summary (with its first suggestions), each created only when missing.
 */
export async function ensureOnboardingSetup(
  ctx: RequestContext,
  access: WorkspaceAccess,
): Promise<('business_profile' | 'business_summary')[]> {
  const workspaceId = access.id;
  const scope = { workspaceId, userId: ctx.user.id };
  const database = ctx.deps.database;
  const repaired: ('business_profile' | 'business_summary')[] = [];
  const { createdProfile, hasSummary } = await withTenant(database, scope, async (tx) => ({
    createdProfile: await ensureProfile(tx, workspaceId, ctx.user.id),
    hasSummary: (await findSummary(tx, workspaceId)) !== undefined,
  }));
  if (createdProfile) repaired.push('business_profile');
  if (!hasSummary) {
    const scoped = userWorkspaceContext(ctx, access);
    await refreshBusinessSummary(scoped);
    repaired.push('business_summary');
    // The first suggestions are generated by the facts feature when first listed.
    try {
      await listSuggestions({ ctx: scoped, input: ListSuggestionsInput.parse({}) });
    } catch (err) {
      ctx.log.warn({ err }, 'first suggestions could not be generated');
    }
  }
  return repaired;
}
