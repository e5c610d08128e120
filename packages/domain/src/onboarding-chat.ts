/**
 * Doc 3 §4 'Assistant mode and onboarding chat': the Create Assistant button appears once the business
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
