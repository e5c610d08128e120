import { z } from 'zod';

/**
 * The business profile's JSON parts (doc 1 §3), the confidence score's tiers (doc 1 §4)
 * and the contradiction texts (doc 1 §5). Pure shapes and texts; the rules live in @helixis/domain.
 */

/** Penalty categories of the confidence score (doc 1 §5). */
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

/** The contradicting pairs looked for in a business description (doc 1 §5), in reporting order. */
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

/** Payment types recognised in text (doc 1 §5), in their canonical spelling and order. */
export const PaymentType = z.enum(['ACH', 'AmEx', 'Visa', 'Mastercard', 'Wire', 'Check']);
export type PaymentType = z.infer<typeof PaymentType>;

/** States the service-area extraction knows (doc 1 §5). */
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

/** business_profiles.business_data (doc 1 §3). */
export const BusinessData = z.object({
  officialName: z.string().optional(),
  industry: z.string().optional(),
  businessDescription: z.string().optional(),
  serviceArea: z.string().optional(),
  primaryContact: PrimaryContact.optional(),
  _sources: FieldSources.optional(),
});
export type BusinessData = z.infer<typeof BusinessData>;

/** business_profiles.essential_info (doc 1 §3). */
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

/** Doc 1 §4. */
export const AssistantMode = z.enum(['onboarding', 'operational']);
export type AssistantMode = z.infer<typeof AssistantMode>;

/** The parts of a business profile the assistant mode depends on. */
export const AssistantModeProfile = z.object({
  business_description: z.string().nullish(),
  onboarding_completed: z.boolean().nullish(),
});
export type AssistantModeProfile = z.infer<typeof AssistantModeProfile>;

/** Client-side flags that force onboarding mode (doc 1 §4). */
export const AssistantModeFlags = z.object({
  force_fresh_onboarding: z.boolean().optional(),
  prevent_auto_redirect: z.boolean().optional(),
});
export type AssistantModeFlags = z.infer<typeof AssistantModeFlags>;

/** Confidence tiers (doc 1 §4): 0-40, 41-75, 76 and up. */
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
