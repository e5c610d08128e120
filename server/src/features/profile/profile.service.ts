import {
  type BusinessProfile,
  type BusinessProfileResult,
  invalidIdMessage,
  type OnboardingProgress,
} from '@helixis/contract';
import { assistantMode, isLocalId, isUuid } from '@helixis/domain';
import type { Tx } from '../../db/client';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { listFacts } from '../facts';
import { type FactOrigin, PROFILE_ORIGIN, type SavedFact, syncProfileFacts } from './profile.facts';
import * as repo from './profile.repo';
import {
  applyProfilePatch,
  EMPTY_PROFILE,
  type ProfilePatch,
  type ProfileState,
  profileConfidence,
} from './profile-merge';
import { buildOnboardingSummary, businessSummaryJson } from './summary-builder';
import { readSummarySources } from './summary-sources';
import { nameWorkspaceAfterBusiness } from './workspace-name';

const iso = (value: string) => new Date(value).toISOString();

export function toBusinessProfile(row: repo.BusinessProfileRow): BusinessProfile {
  return {
    id: row.id,
    user_id: row.userId,
    workspace_id: row.workspaceId,
    business_description: row.businessDescription,
    business_data: row.businessData,
    essential_info: row.essentialInfo,
    onboarding_data: row.onboardingData,
    onboarding_progress: row.onboardingProgress,
    onboarding_completed: row.onboardingCompleted,
    session_id: row.sessionId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function stateOf(row: repo.BusinessProfileRow | undefined | null): ProfileState | null {
  if (!row) return null;
  return {
    businessDescription: row.businessDescription,
    businessData: row.businessData,
    essentialInfo: row.essentialInfo,
    onboardingData: row.onboardingData,
  };
}

export function profileResult(row: repo.BusinessProfileRow | undefined | null): BusinessProfileResult {
  return {
    profile: row ? toBusinessProfile(row) : null,
    confidence: profileConfidence(stateOf(row)),
    mode: assistantMode(
      row ? { business_description: row.businessDescription, onboarding_completed: row.onboardingCompleted } : null,
    ),
  };
}

export function checkUserId(ctx: WorkspaceContext, userId: string | undefined): void {
  if (userId === undefined || userId === '') return;
  if (isLocalId(userId) || !isUuid(userId)) {
    throw new AppError('invalid_user_id', { details: { reason: invalidIdMessage('business profile', userId) } });
  }
  if (userId !== ctx.user.id) {
    throw new AppError('permission_denied', { userMessage: 'You can only save your own business profile.' });
  }
}

export interface ProfileChange {
  patch?: ProfilePatch;
  source?: string;
  progress?: (current: OnboardingProgress) => OnboardingProgress;
  completed?: boolean;
  sessionId?: string | null;
  /** Where the change came from, for the facts its fields become (default: the business profile). */
  facts?: FactOrigin;
}

/** Writes the onboarding_completed activity event ({business_context, completed_at}) when onboarding turns complete. */
async function logCompletion(tx: Tx, ctx: WorkspaceContext, row: repo.BusinessProfileRow): Promise<void> {
  const data = row.businessData;
  await repo.insertActivity(tx, ctx.workspace.id, ctx.user.id, 'onboarding_completed', {
    business_context: {
      officialName: data.officialName ?? null,
      industry: data.industry ?? null,
      serviceArea: data.serviceArea ?? null,
      description: row.businessDescription,
    },
    completed_at: new Date().toISOString(),
  });
}

/**
 * The one write path of a user's profile: under a per-user lock, reads, merges the change, upserts,
 * logs a completion, names a workspace still called by its sign-up default after the business, stores the
 * fields it set or altered as facts, then refreshes the workspace's
 * business summary. `savedFacts` are the facts now stored from this change.
 */
export async function changeProfile(
  ctx: WorkspaceContext,
  change: ProfileChange,
): Promise<{ row: repo.BusinessProfileRow; completedNow: boolean; savedFacts: SavedFact[] }> {
  const { before, ...result } = await ctx.tenant(async (tx) => {
    await repo.lockProfile(tx, ctx.workspace.id, ctx.user.id);
    const current = await repo.findProfileByUser(tx, ctx.workspace.id, ctx.user.id);
    const state = stateOf(current) ?? EMPTY_PROFILE;
    const next = change.patch ? applyProfilePatch(state, change.patch, change.source) : state;
    const progress = current?.onboardingProgress ?? { currentRound: 1, rounds: [] };
    const row = await repo.upsertProfile(tx, ctx.workspace.id, ctx.user.id, {
      ...next,
      ...(change.progress ? { onboardingProgress: change.progress(progress) } : {}),
      ...(change.completed !== undefined ? { onboardingCompleted: change.completed } : {}),
      ...(change.sessionId !== undefined ? { sessionId: change.sessionId } : {}),
    });
    const completedNow = row.onboardingCompleted && !current?.onboardingCompleted;
    if (completedNow) await logCompletion(tx, ctx, row);
    // The workspace takes the business name once it is known, while it still has the sign-up default.
    await nameWorkspaceAfterBusiness(tx, ctx, row.essentialInfo.business_name ?? row.businessData.officialName);
    return { row, completedNow, before: stateOf(current) };
  });
  const after = stateOf(result.row) ?? EMPTY_PROFILE;
  const savedFacts = await syncProfileFacts(ctx, before, after, change.facts ?? PROFILE_ORIGIN);
  await refreshBusinessSummary(ctx);
  return { ...result, savedFacts };
}

export async function findOwnProfile(ctx: WorkspaceContext): Promise<repo.BusinessProfileRow | undefined> {
  return ctx.tenant((tx) => repo.findProfileByUser(tx, ctx.workspace.id, ctx.user.id));
}

/**
 * The profile the caller's assistant works from: their own in this workspace, else the workspace's
 * (an invited member has none of their own and shares the business the owner described).
 */
export async function findEffectiveProfile(ctx: WorkspaceContext): Promise<repo.BusinessProfileRow | undefined> {
  return (await findOwnProfile(ctx)) ?? ctx.tenant((tx) => repo.findLatestProfile(tx, ctx.workspace.id));
}

/** Recomputes business_profiles_v3 from the latest profile and the workspace's sources. */
export async function refreshBusinessSummary(ctx: WorkspaceContext): Promise<void> {
  const latest = await ctx.tenant((tx) => repo.findLatestProfile(tx, ctx.workspace.id));
  const sources = await readSummarySources(ctx);
  const state = stateOf(latest);
  const summary = buildOnboardingSummary({ profile: state, progress: latest?.onboardingProgress ?? null, ...sources });
  await ctx.tenant((tx) => repo.upsertSummary(tx, ctx.workspace.id, businessSummaryJson(summary, state)));
}

/** POST /functions/v1/business-profile */
export const businessProfile: EndpointHandler<'businessProfile'> = async ({ ctx, input }) => {
  if (input.action === 'get') return profileResult(await findEffectiveProfile(ctx));
  const { profile } = input;
  checkUserId(ctx, profile.user_id);
  const { row } = await changeProfile(ctx, {
    patch: {
      business_description: profile.business_description,
      business_data: profile.business_data,
      essential_info: profile.essential_info,
      onboarding_data: profile.onboarding_data,
    },
    ...(profile.session_id !== undefined ? { sessionId: profile.session_id } : {}),
  });
  return profileResult(row);
};

/** PATCH /api/v1/business-profiles/:id: the auto-save. Saving a description sets onboarding_completed. */
export const updateBusinessProfile: EndpointHandler<'updateBusinessProfile'> = async ({ ctx, input }) => {
  if (!isUuid(input.id)) {
    throw new AppError('invalid_id', { userMessage: invalidIdMessage('business profile', input.id) });
  }
  const own = await findOwnProfile(ctx);
  if (!own || own.id !== input.id) throw new AppError('not_found', { userMessage: 'Business profile not found.' });
  const savesDescription = typeof input.business_description === 'string' && input.business_description.trim() !== '';
  const completed = input.onboarding_completed ?? (savesDescription ? true : undefined);
  const { row } = await changeProfile(ctx, {
    patch: {
      business_description: input.business_description,
      business_data: input.business_data,
      essential_info: input.essential_info,
    },
    ...(completed !== undefined ? { completed } : {}),
  });
  return profileResult(row);
};

/** POST /functions/v1/save-business-summary (action get); builds the summary on first read. */
export const saveBusinessSummary: EndpointHandler<'saveBusinessSummary'> = async ({ ctx }) => {
  let row = await ctx.tenant((tx) => repo.findSummary(tx, ctx.workspace.id));
  if (!row) {
    await refreshBusinessSummary(ctx);
    row = await ctx.tenant((tx) => repo.findSummary(tx, ctx.workspace.id));
  }
  return row
    ? { summary_json: row.summaryJson, last_refreshed_at: iso(row.lastRefreshedAt) }
    : { summary_json: null, last_refreshed_at: null };
};

/**
 * The caller's assistant mode from the stored profile: operational once the description is
 * longer than 50 characters and onboarding is completed. For other features (chat) to read.
 */
export async function currentAssistantMode(ctx: WorkspaceContext): Promise<BusinessProfileResult['mode']> {
  return profileResult(await findEffectiveProfile(ctx)).mode;
}

/** How the business signs a reply to a resident: its name and how to reach it, as far as known. */
export interface BusinessSignature {
  businessName: string | null;
  phone: string | null;
  email: string | null;
}

const firstText = (...values: (string | null | undefined)[]) => values.map((v) => v?.trim()).find(Boolean) ?? null;

/**
 * The workspace's signature for replies to residents: the business name from the profile, the phone
 * and the support e-mail from the facts (the profile's contact e-mail when no support address is known).
 */
export async function businessSignature(ctx: WorkspaceContext): Promise<BusinessSignature> {
  const [profile, facts] = await Promise.all([
    ctx.tenant((tx) => repo.findLatestProfile(tx, ctx.workspace.id)),
    listFacts(ctx),
  ]);
  // Received mail is stored as documents ("Email: …"); what it says is the sender's, never the business's.
  const fact = (key: string) =>
    facts.find((f) => f.key === key && !(f.provenance.type === 'document' && /^Email: /.test(f.provenance.source)))
      ?.value;
  return {
    businessName: firstText(
      profile?.essentialInfo.business_name,
      profile?.essentialInfo.officialName,
      profile?.businessData.officialName,
    ),
    phone: firstText(fact('business_phone')),
    email: firstText(
      fact('support_email'),
      profile?.essentialInfo.primaryContact?.email,
      profile?.businessData.primaryContact?.email,
    ),
  };
}
