import { z } from 'zod';
import { type Endpoint, WORKSPACE_ID_FIELDS } from './endpoint';

/**
 * The business profile's JSON parts, the confidence score's tiers
 * and the contradiction texts. Pure shapes and texts; the rules live in @helixis/domain.
 */

/** Penalty categories of the confidence score. */
export const ContradictionType = z.enum([
  'pricing',
  'business_type',
  'location',
  'target_audience',
  'services',
  'service_area',
  'business_policy',
  'semantic',
]);
export type ContradictionType = z.infer<typeof ContradictionType>;

export const Contradiction = z.object({ type: ContradictionType, message: z.string() });
export type Contradiction = z.infer<typeof Contradiction>;

/** The contradicting pairs looked for in a business description, in reporting order. */
export const ContradictionPair = z.enum([
  'natural_artificial',
  'fast_slow',
  'budget_premium',
  'local_nationwide',
  'small_large',
  'flat_fee_percentage',
  'local_out_of_state',
  'apartments_private_driveways',
  'commercial_residential',
  'recurring_policy',
  'weekend_availability',
  'multiple_locations',
  'multiple_business_types',
  'lease_term',
  'luxury_budget',
]);
export type ContradictionPair = z.infer<typeof ContradictionPair>;

/** Payment types recognised in text, in their canonical spelling and order. */
export const PaymentType = z.enum(['ACH', 'AmEx', 'Visa', 'Mastercard', 'Wire', 'Check']);
export type PaymentType = z.infer<typeof PaymentType>;

/** States the service-area extraction knows. */
export const ServiceState = z.enum(['FL', 'OH', 'PA', 'WV']);
export type ServiceState = z.infer<typeof ServiceState>;

export const PrimaryContact = z.object({
  name: z.string().optional(),
  role: z.string().optional(),
  email: z.string().optional(),
});
export type PrimaryContact = z.infer<typeof PrimaryContact>;

/** Field name → where the value came from (e.g. 'chat', 'document'). */
export const FieldSources = z.record(z.string(), z.string());
export type FieldSources = z.infer<typeof FieldSources>;

/** business_profiles.business_data. */
export const BusinessData = z.object({
  officialName: z.string().optional(),
  industry: z.string().optional(),
  businessDescription: z.string().optional(),
  serviceArea: z.string().optional(),
  primaryContact: PrimaryContact.optional(),
  _sources: FieldSources.optional(),
});
export type BusinessData = z.infer<typeof BusinessData>;

/** business_profiles.essential_info. */
export const EssentialInfo = z.object({
  business_name: z.string().optional(),
  business_type: z.string().optional(),
  location: z.string().optional(),
  services: z.string().optional(),
  target_audience: z.string().optional(),
  contradictions: z.array(Contradiction).optional(),
  officialName: z.string().optional(),
  serviceArea: z.string().optional(),
  primaryContact: PrimaryContact.optional(),
  mailingAddress: z.string().optional(),
  pricingModel: z.string().optional(),
  paymentsAccepted: z.array(z.string()).optional(),
  _sources: FieldSources.optional(),
});
export type EssentialInfo = z.infer<typeof EssentialInfo>;

/** What text extraction finds: the business_data fields plus the accepted payment types. */
export const ExtractedBusinessInfo = BusinessData.extend({
  paymentsAccepted: z.array(PaymentType).optional(),
});
export type ExtractedBusinessInfo = z.infer<typeof ExtractedBusinessInfo>;

/** Input of the confidence score: the essential_info fields plus the profile's description. */
export const ConfidenceInput = z.object({
  description: z.string().nullish(),
  business_name: z.string().nullish(),
  business_type: z.string().nullish(),
  location: z.string().nullish(),
  services: z.string().nullish(),
  target_audience: z.string().nullish(),
  contradictions: z.array(Contradiction).nullish(),
});
export type ConfidenceInput = z.infer<typeof ConfidenceInput>;

/** Onboarding until the description is over 50 characters and onboarding is completed. */
export const AssistantMode = z.enum(['onboarding', 'operational']);
export type AssistantMode = z.infer<typeof AssistantMode>;

/** The parts of a business profile the assistant mode depends on. */
export const AssistantModeProfile = z.object({
  business_description: z.string().nullish(),
  onboarding_completed: z.boolean().nullish(),
});
export type AssistantModeProfile = z.infer<typeof AssistantModeProfile>;

/** Client-side flags that force onboarding mode. */
export const AssistantModeFlags = z.object({
  force_fresh_onboarding: z.boolean().optional(),
  prevent_auto_redirect: z.boolean().optional(),
});
export type AssistantModeFlags = z.infer<typeof AssistantModeFlags>;

