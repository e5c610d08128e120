import { z } from 'zod';
import { ANONYMOUS_DEMO_MESSAGES, DEMO_MESSAGE_MAX_CHARS } from './constants';

/**
 * The anonymous demo chat of the landing page: a visitor may send
 * ANONYMOUS_DEMO_MESSAGES messages, then is asked to sign up. Answers are about Helixis itself.
 */
export const DemoChatTurn = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(4_000),
});
export type DemoChatTurn = z.infer<typeof DemoChatTurn>;

export const DemoChatInput = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'This field is required')
    .max(DEMO_MESSAGE_MAX_CHARS, `Must be no more than ${DEMO_MESSAGE_MAX_CHARS} characters`),
  /** The visitor's earlier turns in this demo; the server refuses once the allowance is used. */
  history: z
    .array(DemoChatTurn)
    .max(ANONYMOUS_DEMO_MESSAGES * 2)
    .default([]),
});
export type DemoChatInput = z.infer<typeof DemoChatInput>;

export const DemoChatOutput = z.object({
  reply: z.string(),
  /** The topic the answer was chosen from (shown as a hint, useful for tests). */
  topic: z.string(),
  /** Messages the visitor may still send in this demo. */
  remaining: z.number().int().min(0),
  /** Follow-up questions the visitor can click. */
  suggestions: z.array(z.string()),
});
export type DemoChatOutput = z.infer<typeof DemoChatOutput>;

export const DEMO_CHAT_PATH = '/functions/v1/demo-chat';

export const demoMessages = {
  limitReached: `The demo answers ${ANONYMOUS_DEMO_MESSAGES} messages. Sign up to keep chatting and teach Helixis about your business.`,
  signUpPrompt: 'Enjoying the demo? Create a free workspace to keep going.',
} as const;
