/**
 * The Create Assistant button appears once the business
 * context is longer than 50 characters or the user sent 2+ messages, and the context matches
 * business-related words.
 */
export const CREATE_ASSISTANT_MIN_CONTEXT_CHARS = 50;
export const CREATE_ASSISTANT_MIN_USER_MESSAGES = 2;

/** Words that show the conversation is about a business (whole words, case-insensitive, simple plurals). */
export const BUSINESS_WORDS = [
  'business',
  'company',
  'customer',
  'client',
  'service',
  'product',
  'property',
  'tenant',
  'rental',
  'lease',
  'management',
  'manager',
  'office',
  'team',
  'staff',
  'shop',
  'store',
  'agency',
  'firm',
  'sell',
  'sales',
  'support',
  'booking',
  'appointment',
  'price',
  'pricing',
] as const;

const businessPattern = new RegExp(`\\b(?:${BUSINESS_WORDS.join('|')})(?:s|es)?\\b`, 'i');

export interface OnboardingChatState {
  /** The business context gathered so far: the user's messages joined. */
  context: string;
  userMessageCount: number;
}

export function mentionsBusiness(text: string): boolean {
  return businessPattern.test(text);
}

export function shouldShowCreateAssistant({ context, userMessageCount }: OnboardingChatState): boolean {
  const enough =
    context.trim().length > CREATE_ASSISTANT_MIN_CONTEXT_CHARS ||
    userMessageCount >= CREATE_ASSISTANT_MIN_USER_MESSAGES;
  return enough && mentionsBusiness(context);
}

// ── questions and statements ─────────────────────────────────────────────────────────────────────

/** How a question opens ('How many…', 'What's…', 'Do we…'). */
const QUESTION_START =
  /^(?:who|whom|whose|what|what's|whats|when|where|why|how|which|can|could|do|does|did|is|are|was|were|will|would|should|shall|may|might|have|has|am|isn't|aren't|don't|doesn't)\b/i;
/** Requests for information, answered like questions ('Tell me how many units we have'). */
const REQUEST_START = /^(?:please\s+)?(?:tell me|show me|give me|list|explain|remind me|find)\b/i;
/** 'What we do: …', 'How we work is …' describe rather than ask. */
const DESCRIBING = /^(?:what|how|when|where|who|why)\s+(?:we|i|our|my)\b|:/i;

function sentencesOfLine(line: string): string[] {
  return line
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Whether one sentence asks something rather than states it. */
export function isQuestionSentence(sentence: string): boolean {
  const s = sentence.trim();
  if (s.endsWith('?')) return true;
  if (DESCRIBING.test(s)) return false;
  return QUESTION_START.test(s) || REQUEST_START.test(s);
}

/**
 * Whether a chat message is a question (or a request for information) and nothing else: every
 * sentence asks. A question is answered, never stored as something the owner told.
 */
export function isQuestionMessage(text: string): boolean {
  const all = text.split(/\r?\n/).flatMap(sentencesOfLine);
  return all.length > 0 && all.every(isQuestionSentence);
}

/** The message with its questions taken out (lines otherwise kept as written, so labelled lines stay whole). */
export function statementsOf(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const parts = sentencesOfLine(line);
      return parts.some(isQuestionSentence) ? parts.filter((s) => !isQuestionSentence(s)).join(' ') : line;
    })
    .join('\n')
    .trim();
}
