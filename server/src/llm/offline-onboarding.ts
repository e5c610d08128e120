import { ONBOARDING_MAX_QUESTIONS } from '@helixis/contract';
import { extractBusinessInfo, findPaymentTypes } from '@helixis/domain';
import type { GenerateRequest, OnboardingNotes } from './provider';

/**
 * The offline onboarding reply (no model): says what the owner's message actually stored, then asks
 * at most three questions about what onboarding still lacks. Without notes from the server (callers
 * that store nothing) it only asks, and never claims to have noted anything.
 */

/** What onboarding needs to know, how to tell it was said, and how to ask for it (text-only fallback). */
export const PROFILE_TOPICS: readonly { label: string; known: (text: string) => boolean; question: string }[] = [
  {
    label: 'business name',
    known: (t) => /\b(business name|company name|we are|we're|called|named)\b/i.test(t),
    question: 'What is the name of your business?',
  },
  {
    label: 'services',
    known: (t) =>
      /\b(services?|we (offer|provide|manage|do)|property management|rentals?|maintenance|repairs?|leasing)\b/i.test(t),
    question: 'What services do you offer?',
  },
  {
    label: 'location',
    known: (t) =>
      extractBusinessInfo(t).serviceArea !== undefined ||
      /\b(located|based in|service area|we serve|serving|county|city of)\b/i.test(t),
    question: 'Where are you located, and which areas do you serve?',
  },
  {
    label: 'customers',
    known: (t) => /\b(customers?|clients?|tenants?|owners?|homeowners?|residents?|landlords?|investors?)\b/i.test(t),
    question: 'Who are your customers?',
  },
  {
    label: 'contact details',
    known: (t) => /[\w.+-]+@[\w-]+\.[\w.]+/.test(t) || /\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}/.test(t),
    question: 'What e-mail address and phone number should customers use to reach you?',
  },
  {
    label: 'hours',
    known: (t) => /\b(hours|open|closed|\d{1,2}\s?(am|pm)|weekdays?|monday|24\/7)\b/i.test(t),
    question: 'What are your operating hours?',
  },
  {
    label: 'payment methods',
    known: (t) => findPaymentTypes(t).length > 0 || /\b(payments?|pay by|cash|credit cards?)\b/i.test(t),
    question: 'Which payment methods do you accept?',
  },
  {
    label: 'pricing',
    known: (t) => /\$\s?\d|\b(price|pricing|fees?|rates?|costs?|percent|%)\b/i.test(t),
    question: 'How is your pricing structured?',
  },
];

/** Profile topics still missing from what the owner has said, in asking order. */
export function missingProfileTopics(text: string): { label: string; question: string }[] {
  return PROFILE_TOPICS.filter((topic) => !topic.known(text)).map(({ label, question }) => ({ label, question }));
}

function listOf(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const VALUE_SHOWN_MAX = 80;

/** 'business name (Maple Street Property Management)'. */
function savedItem(item: OnboardingNotes['saved'][number]): string {
  const value = item.value.length > VALUE_SHOWN_MAX ? `${item.value.slice(0, VALUE_SHOWN_MAX - 1)}…` : item.value;
  return `${item.label.toLowerCase()} (${value})`;
}

function questions(missing: readonly { question: string }[]): string {
  return missing.map((m, i) => `${i + 1}. ${m.question}`).join('\n');
}

/** The reply from what the server stored for this message. */
function replyFromNotes(request: GenerateRequest, notes: OnboardingNotes): string {
  const missing = notes.missing.slice(0, ONBOARDING_MAX_QUESTIONS);
  const earlier = request.history.filter((m) => m.role === 'user').length > 1;
  const intro =
    notes.saved.length > 0
      ? `Thank you, I've noted your ${listOf(notes.saved.map(savedItem))}.`
      : earlier
        ? "I didn't find business details to save in that message."
        : "Welcome! Before I help, I'd like to learn about your business.";
  if (missing.length === 0) {
    return `${intro} That is what I need to get started; tell me more at any time, or create your assistant.`;
  }
  return `${intro}${notes.saved.length > 0 ? ' A few more questions:' : ''}\n\n${questions(missing)}`;
}

export function onboardingAnswer(request: GenerateRequest): string {
  if (request.onboarding) return replyFromNotes(request, request.onboarding);
  const told = [
    request.businessContext,
    ...request.history.filter((m) => m.role === 'user').map((m) => m.content),
  ].join('\n');
  const missing = missingProfileTopics(told).slice(0, ONBOARDING_MAX_QUESTIONS);
  if (missing.length === 0) return 'Tell me more about your business at any time, or create your assistant.';
  return `To set up your assistant I'd like to learn about your business:\n\n${questions(missing)}`;
}
