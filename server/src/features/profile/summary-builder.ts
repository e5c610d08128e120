import {
  type BusinessSummaryJson,
  ONBOARDING_ROUNDS,
  type OnboardingProgress,
  type OnboardingQuestionTarget,
  type OnboardingSummary,
  REQUIRED_FIELD_QUESTIONS,
  type SuggestedAutomation,
  type SummaryGap,
} from '@helixis/contract';
import { findStates, missingRequiredFields, thirdPersonFragment, toThirdPerson } from '@helixis/domain';
import { type ProfileState, profileConfidence } from './profile-merge';

/**
 * The onboarding summary, built only from what the workspace really holds: the business
 * profile and round answers, the documents, the facts and the connected integrations. A source that
 * is not available is `null` (the summary says nothing about it); an empty one is `[]`.
 */

export interface SummaryDocument {
  title: string;
  status: string;
}
export interface SummaryFact {
  label: string;
  value: string;
}
export interface SummaryIntegration {
  /** Display name of the connected system or app. */
  label: string;
  /** e.g. 'property_management', 'email', 'calendar'. */
  kind: string;
  /** Counts from a property-management system, when read. */
  kpis?: { rentals?: number; unpaidBills?: number; openTasks?: number } | null;
}

export interface SummaryInputs {
  profile: ProfileState | null;
  progress: OnboardingProgress | null;
  documents: SummaryDocument[] | null;
  facts: SummaryFact[] | null;
  integrations: SummaryIntegration[] | null;
  /** The industry the caller suggests (onboarding-summary's optional input). */
  industryHint?: string | undefined;
}

const MAX_VALUE = 160;
const clip = (value: string, max = MAX_VALUE) => {
  const v = value.replace(/\s+/g, ' ').trim();
  return v.length > max ? `${v.slice(0, max - 1).trimEnd()}…` : v;
};
const sentence = (value: string) => (/[.!?…]$/.test(value) ? value : `${value}.`);

/** Industries recognised in a description when none was given, first match wins. */
const INDUSTRY_WORDS: readonly { industry: string; pattern: RegExp }[] = [
  {
    industry: 'Property management',
    pattern: /\b(?:property\s+manag\w*|rentals?|tenants?|landlords?|leasing|hoas?|homeowners?\s+associations?)\b/i,
  },
  { industry: 'Real estate', pattern: /\breal[\s-]+estate|\brealtors?\b|\bbrokerage\b/i },
  { industry: 'Landscaping', pattern: /\blandscap\w*|\blawns?\b|\bmow\w*|\bgardens?\b/i },
  { industry: 'Cleaning services', pattern: /\bcleaning\b|\bjanitorial\b|\bmaid\b/i },
  { industry: 'Home services', pattern: /\bplumb\w*|\bhvac\b|\belectrician|\broofing\b|\bhandyman\b/i },
  { industry: 'Construction', pattern: /\bconstruction\b|\bremodel\w*|\bgeneral\s+contractor\b/i },
  { industry: 'Legal', pattern: /\blaw\s+(?:firm|office|practice)\b|\battorneys?\b|\blawyers?\b/i },
  { industry: 'Accounting and tax', pattern: /\baccounting\b|\bbookkeeping\b|\btax\s+prep\w*|\bcpa\b/i },
  { industry: 'Insurance', pattern: /\binsurance\b/i },
  { industry: 'Health administration', pattern: /\bdental\b|\bclinic\b|\bmed\s*spa\b|\bpatients?\b/i },
  { industry: 'Food service', pattern: /\brestaurant\b|\bcatering\b|\bbakery\b|\bcafe\b/i },
  { industry: 'Auto service', pattern: /\bauto\s+(?:repair|body|service)\b|\bmechanic\b/i },
];

function inferIndustry(text: string): string | null {
  return INDUSTRY_WORDS.find((w) => w.pattern.test(text))?.industry ?? null;
}

