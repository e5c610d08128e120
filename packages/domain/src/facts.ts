import {
  FACT_CONFIDENCE,
  FACT_INGEST_MAX_FACTS,
  FACT_KEY_MAX_CHARS,
  FACT_VALUE_MAX_CHARS,
  type FactSource,
} from '@helixis/contract';
import { findPaymentTypes } from './business-info';
import { ESSENTIAL_LABELS, titleCase } from './fact-keys';

/**
 * Pure rules for facts: key normalisation, confidence values and rule-based extraction
 * from text. What follows from the facts (profile, gaps, suggestions, FAQ) is in fact-profile.ts.
 */

// ── keys ───────────────────────────────────────────────────────────────────────────────────────────

/** Other names people use for the essential keys; matched after normalising to snake_case. */
const KEY_ALIASES: Readonly<Record<string, string>> = {
  primary_contact: 'primary_contact_name',
  contact_name: 'primary_contact_name',
  main_contact: 'primary_contact_name',
  point_of_contact: 'primary_contact_name',
  phone: 'business_phone',
  phone_number: 'business_phone',
  telephone: 'business_phone',
  office_phone: 'business_phone',
  contact_phone: 'business_phone',
  main_phone: 'business_phone',
  email: 'support_email',
  e_mail: 'support_email',
  email_address: 'support_email',
  contact_email: 'support_email',
  office_email: 'support_email',
  hours: 'operating_hours',
  office_hours: 'operating_hours',
  business_hours: 'operating_hours',
  opening_hours: 'operating_hours',
  service_areas: 'service_area',
  areas_served: 'service_area',
  voice_tone: 'preferred_voice_tone',
  tone: 'preferred_voice_tone',
  tone_of_voice: 'preferred_voice_tone',
  payment_options: 'payment_methods',
  payments_accepted: 'payment_methods',
  accepted_payments: 'payment_methods',
  payment_method: 'payment_methods',
  emergency_phone: 'emergency_contact',
  emergency_line: 'emergency_contact',
  emergency_number: 'emergency_contact',
  emergency_maintenance: 'emergency_contact',
  booking: 'booking_process',
  how_to_book: 'booking_process',
  showings: 'booking_process',
  scheduling: 'booking_process',
  pricing: 'pricing_structure',
  prices: 'pricing_structure',
  fees: 'pricing_structure',
  management_fee: 'pricing_structure',
  pets: 'pet_policy',
  late_fees: 'late_fee',
  deposit: 'security_deposit',
};

/**
 * A fact key as stored: snake_case, aliases folded onto the essential keys ('Phone' → business_phone,
 * 'Office hours' → operating_hours). Returns null when nothing usable is left.
 */
export function normalizeFactKey(raw: string): { key: string; label: string } | null {
  const snake = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, FACT_KEY_MAX_CHARS);
  if (!snake || !/[a-z]/.test(snake)) return null;
  const key = KEY_ALIASES[snake] ?? snake;
  return { key, label: ESSENTIAL_LABELS.get(key) ?? titleCase(key) };
}

// ── confidence ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The confidence of a newly learned fact: a correction 95, an integration 90, a value
 * read from the business description 80, a migrated one 75, anything else 85.
 */
export function factConfidence(input: { source: FactSource; method: string }): number {
  if (input.method === 'correction') return FACT_CONFIDENCE.correction;
  if (input.source === 'integration') return FACT_CONFIDENCE.integration;
  if (input.method === 'description') return FACT_CONFIDENCE.description;
  if (input.method === 'migration') return FACT_CONFIDENCE.migrated;
  return FACT_CONFIDENCE.default;
}

/**
 * Whether an incoming value replaces the stored one: only when it is at least as confident, so a
 * chat message cannot undo a correction (95) or an integration's value (90). The same value only
 * refreshes provenance and keeps the higher confidence.
 */
export function shouldReplaceFact(existing: { value: string; confidence: number }, incoming: { confidence: number }) {
  return incoming.confidence >= existing.confidence;
}

// ── extraction ─────────────────────────────────────────────────────────────────────────────────────

