import { z } from 'zod';
import { type Endpoint, NoInput, WORKSPACE_ID_FIELDS } from './endpoint';
import { AssistantMode, BusinessProfileResult, OnboardingProgress } from './profile';
import { PROPERTY_PROVIDERS, PROPERTY_SYSTEM_NAMES } from './property-systems';

/**
 * The onboarding journey: the three question rounds, the onboarding summary,
 * completing and resetting onboarding. Texts shown to users live here.
 */

/** Which profile field a round question's answer feeds. */
export const OnboardingQuestionTarget = z.enum([
  'businessDescription',
  'serviceArea',
  'target_audience',
  'services',
  'primaryContact',
  'tools',
  'faq',
  'hours',
]);
export type OnboardingQuestionTarget = z.infer<typeof OnboardingQuestionTarget>;

export const OnboardingQuestion = z.object({
  id: z.string(),
  text: z.string(),
  placeholder: z.string(),
  target: OnboardingQuestionTarget,
});
export type OnboardingQuestion = z.infer<typeof OnboardingQuestion>;

/** One onboarding round: roundNumber, title, questions, context, completed, answers. */
export const OnboardingRound = z.object({
  roundNumber: z.number().int().min(1).max(3),
  title: z.string(),
  context: z.string(),
  questions: z.array(OnboardingQuestion),
  completed: z.boolean(),
  answers: z.array(z.string()),
});
export type OnboardingRound = z.infer<typeof OnboardingRound>;

type RoundDefinition = Omit<OnboardingRound, 'completed' | 'answers'>;

/** Round 1 Business Foundation (3), round 2 Operations & Team (3), round 3 Customer Interaction (2). */
export const ONBOARDING_ROUNDS: readonly RoundDefinition[] = [
  {
    roundNumber: 1,
    title: 'Business Foundation',
    context: 'The basics: what the business is, where it works and for whom.',
    questions: [
      {
        id: 'foundation.what',
        text: 'What is your business called, and what does it do?',
        placeholder: 'Business name: Harbor Lane Property Management. We manage 140 rental homes and two HOAs...',
        target: 'businessDescription',
      },
      {
        id: 'foundation.where',
        text: 'Which areas do you serve?',
        placeholder: 'Service area: Columbus, OH and Pittsburgh, PA',
        target: 'serviceArea',
      },
      {
        id: 'foundation.who',
        text: 'Who are your customers?',
        placeholder: 'Owners of single-family rentals and the tenants who live in them',
        target: 'target_audience',
      },
    ],
  },
  {
    roundNumber: 2,
    title: 'Operations & Team',
    context: 'How the work gets done and who does it.',
    questions: [
      {
        id: 'operations.services',
        text: 'Which services do you offer, and how do you charge for them?',
        placeholder: 'Leasing, rent collection, maintenance coordination; 8% of collected rent',
        target: 'services',
      },
      {
        id: 'operations.contact',
        text: 'Who is the primary contact (name, role and e-mail)?',
        placeholder: 'Dana Reyes, Operations Manager, dana@harborlane.com',
        target: 'primaryContact',
      },
      {
        id: 'operations.tools',
        text: 'Which tools does your team use today?',
        placeholder: `${PROPERTY_SYSTEM_NAMES[PROPERTY_PROVIDERS[0]]} for accounting, Gmail, Google Calendar`,
        target: 'tools',
      },
    ],
  },
  {
    roundNumber: 3,
    title: 'Customer Interaction',
    context: 'How customers reach you and what they ask.',
    questions: [
      {
        id: 'interaction.questions',
        text: 'What do customers ask you most often?',
        placeholder: 'When is rent due, how to submit a maintenance request, pet policy...',
        target: 'faq',
      },
      {
        id: 'interaction.hours',
        text: 'How and when do you answer them?',
        placeholder: 'By e-mail and phone, weekdays 9-5; emergencies 24/7',
        target: 'hours',
      },
    ],
  },
];

/** GET /api/v1/onboarding/rounds */
export const OnboardingRoundsOutput = z.object({
  rounds: z.array(OnboardingRound),
  progress: OnboardingProgress,
});
export type OnboardingRoundsOutput = z.infer<typeof OnboardingRoundsOutput>;

/** POST /api/v1/onboarding/rounds/:roundNumber: saves the answers; `complete` marks the round done and advances. */
export const SaveOnboardingRoundInput = z.object({
  roundNumber: z.coerce.number().int().min(1).max(3),
  answers: z.array(z.string().max(5_000)).max(3),
  complete: z.boolean().default(true),
});
export type SaveOnboardingRoundInput = z.infer<typeof SaveOnboardingRoundInput>;
export const SaveOnboardingRoundOutput = OnboardingRoundsOutput.extend({ result: BusinessProfileResult });
export type SaveOnboardingRoundOutput = z.infer<typeof SaveOnboardingRoundOutput>;

/** The five required onboarding fields with their labels. */
export const REQUIRED_ONBOARDING_FIELDS = [
  { field: 'officialName', label: 'Business Name' },
  { field: 'industry', label: 'Industry' },
  { field: 'businessDescription', label: 'Business Description' },
  { field: 'serviceArea', label: 'Service Area' },
  { field: 'primaryContact', label: 'Primary Contact & Role' },
] as const;
export type RequiredOnboardingField = (typeof REQUIRED_ONBOARDING_FIELDS)[number]['field'];

