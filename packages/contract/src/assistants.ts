import { z } from 'zod';
import { RagAnswerOutput } from './chat';
import { type Endpoint, NoInput } from './endpoint';
import { Uuid } from './workspaces';

export const AssistantType = z.enum(['personal', 'shared', 'automation']);
export type AssistantType = z.infer<typeof AssistantType>;

export const Assistant = z.object({
  id: Uuid,
  workspace_id: Uuid,
  owner_id: Uuid,
  name: z.string(),
  description: z.string(),
  system_prompt: z.string(),
  temperature: z.number().min(0).max(2),
  use_rag: z.boolean(),
  assistant_type: AssistantType,
  is_shared: z.boolean(),
  is_test_version: z.boolean(),
  /** The live assistant a test copy belongs to; null for live assistants. */
  parent_assistant_id: Uuid.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Assistant = z.infer<typeof Assistant>;

export const AssistantList = z.object({ assistants: z.array(Assistant) });
export type AssistantList = z.infer<typeof AssistantList>;

/** PATCH /api/v1/assistants/:id (admin form and test page). */
export const UpdateAssistantInput = z
  .object({
    id: Uuid,
    name: z.string().trim().min(1, 'Assistant Name is required.').max(120).optional(),
    description: z.string().trim().max(2_000).optional(),
    system_prompt: z.string().max(20_000).optional(),
    temperature: z
      .number()
      .min(0, 'Temperature must be between 0 and 2.')
      .max(2, 'Temperature must be between 0 and 2.')
      .optional(),
    use_rag: z.boolean().optional(),
  })
  .strict();
export type UpdateAssistantInput = z.input<typeof UpdateAssistantInput>;
export const AssistantOutput = z.object({ assistant: Assistant });
export type AssistantOutput = z.infer<typeof AssistantOutput>;

/**
 * Apply to Live (decision 035): names the check the owner saw (else one runs now); `confirm` accepts
 * answers that lost a citation or changed facts.
 */
export const ApplyTestAssistantInput = z
  .object({ check_id: Uuid.optional(), confirm: z.boolean().default(false) })
  .strict();
export type ApplyTestAssistantInput = z.input<typeof ApplyTestAssistantInput>;

/** The live assistant with its test copy (created on first request). */
export const TestAssistantPair = z.object({ live: Assistant, test: Assistant });
export type TestAssistantPair = z.infer<typeof TestAssistantPair>;

export const TEST_ASSISTANT_SUFFIX = ' (TEST)';
export const testAssistantDescription = (name: string) => `Test version of ${name}`;

/** Texts of the admin form and the test page. */
export const assistantMessages = {
  loadFailed: 'Failed to load assistant settings',
  saveFailed: 'Failed to save assistant settings',
  saved: 'Assistant settings saved successfully',
  loading: 'Loading...',
  none: 'No assistant found',
  testLoadFailed: 'Failed to load assistants',
  testSaveFailed: 'Failed to save changes',
  applyFailed: 'Failed to apply changes to live assistant',
  testSaved: 'Test assistant updated',
  applied: 'Changes applied to live assistant',
  reset: 'Reset to live assistant settings',
  managerRequired: 'Access denied: Manager role required',
  testModeRequiresManager: 'Test Assistant Mode requires manager permissions',
  testQueryFailed: (message: string) => `Test query failed: ${message}`,
  testQueryDone: 'Test query completed',
  historyCleared: 'Test history cleared',
} as const;

export const DEFAULT_ASSISTANT_DESCRIPTION = 'Your AI assistant';

/** The question-first persona: never assume, ask 3-5 clarifying questions, cite sources. */
export const DEFAULT_SYSTEM_PROMPT = [
  'You are Helixis, the AI assistant of this business. You learn about the business from its owner and team before you act.',
  'Never assume. When a request depends on something you have not been told, ask first: ask at least 3-5 short clarifying questions, one topic each, and wait for the answers.',
  'Answer only from what you know about this business: its profile, its documents, its connected tools and what the team has told you. Cite every source you use as [Doc:Title#Idx].',
  'When you are unsure or the answer is not in what you know, say so plainly and create a task for a human; remember the answer they give.',
  'Only carry out automations the owner has approved.',
].join('\n');

/**
 * The saved question set of /test-assistant-mode (one per workspace): run against the live assistant and
 * its test copy side by side before 'Apply to Live'.
 */
export const QUESTION_SET_MAX = 20;
export const QUESTION_MAX_CHARS = 500;
export const QuestionSet = z.object({
  questions: z.array(z.string()),
  /** null while nothing has been saved. */
  updated_at: z.string().nullable(),
});
export type QuestionSet = z.infer<typeof QuestionSet>;
export const SaveQuestionSetInput = z
  .object({
    questions: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'A question cannot be empty.')
          .max(QUESTION_MAX_CHARS, `Each question must be no more than ${QUESTION_MAX_CHARS} characters.`),
      )
      .min(1, 'Add at least one question.')
      .max(QUESTION_SET_MAX, `Save at most ${QUESTION_SET_MAX} questions.`)
      .refine(
        (qs) => new Set(qs.map((q) => q.toLowerCase())).size === qs.length,
        'Each question may appear only once.',
      ),
  })
  .strict();
