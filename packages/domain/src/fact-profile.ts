import {
  AUTOMATION_MATCHING_QUESTIONS,
  AUTOMATION_TOTAL_QUESTIONS_ABOVE,
  ESSENTIAL_FACT_KEYS,
  FACT_CONFIDENCE,
  FACT_GAP_BELOW,
  type FactSource,
  type KnowledgeGap,
  propertySystemList,
  SUGGESTION_PRIORITY,
  type SuggestionType,
} from '@helixis/contract';
import { ESSENTIAL_LABELS, titleCase } from './fact-keys';

/**
 * Pure rules for what follows from the facts: completeness and knowledge gaps,
 * suggestions, question topics and FAQ questions (the words FAQ generation compares: factTerms in words.ts).
 */

// ── profile ────────────────────────────────────────────────────────────────────────────────────────

export interface FactLike {
  key: string;
  label: string;
  value: string;
  confidence: number;
  source: FactSource;
}

const ESSENTIAL_ACTIONS: Readonly<Record<string, string>> = {
  primary_contact_name: 'Tell me who the main contact is, e.g. "Primary contact: Maria Lopez".',
  business_phone: 'Tell me your office phone number, e.g. "Business phone: (555) 010-2030".',
  support_email: 'Tell me where tenants write to, e.g. "Support email: help@example.com".',
  operating_hours: 'Tell me your office hours, e.g. "Hours: Mon-Fri 9am-5pm".',
  service_area: 'Tell me the cities or neighbourhoods you manage properties in.',
  preferred_voice_tone: 'Tell me how I should sound, e.g. "Tone: friendly and professional".',
  payment_methods: 'Tell me how tenants can pay rent, e.g. "Payment methods: ACH, Check".',
  emergency_contact: 'Tell me the after-hours emergency maintenance number.',
  booking_process: 'Tell me how prospects book a showing.',
  pricing_structure: 'Tell me your management and leasing fees.',
};

const round = (n: number) => Math.round(n);
const mean = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

export interface FactProfileSummary {
  completeness: number;
  essentialFacts: { key: string; label: string; present: boolean; confidence: number | null }[];
  knowledgeGaps: KnowledgeGap[];
  confidence: { overall: number; byCategory: { essential: number; contact: number } };
}

/**
 * Completeness is the percent of the 10 essential keys present. Gaps: every missing
 * essential key (priority 8, worth 10 completeness points) and every fact below 70 confidence
 * (priority 6). Confidence: overall is the mean over the facts known; essential and contact are means
 * over their essential keys with a missing key counting 0, so they grow with coverage.
 */
export function summarizeFactProfile(facts: readonly FactLike[]): FactProfileSummary {
  const byKey = new Map(facts.map((f) => [f.key, f]));
  const essentialFacts = ESSENTIAL_FACT_KEYS.map((e) => {
    const fact = byKey.get(e.key);
    return { key: e.key, label: e.label, present: Boolean(fact), confidence: fact ? fact.confidence : null };
  });
  const present = essentialFacts.filter((e) => e.present).length;
  const share = 100 / ESSENTIAL_FACT_KEYS.length;
  const gaps: KnowledgeGap[] = [];
  for (const e of ESSENTIAL_FACT_KEYS) {
    if (byKey.has(e.key)) continue;
    gaps.push({
      id: `essential:${e.key}`,
      category: 'essential',
      field: e.key,
      description: `${e.label} is missing.`,
      suggestedActions: [
        ESSENTIAL_ACTIONS[e.key] ?? `Tell me your ${e.label.toLowerCase()}.`,
        'Upload a document that mentions it.',
      ],
      priority: SUGGESTION_PRIORITY.incomplete_profile,
      estimatedValue: share,
    });
  }
  for (const f of facts) {
    if (f.confidence >= FACT_GAP_BELOW) continue;
    gaps.push({
      id: `low_confidence:${f.key}`,
      category: 'low_confidence',
      field: f.key,
      description: `I am not sure about ${f.label} (${f.confidence}% confident).`,
      suggestedActions: [`Confirm or correct ${f.label} in What I Know.`],
      priority: SUGGESTION_PRIORITY.fact_confidence_low,
      estimatedValue: FACT_CONFIDENCE.correction - f.confidence,
    });
  }
  gaps.sort((a, b) => b.priority - a.priority);
  const scoreOf = (keys: readonly string[]) => round(mean(keys.map((k) => byKey.get(k)?.confidence ?? 0)));
  return {
    completeness: round(present * share),
    essentialFacts,
    knowledgeGaps: gaps,
    confidence: {
      overall: round(mean(facts.map((f) => f.confidence))),
      byCategory: {
        essential: scoreOf(ESSENTIAL_FACT_KEYS.map((e) => e.key)),
        contact: scoreOf(ESSENTIAL_FACT_KEYS.filter((e) => e.category === 'contact').map((e) => e.key)),
      },
    },
  };
}