export interface ExtractedFact {
  key: string;
  label: string;
  value: string;
  /** The line or sentence it came from. */
  context: string;
}

/** 'Key: value' lines whose key is one of these are conversation markup, not facts. */
const IGNORED_KEYS = new Set([
  'user',
  'assistant',
  'system',
  'q',
  'a',
  'question',
  'answer',
  'note',
  'notes',
  'http',
  'https',
  'mailto',
  're',
  'subject',
  'from',
  'to',
  'cc',
  'date',
  'sent',
  'ps',
  'example',
  'tip',
  'step',
]);
const PLACEHOLDER_VALUES = new Set(['', 'unknown', 'n/a', 'na', 'tbd', 'none', 'not sure', '-', '?', '...']);

/** A label of 1-5 words (letters, digits, & / ' - ( )) before a colon, optionally bulleted or bold. */
const KEY_VALUE_LINE =
  /^\s*(?:[-*•]\s*|\d+[.)]\s+)?(?:\*\*|__)?([A-Za-z][\w&/'()-]*(?:[ \t]+[\w&/'()-]+){0,4})[ \t]*(?:\*\*|__)?[ \t]*(?<!\d):(?!\d\d)[ \t]*(?:\*\*|__)?[ \t]*(.+?)\s*$/;

const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b/;
const EMAIL = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/;
const DAY = String.raw`(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?|weekdays|weekends|daily|every day|(?:seven|7) days a week|m\s*-\s*f)`;
const HOUR_WORD = String.raw`(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:[\s-]thirty)?`;
const TIME = String.raw`(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|${HOUR_WORD}|noon|midnight)`;
/** "9 to 5", "from 8am until 7pm", "between 9 and 5", "noon-6". */
const RANGE = String.raw`(?:(?:from\s+)?${TIME}\s*(?:-|–|to|until|till|til|'til)\s*${TIME}|between\s+${TIME}\s+and\s+${TIME})`;
/** A stretch said with its closing time only: "Fridays till 4", "Saturday mornings until noon". */
const UNTIL = String.raw`(?:until|till|til|'til)\s+${TIME}`;
const DAYS = String.raw`${DAY}(?:\s*(?:-|–|to|through|thru)\s*${DAY})?(?:\s*,\s*${DAY})*(?:\s+(?:mornings?|afternoons?|evenings?))?`;
/** One stretch of days with its hours: "Monday to Thursday 8 am to 5 pm", "Saturday mornings from 10 to 2". */
const DAYS_HOURS = String.raw`${DAYS},?\s*(?:${RANGE}|${UNTIL})`;
/** Every stretch said together: "Monday to Thursday 8 am to 5 pm and Friday 8 am to 3 pm". */
const HOURS = new RegExp(String.raw`\b${DAYS_HOURS}(?:\s*[,;]?\s*(?:and\s+)?${DAYS_HOURS})*`, 'i');
/** "closed on Sundays and holidays", "closed Sundays", "never on weekends". */
const CLOSED_DAYS = new RegExp(
  String.raw`\b(?:closed|never|not open)\s+(?:on\s+)?(?:${DAY}|(?:public\s+)?holidays)(?:\s*(?:,|and|&|or)\s*(?:${DAY}|(?:public\s+)?holidays))*`,
  'i',
);
/** Time first: '9am-5pm Monday to Friday', '8:30 to 6, weekdays', 'from 8am until 7pm, seven days a week'. */
const TIME_FIRST_STRETCH = String.raw`${RANGE},?\s*(?:on\s+)?${DAY}(?:\s*(?:-|–|to|through|thru)\s*${DAY})?`;
/** Every stretch said together, time first: "9-5 on weekdays and 10 to 2 on Saturdays". */
const HOURS_TIME_FIRST = new RegExp(
  String.raw`\b${TIME_FIRST_STRETCH}(?:\s*[,;]?\s*(?:and\s+)?(?:${TIME_FIRST_STRETCH}|${DAYS_HOURS}))*`,
  'i',
);
const TONES = ['friendly', 'professional', 'casual', 'formal', 'warm', 'upbeat', 'concise'];
const TONE = new RegExp(
  String.raw`\b(${TONES.join('|')})(?:\s+(?:and|but)\s+(${TONES.join('|')}))?\s+(?:tone|voice)\b`,
  'i',
);
const NAME = /\b[Mm]y name is ([A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})/;