export type SaveQuestionSetInput = z.input<typeof SaveQuestionSetInput>;

/** One side's answer in a comparison: what Test Assistant Mode shows for a query. */
export const ComparedAnswer = RagAnswerOutput.pick({
  answer: true,
  confidence: true,
  sources: true,
  would_create_task: true,
});
export type ComparedAnswer = z.infer<typeof ComparedAnswer>;
/** The settings an assistant answered with when the comparison ran. */
export const ComparedAssistant = z.object({
  assistant_id: Uuid,
  name: z.string(),
  system_prompt: z.string(),
  temperature: z.number(),
});
export type ComparedAssistant = z.infer<typeof ComparedAssistant>;
export const Comparison = z.object({
  id: Uuid,
  created_at: z.string(),
  live: ComparedAssistant,
  test: ComparedAssistant,
  results: z.array(z.object({ question: z.string(), live: ComparedAnswer, test: ComparedAnswer })),
  summary: z.object({
    live_mean_confidence: z.number(),
    test_mean_confidence: z.number(),
    /** Answers that would hand the question to a person (the task rule: unsure or sensitive). */
    live_would_create_tasks: z.number().int(),
    test_would_create_tasks: z.number().int(),
  }),
  /** True when the live assistant or the test copy changed since the run. */
  stale: z.boolean(),
});
export type Comparison = z.infer<typeof Comparison>;
export const LatestComparison = z.object({ comparison: Comparison.nullable() });
export type LatestComparison = z.infer<typeof LatestComparison>;

export const questionSetMessages = {
  saved: 'Question set saved',
  saveFailed: 'Failed to save the question set',
  compared: 'Comparison completed',
  compareFailed: (message: string) => `Comparison failed: ${message}`,
  noComparison: 'No comparison yet: run the saved question set on Test Assistant Mode before applying.',
  stale: 'The assistants changed since this comparison ran; run it again to see the current answers.',
} as const;

export const assistantEndpoints = {
  listAssistants: {
    method: 'GET',
    path: '/api/v1/assistants',
    access: 'workspace',
    summary: "The workspace's assistants.",
    input: NoInput,
    output: AssistantList,
  },
  updateAssistant: {
    method: 'PATCH',
    path: '/api/v1/assistants/:id',
    access: 'workspace',
    role: 'manager',
    summary: "Updates an assistant's settings (manager or owner).",
    input: UpdateAssistantInput,
    output: AssistantOutput,
  },
  ensureTestAssistant: {
    method: 'POST',
    path: '/api/v1/assistants/test-copy',
    access: 'workspace',
    role: 'manager',
    summary: 'The live assistant and its test copy, creating the copy on first call.',
    input: NoInput,
    output: TestAssistantPair,
  },
  applyTestAssistant: {
    method: 'POST',
    path: '/api/v1/assistants/test-copy/apply',
    access: 'workspace',
    role: 'manager',
    summary:
      "Writes the test copy's prompt and temperature to the live assistant, after a check (decision 035) with no blocking change or the owner's confirmation.",
    input: ApplyTestAssistantInput,
    output: TestAssistantPair,
  },
  getQuestionSet: {
    method: 'GET',
    path: '/api/v1/assistants/question-set',
    access: 'workspace',
    role: 'manager',
    summary: "The workspace's saved test questions (owner or manager).",
    input: NoInput,
    output: QuestionSet,
  },
  saveQuestionSet: {
    method: 'PUT',
    path: '/api/v1/assistants/question-set',
    access: 'workspace',
    role: 'manager',
    summary: "Replaces the workspace's saved test questions (owner or manager).",
    input: SaveQuestionSetInput,
    output: QuestionSet,
  },
  runComparison: {
    method: 'POST',
    path: '/api/v1/assistants/comparisons',
    access: 'workspace',
    role: 'manager',
    summary: 'Answers the saved questions with the live assistant and its test copy; stores the comparison.',
    input: NoInput,
    output: Comparison,
  },
  latestComparison: {
    method: 'GET',
    path: '/api/v1/assistants/comparisons/latest',
    access: 'workspace',
    role: 'manager',
    summary: 'The last comparison of live and test answers, shown before Apply to Live.',
    input: NoInput,
    output: LatestComparison,
  },
} as const satisfies Record<string, Endpoint>;
