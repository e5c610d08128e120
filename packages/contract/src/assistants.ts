import { z } from 'zod';
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
  /** The live assistant a test copy belongs to (doc 3 §3); null for live assistants. */
  parent_assistant_id: Uuid.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Assistant = z.infer<typeof Assistant>;

export const AssistantList = z.object({ assistants: z.array(Assistant) });
export type AssistantList = z.infer<typeof AssistantList>;

/** PATCH /api/v1/assistants/:id (admin form and test page, doc 3 §7). */
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

/** The live assistant with its test copy (created on first request, doc 3 §4). */
export const TestAssistantPair = z.object({ live: Assistant, test: Assistant });
export type TestAssistantPair = z.infer<typeof TestAssistantPair>;

export const TEST_ASSISTANT_SUFFIX = ' (TEST)';
export const testAssistantDescription = (name: string) => `Test version of ${name}`;

/** Doc 3 §8 texts of the admin form and the test page. */
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

/** The question-first persona of doc 1 §3. */
export const DEFAULT_SYSTEM_PROMPT = [
  'You are Helixis, the AI assistant of this business. You learn about the business from its owner and team before you act.',
  'Never assume. When a request depends on something you have not been told, ask first: ask at least 3-5 short clarifying questions, one topic each, and wait for the answers.',
  'Answer only from what you know about this business: its profile, its documents, its connected tools and what the team has told you. Cite every source you use as [Doc:Title#Idx].',
  'When you are unsure or the answer is not in what you know, say so plainly and create a task for a human; remember the answer they give.',
  'Only carry out automations the owner has approved.',
].join('\n');

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
    summary: "Writes the test copy's prompt and temperature to the live assistant.",
    input: NoInput,
    output: TestAssistantPair,
  },
} as const satisfies Record<string, Endpoint>;
