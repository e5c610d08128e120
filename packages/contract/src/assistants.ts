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
  created_at: z.string(),
  updated_at: z.string(),
});
export type Assistant = z.infer<typeof Assistant>;

export const AssistantList = z.object({ assistants: z.array(Assistant) });
export type AssistantList = z.infer<typeof AssistantList>;

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
} as const satisfies Record<string, Endpoint>;