/** Confidence tiers: 0-40, 41-75, 76 and up. */
export const CONFIDENCE_TIER_LOW_TEXT = 'I barely know anything about your business.';
export const CONFIDENCE_TIER_MID_TEXT = 'Getting a better picture.';
export const CONFIDENCE_TIER_HIGH_TEXT = "I'm ready to work with you.";
export type ConfidenceTierText =
  | typeof CONFIDENCE_TIER_LOW_TEXT
  | typeof CONFIDENCE_TIER_MID_TEXT
  | typeof CONFIDENCE_TIER_HIGH_TEXT;

/** 'a', 'a and b', 'a, b and c'. */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The message shown for each contradicting pair of a description. */
export const contradictionMessages = {
  natural_artificial: 'You describe the business as both natural and artificial.',
  fast_slow: 'You describe the business as both fast and slow.',
  budget_premium: 'You describe your pricing as both budget and premium.',
  local_nationwide: 'You describe the business as both local and nationwide.',
  small_large: 'You describe the business as both small and large.',
  flat_fee_percentage: 'You mention both a flat fee and percentage-based pricing.',
  local_out_of_state: 'You describe both a local focus and an out-of-state focus.',
  apartments_private_driveways: 'You mention apartments but also say you serve private driveways only.',
  commercial_residential: 'You describe the business as both commercial and residential.',
  recurring_policy: 'You say you offer recurring service but also that you do not.',
  weekend_availability: 'You say you are available on weekends but also that you are not.',
  multiple_locations: (names: readonly string[]) =>
    `You mention more than one location (${joinNames(names)}). Which one is the business based in?`,
  multiple_business_types: (types: readonly string[]) =>
    `You describe more than one type of business (${joinNames(types)}). Which one is the main business?`,
  lease_term: 'You mention both short-term and long-term leasing.',
  luxury_budget: 'You describe the business as both luxury and budget.',
} as const satisfies Record<ContradictionPair, string | ((names: readonly string[]) => string)>;

// ── The stored business profile and its calls ─────────────────────────

/** A message of the onboarding chat. */
export const OnboardingChatMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(20_000),
  ts: z.string(),
});
export type OnboardingChatMessage = z.infer<typeof OnboardingChatMessage>;

/** business_profiles.onboarding_data. */
export const OnboardingData = z.object({
  messages: z.array(OnboardingChatMessage).max(500).optional(),
  userInput: z.string().max(50_000).optional(),
  uploadedFiles: z.array(z.string().max(500)).max(200).optional(),
  sharedUrls: z.array(z.string().max(2_000)).max(200).optional(),
  businessInfo: z.object({ description: z.string().max(20_000).optional() }).optional(),
});
export type OnboardingData = z.infer<typeof OnboardingData>;

/** One round's stored state inside business_profiles.onboarding_progress. */
export const OnboardingRoundProgress = z.object({
  roundNumber: z.number().int().min(1).max(3),
  completed: z.boolean(),
  answers: z.array(z.string()),
});
export type OnboardingRoundProgress = z.infer<typeof OnboardingRoundProgress>;

/** business_profiles.onboarding_progress: the rounds answered so far and the round to show next (4 = done). */
export const OnboardingProgress = z.object({
  currentRound: z.number().int().min(1).max(4),
  rounds: z.array(OnboardingRoundProgress),
});
export type OnboardingProgress = z.infer<typeof OnboardingProgress>;

/** A row of business_profiles as the API shows it (one per user). */
export const BusinessProfile = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  workspace_id: z.string().uuid(),
  business_description: z.string().nullable(),
  business_data: BusinessData,
  essential_info: EssentialInfo,
  onboarding_data: OnboardingData,
  onboarding_progress: OnboardingProgress,
  onboarding_completed: z.boolean(),
  session_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BusinessProfile = z.infer<typeof BusinessProfile>;

/** The confidence score of a profile, computed with the domain rules. */
export const ProfileConfidence = z.object({
  score: z.number().int().min(0).max(100),
  tier: z.string(),
  contradictions: z.array(Contradiction),
});
export type ProfileConfidence = z.infer<typeof ProfileConfidence>;

/** What every profile call answers: the profile (null before the first save), its score and the assistant mode. */
export const BusinessProfileResult = z.object({
  profile: BusinessProfile.nullable(),
  confidence: ProfileConfidence,
  mode: AssistantMode,
});
export type BusinessProfileResult = z.infer<typeof BusinessProfileResult>;

const text = (max: number) => z.string().trim().max(max);

/** The editable part of business_data (the five required fields). */
export const BusinessDataPatch = z.object({
  officialName: text(200).optional(),
  industry: text(200).optional(),
  businessDescription: text(20_000).optional(),
  serviceArea: text(500).optional(),
  primaryContact: z
    .object({ name: text(200).optional(), role: text(200).optional(), email: text(320).optional() })
    .optional(),
  _sources: FieldSources.optional(),
});
export type BusinessDataPatch = z.infer<typeof BusinessDataPatch>;