/** How many services a 'services' fact lists (comma, semicolon, 'and' or line separated). */
export function countServices(value: string | null | undefined): number {
  if (!value) return 0;
  return value
    .split(/[,;\n•]|\band\b/i)
    .map((s) => s.trim())
    .filter((s) => s.length > 1).length;
}

// ── questions and suggestions ──────────────────────────────────────────────────────────────────────

/** Topics whose repeated questions an automation could answer. */
export const QUESTION_TOPICS: readonly { topic: string; label: string; pattern: RegExp }[] = [
  {
    topic: 'rent_payment',
    label: 'rent payments',
    pattern: /\b(?:pay(?:ing)? (?:my )?rent|rent (?:payment|due|portal)|late fee)/i,
  },
  { topic: 'maintenance', label: 'maintenance requests', pattern: /\b(?:maintenance|repair|broken|leak|fix)/i },
  {
    topic: 'showings',
    label: 'showings and viewings',
    pattern: /\b(?:showing|viewing|tour|see the (?:unit|apartment|property))/i,
  },
  { topic: 'availability', label: 'unit availability', pattern: /\b(?:available|vacanc|for rent)\b/i },
  { topic: 'pets', label: 'pet questions', pattern: /\b(?:pets?|dogs?|cats?)\b/i },
  { topic: 'lease', label: 'lease questions', pattern: /\b(?:lease|renew|move[- ]out|move[- ]in)/i },
  { topic: 'reschedule', label: 'rescheduling', pattern: /\breschedul/i },
];

/** The topic a question is about, or null. */
export function classifyQuestion(question: string): string | null {
  return QUESTION_TOPICS.find((t) => t.pattern.test(question))?.topic ?? null;
}

export interface SuggestionCandidate {
  /** Stable identity: the same situation never suggests twice, and a dismissed one stays dismissed. */
  dedupeKey: string;
  type: SuggestionType;
  category: string;
  title: string;
  description: string;
  impact: { confidenceIncrease: number; automationPotential: number; responseAccuracy: number; timesSaved: number };
  effort: {
    timeRequired: string;
    complexity: 'low' | 'medium' | 'high';
    userInvolvement: 'low' | 'medium' | 'high';
    dependencies: string[];
  };
  actions: string[];
  triggers: string[];
  priority: number;
}

/**
 * Suggestions for the current state: connect an integration when no fact came from one (9);
 * one per missing essential key (8); an automation for a topic with 3+ matching questions once more
 * than 5 were asked (7); one per fact below 70 confidence (6).
 */