/** Answers of the rounds by the target of their question. */
function answersByTarget(progress: OnboardingProgress | null): Partial<Record<OnboardingQuestionTarget, string>> {
  const out: Partial<Record<OnboardingQuestionTarget, string>> = {};
  for (const round of progress?.rounds ?? []) {
    const def = ONBOARDING_ROUNDS.find((r) => r.roundNumber === round.roundNumber);
    def?.questions.forEach((q, i) => {
      const answer = round.answers[i]?.trim();
      if (answer) out[q.target] = answer;
    });
  }
  return out;
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function buildOnboardingSummary(inputs: SummaryInputs): OnboardingSummary {
  const profile = inputs.profile;
  const data = profile?.businessData ?? {};
  const info = profile?.essentialInfo ?? {};
  const answers = answersByTarget(inputs.progress);
  const description = profile?.businessDescription ?? '';
  const allText = [description, ...Object.values(answers)].join('\n');

  const name = data.officialName ?? info.business_name ?? null;
  const givenIndustry = data.industry ?? info.business_type ?? inputs.industryHint?.trim() ?? null;
  const inferred = givenIndustry ? null : inferIndustry(allText);
  const industry = givenIndustry || inferred;
  const serviceArea = data.serviceArea ?? info.serviceArea ?? info.location ?? null;
  const audience = info.target_audience ?? null;
  const services = info.services ?? null;
  const contact = data.primaryContact ?? info.primaryContact;
  const payments = info.paymentsAccepted ?? [];
  const documents = inputs.documents;
  const readyDocs = documents?.filter((d) => d.status === 'READY') ?? [];
  const facts = inputs.facts;
  const integrations = inputs.integrations;

  // What we learned.
  const learned: string[] = [];
  if (name) learned.push(`Your business is called ${clip(name)}.`);
  if (givenIndustry) learned.push(`You work in ${clip(givenIndustry).toLowerCase()}.`);
  else if (inferred) learned.push(`From your description, you work in ${inferred.toLowerCase()}.`);
  if (serviceArea) learned.push(`You serve ${clip(serviceArea)}.`);
  if (audience) learned.push(sentence(`Your customers: ${clip(audience)}`));
  if (services) learned.push(sentence(`Services: ${clip(services)}`));
  if (info.pricingModel && info.pricingModel !== services)
    learned.push(sentence(`Pricing: ${clip(info.pricingModel)}`));
  if (payments.length > 0) learned.push(`You accept ${listOf(payments)}.`);
  if (contact && (contact.name || contact.role || contact.email)) {
    const who = [contact.name, contact.role ? `(${contact.role})` : '', contact.email ? `<${contact.email}>` : '']
      .filter(Boolean)
      .join(' ');
    learned.push(`Primary contact: ${who}.`);
  }
  if (answers.tools) learned.push(sentence(`Tools in use: ${clip(answers.tools)}`));
  if (answers.faq) learned.push(sentence(`Customers often ask: ${clip(answers.faq)}`));
  if (answers.hours) learned.push(sentence(`How you answer: ${clip(answers.hours)}`));
  if (documents && documents.length > 0) {
    const titles = documents.slice(0, 3).map((d) => `"${clip(d.title, 60)}"`);
    const more = documents.length > 3 ? ` and ${documents.length - 3} more` : '';
    learned.push(
      `${documents.length} document${documents.length === 1 ? '' : 's'} uploaded (${readyDocs.length} ready): ${titles.join(', ')}${more}.`,
    );
  }
  // Facts the lines above already say ("Service Area: Columbus, OH" beside "You serve Columbus, OH.") are
  // left out, so the list names each thing once.
  const said = learned.join('\n').toLowerCase();
  const newFacts = (facts ?? []).filter((f) => !said.includes(clip(f.value).toLowerCase()));
  for (const fact of newFacts.slice(0, 5)) learned.push(sentence(`${clip(fact.label, 60)}: ${clip(fact.value)}`));
  for (const integration of integrations ?? []) {
    const k = integration.kpis;
    const counts = k
      ? [
          k.rentals !== undefined ? `${k.rentals} rentals` : '',
          k.unpaidBills !== undefined ? `${k.unpaidBills} unpaid bills` : '',
          k.openTasks !== undefined ? `${k.openTasks} open tasks` : '',
        ].filter(Boolean)
      : [];
    learned.push(`${integration.label} is connected${counts.length ? `: ${listOf(counts)}` : ''}.`);
  }

  // Gaps: the five required fields first, then other essentials.
  const gaps: SummaryGap[] = [];
  const missing = missingRequiredFields(data);
  for (const field of missing) {
    const message =
      field === 'industry' && inferred
        ? `Is your industry ${inferred.toLowerCase()}? Confirm it or tell me the right one.`
        : REQUIRED_FIELD_QUESTIONS[field];
    gaps.push({ message, field, required: true });
  }
  if (!services) gaps.push({ message: 'Which services do you offer?', field: 'services', required: false });
  if (!audience) gaps.push({ message: 'Who are your customers?', field: 'target_audience', required: false });
  if (contact && !contact.email && !missing.includes('primaryContact')) {
    gaps.push({ message: "What is the primary contact's e-mail address?", field: 'primaryContact', required: false });
  }
  if (payments.length === 0) {
    gaps.push({ message: 'Which payment types do you accept?', field: 'paymentsAccepted', required: false });
  }
  if (!info.mailingAddress) {
    gaps.push({ message: 'What is your mailing address?', field: 'mailingAddress', required: false });
  }
  for (const c of info.contradictions ?? []) {
    gaps.push({ message: `Please clarify: ${c.message}`, field: 'businessDescription', required: false });
  }
  if (documents && documents.length === 0) {
    gaps.push({
      message: 'Upload a document such as your policies or price list so I can answer from it.',
      field: 'documents',
      required: false,
    });
  }
  if (integrations && !integrations.some((i) => i.kind === 'property_management')) {
    gaps.push({
      message: 'Connect your property-management system so I can see rentals, bills and tasks.',
      field: 'integrations',
      required: false,
    });
  }

  // Suggested automations, each tied to something this business told us.
  const automations: SuggestedAutomation[] = [];
  const pm = industry === 'Property management' || /\b(?:rent|tenants?|leases?)\b/i.test(allText);
  const pmIntegration = integrations?.find((i) => i.kind === 'property_management');
  if (pm) {
    automations.push({
      title: 'Rent reminder drafts',
      why: `You manage rentals${serviceArea ? ` in ${clip(serviceArea, 60)}` : ''}; a reminder before the due date cuts late payments.`,
      requires_scope: pmIntegration ? 'property_management:read' : 'tenants:read',
    });
  }
  if (/\b(?:maintenance|repairs?|work\s+orders?)\b/i.test(allText)) {
    automations.push({
      title: 'Maintenance request triage',
      why: 'You handle maintenance requests; sorting them by urgency and opening a task for each saves a round of calls.',
      requires_scope: 'tasks:write',
    });
  }
  if (contact?.email) {
    automations.push({
      title: 'Email Drafts',
      why: `Replies to customers can be drafted for ${contact.email} to review and send.`,
      requires_scope: 'email:send',
    });
  }
  if (answers.faq) {
    automations.push({
      title: 'Answer frequent questions',
      why: sentence(`Customers often ask: ${clip(answers.faq, 80)}`),
      requires_scope: 'knowledge:read',
    });
  }
  if (/\b(?:weekends?|after[\s-]hours|24\/7|evenings?|emergenc\w*)\b/i.test(answers.hours ?? description)) {
    automations.push({
      title: 'After-hours responder',
      why: 'You mentioned requests outside office hours; an instant acknowledgement keeps customers informed.',
      requires_scope: 'email:send',
    });
  }
  if (payments.length > 0) {
    automations.push({
      title: 'Payment confirmation replies',
      why: `You accept ${listOf(payments)}; confirming receipt answers the most common follow-up.`,
      requires_scope: 'payments:read',
    });
  }
  const states = findStates(serviceArea ?? '');
  if (states.length > 1) {
    automations.push({
      title: 'Route requests by location',
      why: `You serve ${listOf(states)}; each request can go to the team for its state.`,
      requires_scope: 'tasks:write',
    });
  }
  if (readyDocs.length > 0) {
    automations.push({
      title: 'Answer from your documents',
      why: `${readyDocs.length} uploaded document${readyDocs.length === 1 ? ' is' : 's are'} ready to quote from.`,
      requires_scope: 'documents:read',
    });
  }
  if (/\b(?:showings?|appointments?|calendar|scheduling|bookings?)\b/i.test(allText)) {
    automations.push({
      title: 'Scheduling Conflicts',
      why: 'You book showings or appointments; double bookings can be caught before they happen.',
      requires_scope: 'calendar:read',
    });
  }
  const openTasks = pmIntegration?.kpis?.openTasks;
  if (pmIntegration && openTasks && openTasks > 0) {
    automations.push({
      title: 'Open task follow-up',
      why: `${pmIntegration.label} shows ${openTasks} open tasks; a weekly nudge keeps them moving.`,
      requires_scope: 'property_management:read',
    });
  }

  // The summary text.
  const parts: string[] = [];
  if (name || industry || serviceArea) {
    const what = industry ? `a ${industry.toLowerCase()} business` : 'a business';
    parts.push(`${name ?? 'Your business'} is ${what}${serviceArea ? ` serving ${clip(serviceArea, 80)}` : ''}.`);
  }
  // The owner's own words are first person ("our units", "we manage"); the summary speaks about the business.
  // An answer that is already a clause ("We handle repairs" → "it handles repairs") becomes its own sentence.
  const names = [name, serviceArea];
  const clause = (lead: string, value: string) => {
    const fragment = clip(thirdPersonFragment(value, names), 120);
    return sentence(/^it\b/.test(fragment) ? `I${fragment.slice(1)}` : `${lead} ${fragment}`);
  };
  if (audience) parts.push(clause('It works with', audience));
  if (services) parts.push(clause('Services include', services));
  if (!name && !industry && !services && description) parts.push(sentence(clip(toThirdPerson(description), 200)));
  const summaryText =
    parts.join(' ') ||
    "I don't know enough about your business yet. Answer the onboarding questions or tell me about it in the chat.";

  return {
    operating_profile: { industry: industry ?? null, name },
    summary_text: summaryText,
    what_we_learned: [...new Set(learned)].map((text) => ({ text })),
    gaps,
    suggested_automations: automations.slice(0, 6),
    sources: {
      profile: profile !== null,
      documents: documents ? documents.length : null,
      facts: facts ? facts.length : null,
      integrations: integrations ? integrations.map((i) => i.label) : null,
    },
  };
}

/** The row kept in business_profiles_v3 for a summary. */
export function businessSummaryJson(summary: OnboardingSummary, profile: ProfileState | null): BusinessSummaryJson {
  return {
    text: summary.summary_text,
    industry: summary.operating_profile.industry,
    confidence: profileConfidence(profile).score,
    what_we_learned: summary.what_we_learned,
    gaps: summary.gaps.map((g) => ({ message: g.message })),
    suggested_automations: summary.suggested_automations,
  };
}