/** The editable part of essential_info; contradictions are always recomputed by the server. */
export const EssentialInfoPatch = z.object({
  business_name: text(200).optional(),
  business_type: text(200).optional(),
  location: text(500).optional(),
  services: text(5_000).optional(),
  target_audience: text(1_000).optional(),
  officialName: text(200).optional(),
  serviceArea: text(500).optional(),
  primaryContact: z
    .object({ name: text(200).optional(), role: text(200).optional(), email: text(320).optional() })
    .optional(),
  mailingAddress: text(500).optional(),
  pricingModel: text(500).optional(),
  paymentsAccepted: z.array(text(50)).max(20).optional(),
  _sources: FieldSources.optional(),
});
export type EssentialInfoPatch = z.infer<typeof EssentialInfoPatch>;

/** The profile fields a client may send to upsert (merged into what is stored; user and workspace come from the session). */
export const BusinessProfileUpsert = z.object({
  user_id: z.string().optional(),
  business_description: text(20_000).nullish(),
  business_data: BusinessDataPatch.optional(),
  essential_info: EssentialInfoPatch.optional(),
  onboarding_data: OnboardingData.optional(),
  session_id: text(200).nullish(),
});
export type BusinessProfileUpsert = z.infer<typeof BusinessProfileUpsert>;

/** POST /functions/v1/business-profile. */
export const BusinessProfileCall = z.discriminatedUnion('action', [
  z.object({ action: z.literal('get'), workspace_id: z.string().optional() }),
  z.object({ action: z.literal('upsert'), workspace_id: z.string().optional(), profile: BusinessProfileUpsert }),
]);
export type BusinessProfileCall = z.infer<typeof BusinessProfileCall>;

/** PATCH /api/v1/business-profiles/:id: update by id (essential_info, onboarding_completed, description, business_data). */
export const BusinessProfileUpdate = z.object({
  id: z.string(),
  essential_info: EssentialInfoPatch.optional(),
  business_data: BusinessDataPatch.optional(),
  business_description: text(20_000).nullish(),
  onboarding_completed: z.boolean().optional(),
});
export type BusinessProfileUpdate = z.infer<typeof BusinessProfileUpdate>;

/** The business summary (business_profiles_v3.summary_json). */
export const BusinessSummaryJson = z.object({
  text: z.string(),
  industry: z.string().nullable(),
  confidence: z.number().int().min(0).max(100),
  what_we_learned: z.array(z.object({ text: z.string() })),
  gaps: z.array(z.object({ message: z.string() })),
  /** The workspace's first automation suggestions, kept with the summary. */
  suggested_automations: z
    .array(z.object({ title: z.string(), why: z.string(), requires_scope: z.string() }))
    .default([]),
});
export type BusinessSummaryJson = z.infer<typeof BusinessSummaryJson>;

/** POST /functions/v1/save-business-summary. */
export const SaveBusinessSummaryInput = z.object({ action: z.literal('get'), workspace_id: z.string().optional() });
export type SaveBusinessSummaryInput = z.infer<typeof SaveBusinessSummaryInput>;
export const SaveBusinessSummaryOutput = z.object({
  summary_json: BusinessSummaryJson.nullable(),
  last_refreshed_at: z.string().nullable(),
});
export type SaveBusinessSummaryOutput = z.infer<typeof SaveBusinessSummaryOutput>;

/** Profile save toasts. */
export const profileSaveMessages = {
  savedTitle: 'Saved',
  failedTitle: 'Save failed',
  failedBody: 'Could not save your changes. Please try again.',
  authRequired: 'Authentication required to save changes',
  fallback: 'Failed to save business profile',
} as const;

export const profileEndpoints = {
  businessProfile: {
    method: 'POST',
    path: '/functions/v1/business-profile',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: "Reads (action get) or upserts (action upsert) the caller's business profile.",
    input: BusinessProfileCall,
    output: BusinessProfileResult,
  },
  updateBusinessProfile: {
    method: 'PATCH',
    path: '/api/v1/business-profiles/:id',
    access: 'workspace',
    summary: "Updates the caller's business profile by id (the auto-save).",
    input: BusinessProfileUpdate,
    output: BusinessProfileResult,
  },
  saveBusinessSummary: {
    method: 'POST',
    path: '/functions/v1/save-business-summary',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: "The workspace's business summary (action get).",
    input: SaveBusinessSummaryInput,
    output: SaveBusinessSummaryOutput,
  },
} as const satisfies Record<string, Endpoint>;
