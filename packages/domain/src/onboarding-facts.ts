import type { BusinessData, EssentialInfo } from '@helixis/contract';
import { statementSentences } from './business-info';

/**
 * What the owner tells during onboarding becomes facts (issue 25 §5): the profile's fields map onto
 * stable fact keys, and the topics the onboarding chat still asks about are read from the facts known.
 */

export interface ProfileFactState {
  businessData: BusinessData;
  essentialInfo: EssentialInfo;
}

/** A fact a profile field gives: the stable key (fact-keys normalisation applies) and its value. */
export interface ProfileFact {
  key: string;
  value: string;
}

/** ['ACH', 'Check'] → 'Pay by ACH or Check' (worded so a question about paying finds it). */
export function paymentMethodsValue(types: readonly string[]): string {
  const list = types.length <= 1 ? types.join('') : `${types.slice(0, -1).join(', ')} or ${types.at(-1)}`;
  return list ? `Pay by ${list}` : '';
}

/**
 * The facts a profile states: business name, industry, service area, primary contact (name with role,
 * e-mail), services, customers, pricing and payment methods. Empty fields give nothing.
 */
export function profileFacts(state: ProfileFactState | null | undefined): ProfileFact[] {
  if (!state) return [];
  const data = state.businessData ?? {};
  const info = state.essentialInfo ?? {};
  const contact = data.primaryContact ?? info.primaryContact;
  const out: ProfileFact[] = [];
  const put = (key: string, value: string | undefined | null) => {
    const v = value?.replace(/\s+/g, ' ').trim();
    if (v) out.push({ key, value: v });
  };
  put('business_name', data.officialName ?? info.officialName ?? info.business_name);
  put('industry', data.industry ?? info.business_type);
  put('service_area', data.serviceArea ?? info.serviceArea);
  if (contact?.name) put('primary_contact_name', contact.role ? `${contact.name} (${contact.role})` : contact.name);
  put('primary_contact_email', contact?.email);
  put('services', info.services);
  put('customers', info.target_audience);
  put('pricing_structure', info.pricingModel);
  if (info.paymentsAccepted?.length) put('payment_methods', paymentMethodsValue(info.paymentsAccepted));
  return out;
}

/** The profile facts whose value a change set or altered (compared without case). */
export function changedProfileFacts(
  before: ProfileFactState | null | undefined,
  after: ProfileFactState | null | undefined,
): ProfileFact[] {
  const old = new Map(profileFacts(before).map((f) => [f.key, f.value.toLowerCase()]));
  return profileFacts(after).filter((f) => old.get(f.key) !== f.value.toLowerCase());
}

/** What onboarding asks about, the fact keys that answer each topic, and how to ask. */
export const ONBOARDING_TOPICS: readonly { label: string; keys: readonly string[]; question: string }[] = [
  { label: 'business name', keys: ['business_name'], question: 'What is the name of your business?' },
  { label: 'services', keys: ['services', 'industry'], question: 'What services do you offer?' },
  { label: 'location', keys: ['service_area'], question: 'Where are you located, and which areas do you serve?' },
  { label: 'customers', keys: ['customers'], question: 'Who are your customers?' },
  {
    label: 'contact details',
    keys: ['business_phone', 'support_email'],
    question: 'What e-mail address and phone number should customers use to reach you?',
  },
  { label: 'hours', keys: ['operating_hours'], question: 'What are your operating hours?' },
  { label: 'payment methods', keys: ['payment_methods'], question: 'Which payment methods do you accept?' },
  { label: 'pricing', keys: ['pricing_structure'], question: 'How is your pricing structured?' },
];

/** The onboarding topics none of whose facts is known yet, in asking order. */
export function missingOnboardingTopics(knownKeys: Iterable<string>): { label: string; question: string }[] {
  const known = new Set(knownKeys);
  return ONBOARDING_TOPICS.filter((t) => !t.keys.some((k) => known.has(k))).map(({ label, question }) => ({
    label,
    question,
  }));
}

const CUSTOMER_WORDS =
  /\b(?:customers?|clients?|tenants?|owners?|landlords?|investors?|homeowners?|residents?|renters?|families|students|businesses)\b/i;
const CUSTOMER_CUE =
  /\b(?:our (?:customers|clients) are|(?:customers|clients) are|we (?:serve|work (?:with|for)|help|look after)|mostly|mainly|(?:work|rentals?|homes|properties|units|buildings) for)\b/i;
const SERVICE_CUE =
  /\b(?:we (?:offer|provide|handle|do|specialize in|specialise in)|our services|services (?:include|are)|offering)\b/i;

/** The sentence that says who the customers are ('Our customers are owners of single-family rentals.'). */
export function findCustomersSentence(text: string): string | undefined {
  return statementSentences(text).find((s) => CUSTOMER_WORDS.test(s) && CUSTOMER_CUE.test(s));
}

/** The sentence that says what the business offers ('We offer leasing and rent collection.'). */
export function findServicesSentence(text: string): string | undefined {
  return statementSentences(text).find((s) => SERVICE_CUE.test(s));
}