export function suggestionCandidates(input: {
  facts: readonly FactLike[];
  questionTopics: readonly (string | null)[];
}): SuggestionCandidate[] {
  const out: SuggestionCandidate[] = [];
  const summary = summarizeFactProfile(input.facts);
  if (!input.facts.some((f) => f.source === 'integration')) {
    out.push({
      dedupeKey: 'missing_integration',
      type: 'missing_integration',
      category: 'integration',
      title: 'Connect your property management system',
      description: `Connect ${propertySystemList('or')} so I learn your properties, tenants and balances directly.`,
      impact: { confidenceIncrease: 20, automationPotential: 40, responseAccuracy: 25, timesSaved: 5 },
      effort: { timeRequired: '5 minutes', complexity: 'low', userInvolvement: 'low', dependencies: ['API key'] },
      actions: ['Open Connect', 'Choose your system'],
      triggers: ['No facts from an integration yet'],
      priority: SUGGESTION_PRIORITY.missing_integration,
    });
  }
  for (const gap of summary.knowledgeGaps) {
    const label = ESSENTIAL_LABELS.get(gap.field) ?? titleCase(gap.field);
    if (gap.category === 'essential') {
      out.push({
        dedupeKey: `incomplete_profile:${gap.field}`,
        type: 'incomplete_profile',
        category: 'essential',
        title: `Add your ${label}`,
        description: gap.description,
        impact: { confidenceIncrease: gap.estimatedValue, automationPotential: 0, responseAccuracy: 10, timesSaved: 1 },
        effort: { timeRequired: '1 minute', complexity: 'low', userInvolvement: 'medium', dependencies: [] },
        actions: gap.suggestedActions,
        triggers: [`${gap.field} missing`],
        priority: SUGGESTION_PRIORITY.incomplete_profile,
      });
    } else {
      out.push({
        dedupeKey: `fact_confidence_low:${gap.field}`,
        type: 'fact_confidence_low',
        category: 'confidence',
        title: `Confirm ${label}`,
        description: gap.description,
        impact: { confidenceIncrease: gap.estimatedValue, automationPotential: 0, responseAccuracy: 15, timesSaved: 1 },
        effort: { timeRequired: '1 minute', complexity: 'low', userInvolvement: 'low', dependencies: [] },
        actions: gap.suggestedActions,
        triggers: [`${gap.field} below ${FACT_GAP_BELOW}%`],
        priority: SUGGESTION_PRIORITY.fact_confidence_low,
      });
    }
  }
  const total = input.questionTopics.length;
  if (total > AUTOMATION_TOTAL_QUESTIONS_ABOVE) {
    const counts = new Map<string, number>();
    for (const topic of input.questionTopics) if (topic) counts.set(topic, (counts.get(topic) ?? 0) + 1);
    for (const t of QUESTION_TOPICS) {
      const n = counts.get(t.topic) ?? 0;
      if (n < AUTOMATION_MATCHING_QUESTIONS) continue;
      out.push({
        dedupeKey: `automation_opportunity:${t.topic}`,
        type: 'automation_opportunity',
        category: 'automation',
        title: `Automate answers about ${t.label}`,
        description: `${n} of the last ${total} questions were about ${t.label}. An automation could answer them for you.`,
        impact: {
          confidenceIncrease: 0,
          automationPotential: Math.round((n / total) * 100),
          responseAccuracy: 5,
          timesSaved: n,
        },
        effort: { timeRequired: '10 minutes', complexity: 'medium', userInvolvement: 'medium', dependencies: [] },
        actions: ['Open Automations', 'Add automation'],
        triggers: [`${n} questions about ${t.label}`],
        priority: SUGGESTION_PRIORITY.automation_opportunity,
      });
    }
  }
  return out;
}

/** The top suggestions: highest priority first, then oldest first. */
export function topSuggestions<T extends { priority: number; createdAt: string }>(items: readonly T[], n: number): T[] {
  return [...items].sort((a, b) => b.priority - a.priority || a.createdAt.localeCompare(b.createdAt)).slice(0, n);
}

// ── FAQ ────────────────────────────────────────────────────────────────────────────────────────────

const FAQ_QUESTIONS: Readonly<Record<string, string>> = {
  primary_contact_name: 'Who is my main point of contact?',
  business_phone: 'What is your phone number?',
  support_email: 'How can I reach you by e-mail?',
  operating_hours: 'What are your office hours?',
  service_area: 'Which areas do you serve?',
  payment_methods: 'How can I pay my rent?',
  emergency_contact: 'Who do I call for an after-hours emergency?',
  booking_process: 'How do I book a showing?',
  pricing_structure: 'What are your fees?',
  pet_policy: 'Are pets allowed?',
  late_fee: 'Is there a late fee for rent?',
  security_deposit: 'How much is the security deposit?',
  maintenance_requests: 'How do I submit a maintenance request?',
  rent_payment: 'When is rent due?',
  parking_policy: 'Is parking available?',
};

/** Facts that describe how the assistant behaves, not what a customer asks about. */
const NOT_FAQ_KEYS = new Set(['preferred_voice_tone']);

/** The question a customer would ask to get this fact, or null when it is not customer-facing. */
export function faqQuestionFor(fact: { key: string; label: string }): string | null {
  if (NOT_FAQ_KEYS.has(fact.key)) return null;
  return FAQ_QUESTIONS[fact.key] ?? `What is your ${fact.label.toLowerCase()}?`;
}

/** Common property-management questions looked up in the documents when generating FAQs. */
export const FAQ_DOCUMENT_QUESTIONS: readonly string[] = [
  'Are pets allowed?',
  'Is there a late fee for rent?',
  'How much is the security deposit?',
  'How do I submit a maintenance request?',
  'When is rent due and how can I pay?',
  'How do I renew my lease?',
  'What is the move-out process?',
  'Is parking available?',
];

/** Normalised question text, to tell duplicates apart. */
export function faqIdentity(question: string): string {
  return question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