/** How the assistant asks for each required field that is still empty. */
export const REQUIRED_FIELD_QUESTIONS: Record<RequiredOnboardingField, string> = {
  officialName: 'What is the official name of your business?',
  industry: 'Which industry is your business in?',
  businessDescription: 'Describe what your business does and for whom.',
  serviceArea: 'Which areas do you serve?',
  primaryContact: 'Who is the primary contact (name, role and e-mail)?',
};

/** A summary gap; `field` names the profile field the edit dialog focuses for it. */
export const SummaryGap = z.object({ message: z.string(), field: z.string().optional(), required: z.boolean() });
export type SummaryGap = z.infer<typeof SummaryGap>;

export const SuggestedAutomation = z.object({ title: z.string(), why: z.string(), requires_scope: z.string() });
export type SuggestedAutomation = z.infer<typeof SuggestedAutomation>;

/** The onboarding summary, computed from the profile, documents, facts and integrations. */
export const OnboardingSummary = z.object({
  operating_profile: z.object({ industry: z.string().nullable(), name: z.string().nullable() }),
  summary_text: z.string(),
  what_we_learned: z.array(z.object({ text: z.string() })),
  gaps: z.array(SummaryGap),
  suggested_automations: z.array(SuggestedAutomation),
  sources: z.object({
    profile: z.boolean(),
    documents: z.number().int().nullable(),
    facts: z.number().int().nullable(),
    integrations: z.array(z.string()).nullable(),
  }),
});
export type OnboardingSummary = z.infer<typeof OnboardingSummary>;

export const OnboardingSummaryInput = z.object({
  workspace_id: z.string().optional(),
  industry: z.string().trim().max(200).optional(),
});
export type OnboardingSummaryInput = z.infer<typeof OnboardingSummaryInput>;

/** POST /api/v1/onboarding/complete */
export const CompleteOnboardingOutput = z.object({
  result: BusinessProfileResult,
  mode: AssistantMode,
  logged: z.boolean(),
});
export type CompleteOnboardingOutput = z.infer<typeof CompleteOnboardingOutput>;

/** POST /functions/v1/reset-user-onboarding: the spec's procedure reset_user_onboarding {user_uuid}. */
export const ResetUserOnboardingInput = z.object({ user_uuid: z.string().optional() });
export type ResetUserOnboardingInput = z.infer<typeof ResetUserOnboardingInput>;
export const ResetUserOnboardingOutput = z.object({ reset: z.literal(true) });
export type ResetUserOnboardingOutput = z.infer<typeof ResetUserOnboardingOutput>;

/** Client-side storage keys of the onboarding flow. */
export const ONBOARDING_STORAGE_KEYS = {
  forceFreshOnboarding: 'force_fresh_onboarding',
  forceOnboarding: 'force_onboarding',
  preventAutoRedirect: 'prevent_auto_redirect',
  onboardingComplete: 'onboarding_complete',
} as const;

/** Texts and limits of the onboarding screens. */
export const LAUNCH_TIMEOUT_MS = 12_000;
export const COMPLETION_MAX_LEARNED = 3;
export const COMPLETION_MAX_GAPS = 3;
export const COMPLETION_MAX_AUTOMATIONS = 4;
export const onboardingTexts = {
  summaryTitle: 'AI Business Summary',
  stillNeed: 'Still Need to Know',
  applyContinue: 'Apply & Continue',
  integrationsNeedOne: 'Connect at least one integration to continue',
  skipForNow: 'Skip for now',
  launch: 'Launch Your AI Dashboard',
  settingUp: 'Setting up your workspace...',
  setupBackground: 'Setup continuing in background',
  reloadPage: 'Reload Page',
  recheckKpis: 'Re-check KPIs',
  chatError: "I'm sorry, I hit an error. Please try again.",
  summaryLoadFailed: 'Failed to load summary',
  defaultTodos: ['Review integration permissions', 'Set up email signature template', 'Test automated responses'],
  defaultAutomations: [
    { title: 'Email Drafts', status: 'ready' },
    { title: 'Scheduling Conflicts', status: 'ready' },
    { title: 'Missed Call Follow-up', status: 'ready' },
    { title: 'Response Time Tracking', status: 'learning' },
  ],
} as const;

export const onboardingEndpoints = {
  getOnboardingRounds: {
    method: 'GET',
    path: '/api/v1/onboarding/rounds',
    access: 'workspace',
    summary: "The three onboarding rounds with the caller's answers and progress.",
    input: NoInput,
    output: OnboardingRoundsOutput,
  },
  saveOnboardingRound: {
    method: 'POST',
    path: '/api/v1/onboarding/rounds/:roundNumber',
    access: 'workspace',
    summary: "Saves a round's answers into the profile; completing it advances to the next round.",
    input: SaveOnboardingRoundInput,
    output: SaveOnboardingRoundOutput,
  },
  onboardingSummary: {
    method: 'POST',
    path: '/functions/v1/onboarding-summary',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: 'What the assistant learned, what it still needs and which automations it suggests.',
    input: OnboardingSummaryInput,
    output: OnboardingSummary,
  },
  completeOnboarding: {
    method: 'POST',
    path: '/api/v1/onboarding/complete',
    access: 'workspace',
    summary: 'Marks onboarding complete, logs the activity event and switches the assistant to operational.',
    input: NoInput,
    output: CompleteOnboardingOutput,
  },
  resetUserOnboarding: {
    method: 'POST',
    path: '/functions/v1/reset-user-onboarding',
    access: 'workspace',
    summary: "Clears the caller's onboarding data (the procedure reset_user_onboarding).",
    input: ResetUserOnboardingInput,
    output: ResetUserOnboardingOutput,
  },
} as const satisfies Record<string, Endpoint>;