/** Sentence rules for the questions property managers hear most; the whole sentence is the value. */
const SENTENCE_RULES: readonly { key: string; pattern: RegExp; phraseOnly?: boolean }[] = [
  {
    key: 'pet_policy',
    pattern:
      /\b(?:pets?|dogs?|cats?)\b.*\b(?:allow|allowed|welcome|permitted|not|no|deposit|fee|rent|friendly)\b|\bno pets\b|\bpet[- ]friendly\b/i,
  },
  { key: 'late_fee', pattern: /\blate (?:fee|charge|payment)s?\b/i },
  { key: 'security_deposit', pattern: /\bsecurity deposit\b/i },
  {
    key: 'booking_process',
    pattern:
      /\b(?:to (?:book|schedule)|(?:schedule|book|request) (?:a|an|your) (?:showing|viewing|tour|appointment|visit)|(?:showings?|viewings?|tours?|appointments?|visits?) (?:are|can be|may be) (?:booked|scheduled|arranged|requested)|by appointment|book (?:online|through|via|on our))\b/i,
  },
  {
    key: 'pricing_structure',
    pattern:
      /\b(?:management fee|leasing fee|we charge|% of (?:the )?(?:monthly )?rent|percent of (?:the )?(?:monthly )?rent|flat fee)\b/i,
  },
  { key: 'service_area', pattern: /\b(?:we (?:serve|cover|manage properties in)|serving|our service area)\b/i },
  { key: 'maintenance_requests', pattern: /\bmaintenance (?:requests?|issues?)\b/i },
  {
    // "We manage 120 residential units", "We own 20 homes, four duplexes and three fourplexes".
    key: 'properties_managed',
    pattern:
      /\b(?:we|i)\s+(?:own|manage|run|operate|look after|take care of|have)\s+(?:about |around |over |nearly |almost |more than |roughly )?(?:\d[\d,]*|a dozen|two dozen)\s+(?:[\w-]+\s+){0,2}(?:units?|homes?|houses?|apartments?|flats?|townho(?:mes?|uses?)|cabins?|cottages?|propert(?:y|ies)|doors|rentals?|buildings?|sites?|lots?|slips?|suites?|rooms?|spaces?|offices?|plots?|stalls?|duplexes|condos?)\b/i,
    phraseOnly: true,
  },
  {
    key: 'response_time',
    pattern:
      /\b(?:answer|repl(?:y|ies)|respond|get back|call back|return)\w*\b[^.]*?\b(?:(?:the )?same (?:business )?day|within (?:an? |one |two |a few |a couple (?:of )?|\d+ )?(?:minutes?|hours?|days?|business days?)|(?:the )?next (?:business )?day|by (?:the )?end of (?:the )?day)\b/i,
  },
  { key: 'rent_payment', pattern: /\brent (?:is due|payments?|can be paid)\b/i },
  { key: 'parking_policy', pattern: /\bparking\b/i },
];

function clean(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .trim()
    .slice(0, FACT_VALUE_MAX_CHARS);
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Rule-based fact extraction from chat or document text.
 *
 * 1. 'Key: value' lines (bulleted or bold allowed; the key is 1-5 words) give a fact per line; keys are
 *    normalised (`normalizeFactKey`) and later lines win. Conversation markup (User:, Q:, Subject: ...),
 *    URLs and placeholders (unknown, n/a, tbd) are skipped.
 * 2. In the remaining text: a phone number (an 'emergency' sentence makes it the emergency contact,
 *    otherwise the business phone), an e-mail address (support email), day-and-time ranges
 *    (operating hours), the known payment types (payment methods), '... tone' (preferred voice
 *    tone), 'My name is ...' (primary contact name), and whole sentences about pets, late fees, security
 *    deposits, booking, pricing, service area, maintenance requests, rent payment and parking.
 * Questions (sentences ending in '?') state nothing and are skipped. A labelled line always beats a
 * pattern for the same key; at most FACT_INGEST_MAX_FACTS facts.
 */
export function extractFacts(text: string | null | undefined): ExtractedFact[] {
  if (!text) return [];
  const labelled = new Map<string, ExtractedFact>();
  const freeLines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = KEY_VALUE_LINE.exec(line);
    const rawKey = match?.[1];
    const rawValue = match?.[2];
    if (rawKey && rawValue && !/^\/\//.test(rawValue)) {
      const key = normalizeFactKey(rawKey);
      const value = clean(rawValue.replace(/(?:\*\*|__)$/, ''));
      if (key && !IGNORED_KEYS.has(key.key) && !PLACEHOLDER_VALUES.has(value.toLowerCase())) {
        labelled.delete(key.key);
        labelled.set(key.key, { ...key, value, context: clean(line).slice(0, 500) });
        continue;
      }
    }
    freeLines.push(line);
  }

  const found = new Map<string, ExtractedFact>();
  const put = (rawKey: string, value: string, context: string) => {
    const key = normalizeFactKey(rawKey);
    if (!key || found.has(key.key) || labelled.has(key.key)) return;
    const v = clean(value);
    if (!v) return;
    found.set(key.key, { ...key, value: v, context: clean(context).slice(0, 500) });
  };

  for (const sentence of sentences(freeLines.join('\n'))) {
    // A question states nothing ('Are pets allowed?').
    if (sentence.endsWith('?')) continue;
    // Each number is read with the words since the number before it: "Call us at (555) 730-1200; for
    // after-hours emergencies, call (555) 730-1299" gives the office line and the emergency line.
    let since = 0;
    for (const m of sentence.matchAll(new RegExp(PHONE.source, 'g'))) {
      const lead = sentence.slice(since, m.index + m[0].length);
      const tail = sentence.slice(m.index + m[0].length).split(/[;.]/)[0] ?? '';
      // A line that answers day and night ("our 24/7 maintenance line", "the on-call tech", "anything
      // urgent at night") is the emergency line.
      const emergency =
        /\bemergenc|\burgent|after[\s-]hours|on[\s-]call\b|\bat night\b|\bovernight\b|24\s*\/\s*7|round[\s-]the[\s-]clock/i.test(
          lead,
        ) ||
        (since === 0 && /\bemergenc/i.test(tail));
      put(emergency ? 'emergency_contact' : 'business_phone', m[0], sentence);
      since = m.index + m[0].length;
    }
    const email = EMAIL.exec(sentence)?.[0];
    if (email) put('support_email', email, sentence);
    const hours = (HOURS.exec(sentence)?.[0] ?? HOURS_TIME_FIRST.exec(sentence)?.[0])?.replace(/\.$/, '');
    // "… and is closed on Sundays": the days closed belong to the hours.
    const closed = CLOSED_DAYS.exec(sentence)?.[0]?.replace(/\.$/, '');
    if (hours) put('operating_hours', closed && !hours.includes(closed) ? `${hours}; ${closed}` : hours, sentence);
    const payments = findPaymentTypes(sentence);
    if (payments.length > 0) put('payment_methods', payments.join(', '), sentence);
    const tone = TONE.exec(sentence);
    if (tone?.[1]) put('preferred_voice_tone', tone[2] ? `${tone[1]} and ${tone[2]}` : tone[1], sentence);
    const name = NAME.exec(sentence)?.[1];
    if (name) put('primary_contact_name', name, sentence);
    for (const rule of SENTENCE_RULES) {
      const m = rule.pattern.exec(sentence);
      if (m) put(rule.key, rule.phraseOnly ? m[0].replace(/^\w/, (c) => c.toUpperCase()) : sentence, sentence);
    }
  }
  return [...labelled.values(), ...found.values()].slice(0, FACT_INGEST_MAX_FACTS);
}

export * from './fact-profile';
