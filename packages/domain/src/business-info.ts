import {
  BUSINESS_NAME_MAX_CHARS,
  BUSINESS_NAME_MIN_CHARS,
  type BusinessData,
  type ExtractedBusinessInfo,
  PaymentType,
  type PrimaryContact,
  REQUIRED_ONBOARDING_FIELDS,
  type RequiredOnboardingField,
} from '@helixis/contract';
import { findStates } from './states';

/**
 * Business text extraction from chat (doc 1 §5).
 *
 * Labelled lines ('Business name: Acme') are read case-insensitively; a label may follow a list
 * bullet and may be wrapped in markdown bold ('**Industry:** Property management'). When a label has
 * nothing after its colon, the value is on the next line; a description then runs until a blank line
 * or the next 'Label:' line. When a label appears more than once, the last acceptable value wins (later
 * lines correct earlier ones). Placeholders (unknown, n/a, tbd, none, ...) are not values.
 */

type LabelField = 'officialName' | 'industry' | 'businessDescription' | 'serviceArea' | 'primaryContact';

const LABELS: readonly { field: LabelField; names: readonly string[] }[] = [
  { field: 'officialName', names: ['business name', 'company name', 'official name', 'legal name'] },
  { field: 'industry', names: ['industry', 'business type', 'type of business'] },
  { field: 'businessDescription', names: ['business description', 'description'] },
  { field: 'serviceArea', names: ['service areas?', 'areas served'] },
  { field: 'primaryContact', names: ['primary contact', 'main contact', 'point of contact'] },
];

const BULLET = String.raw`^\s*(?:[-*•]\s*|\d+[.)]\s+)?`;
const BOLD = String.raw`(?:\*\*|__)?`;
const LABEL_LINES = LABELS.map(({ field, names }) => ({
  field,
  pattern: new RegExp(`${BULLET}${BOLD}\\s*(?:${names.join('|')})\\s*${BOLD}\\s*:\\s*${BOLD}\\s*(.*)$`, 'i'),
}));
/** Any 'Label:' line (up to four words before the colon) ends a multi-line value. */
const ANY_LABEL_LINE = new RegExp(`${BULLET}${BOLD}\\s*[A-Za-z][\\w'&/()-]*(?:\\s+[\\w'&/()-]+){0,3}\\s*${BOLD}\\s*:`);

const PLACEHOLDERS = new Set(['unknown', 'n/a', 'na', 'tbd', 'none', 'not sure', '-', '?']);

/** Whole values refused as business names (compared lower-case, without end punctuation). */
export const BUSINESS_NAME_COMMON_WORDS: readonly string[] = [
  'a',
  'an',
  'and',
  'the',
  'or',
  'of',
  'my',
  'our',
  'we',
  'us',
  'it',
  'is',
  'this',
  'that',
  'yes',
  'no',
  'none',
  'ok',
  'okay',
  'sure',
  'maybe',
  'hello',
  'hi',
  'hey',
  'thanks',
  'thank you',
  'test',
  'name',
  'business',
  'company',
  'business name',
  'company name',
  'unknown',
  'n/a',
  'na',
  'tbd',
  'other',
  'nothing',
  'null',
  'undefined',
];
export const BUSINESS_NAME_MONTHS: readonly string[] = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
export const BUSINESS_NAME_WEEKDAYS: readonly string[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];
const REFUSED_NAMES = new Set([...BUSINESS_NAME_COMMON_WORDS, ...BUSINESS_NAME_MONTHS, ...BUSINESS_NAME_WEEKDAYS]);

/** 2-40 characters (trimmed), at least one letter, and not a common word, month or weekday. */
export function isAcceptableBusinessName(value: string): boolean {
  const name = value.trim();
  if (name.length < BUSINESS_NAME_MIN_CHARS || name.length > BUSINESS_NAME_MAX_CHARS) return false;
  if (!/\p{L}/u.test(name)) return false;
  return !REFUSED_NAMES.has(name.toLowerCase().replace(/[.!?,;:]+$/, ''));
}

/** Text, @, text, dot, text; a sentence's final dot is not part of it. */
const EMAIL = /[^\s@<>()[\],;:"']+@[^\s@<>()[\],;:"']+\.[^\s@<>()[\],;:"'.]+/;

/** Trims, drops markdown emphasis and wrapping quotes, collapses spaces and trailing separators. */
function clean(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:\*\*|__)|(?:\*\*|__)$/g, '')
    .replace(/^["'“‘]+|["'”’]+$/g, '')
    .replace(/[\s,;:]+$/, '')
    .trim();
}

function isValue(value: string): boolean {
  return value.length > 0 && !PLACEHOLDERS.has(value.toLowerCase());
}

/** 'Dana Reyes, Property Manager, dana@acme.com', 'Dana Reyes (Owner) <dana@acme.com>', 'Dana Reyes - Owner'. */
export function parsePrimaryContact(value: string): PrimaryContact | undefined {
  const email = value.match(EMAIL)?.[0];
  let rest = (email ? value.replace(email, ' ') : value)
    .replace(/\be-?mail(?:\s+address)?\s*:?/gi, ' ')
    .replace(/[<>[\]]/g, ' ');
  let role: string | undefined;
  const paren = rest.match(/\(([^)]*)\)/);
  if (paren) {
    role = clean(paren[1] ?? '') || undefined;
    rest = rest.replace(paren[0], ' ');
  }
  const parts = rest
    .split(/\s*[,;|/]\s*|\s+[-–—]\s+/)
    .map((p) => clean(p).replace(/\s+(?:at|via)$/i, ''))
    .filter((p) => /\p{L}/u.test(p) && isValue(p));
  const name = parts[0];
  role ??= parts[1];
  const contact: PrimaryContact = {};
  if (name) contact.name = name;
  if (role) contact.role = role;
  if (email) contact.email = email;
  return Object.keys(contact).length > 0 ? contact : undefined;
}

function labelOf(line: string): { field: LabelField; inline: string } | undefined {
  for (const { field, pattern } of LABEL_LINES) {
    const m = line.match(pattern);
    if (m) return { field, inline: m[1] ?? '' };
  }
  return undefined;
}

/** The labelled values in order of appearance (a value may come from the lines after an empty label). */
function labelledValues(lines: readonly string[]): { field: LabelField; value: string }[] {
  const values: { field: LabelField; value: string }[] = [];
  lines.forEach((line, i) => {
    const label = labelOf(line);
    if (!label) return;
    let value = clean(label.inline);
    if (!value) {
      const following: string[] = [];
      for (const next of lines.slice(i + 1)) {
        if (!next.trim()) {
          if (following.length > 0) break;
          continue;
        }
        if (ANY_LABEL_LINE.test(next)) break;
        following.push(clean(next));
        if (label.field !== 'businessDescription') break;
      }
      value = following.join(' ');
    }
    values.push({ field: label.field, value });
  });
  return values;
}

interface PaymentRule {
  type: PaymentType;
  pattern: RegExp;
  /** Ambiguous words ('check', 'wire') count only with a payment cue in the same clause or as `explicit`. */
  explicit?: RegExp;
}

const PAYMENT_RULES: readonly PaymentRule[] = [
  { type: 'ACH', pattern: /\bACH\b/gi },
  { type: 'AmEx', pattern: /\bamex\b|\bam-ex\b|\bamerican\s+express\b/gi },
  { type: 'Visa', pattern: /\bvisa\b/gi },
  { type: 'Mastercard', pattern: /\bmaster[\s-]?card\b/gi },
  {
    type: 'Wire',
    pattern: /\bwires?\b(?!-)/gi,
    explicit: /\bwire\s+(?:transfers?|payments?)\b|\b(?:by|via)\s+wire\b/gi,
  },
  {
    type: 'Check',
    pattern: /\bchecks?\b(?!-|\s+(?:in|out|up|on|off|of|our|the|your|back|for|if|whether|with|it|this|that|to)\b)/gi,
    explicit: /\b(?:personal|cashier'?s|certified|paper|business|e-)\s*checks?\b|\b(?:by|via)\s+checks?\b/gi,
  },
];
const PAYMENT_CUE = /\b(?:pay|pays|paid|paying|payments?|accept|accepts|accepted|accepting|take|takes)\b/i;
const UNAMBIGUOUS_PAYMENT = /\bACH\b|\bamex\b|\bamerican\s+express\b|\bvisa\b|\bmaster[\s-]?card\b/i;
const CONTRAST = /\b(?:but|however|though|although|only|instead|yet)\b/gi;
const NEGATION = /\b(?:not|don't|doesn't|won't|can't|cannot|never|except|excluding)\b|\bno\s+(?:\w+\s+)?$/i;

/** A mention is refused when a negation precedes it in its clause with no 'but', 'only', ... in between. */
function negated(clause: string, index: number): boolean {
  const before = clause.slice(0, index);
  const contrasts = [...before.matchAll(CONTRAST)];
  const last = contrasts[contrasts.length - 1];
  const scope = last ? before.slice(last.index + last[0].length) : before;
  return NEGATION.test(scope);
}

/**
 * Accepted payment types anywhere in the text, in the order ACH, AmEx, Visa, Mastercard, Wire, Check.
 * Mentions that are refused ('we do not accept checks', 'no AmEx') do not count.
 */
export function findPaymentTypes(text: string): PaymentType[] {
  const found = new Set<PaymentType>();
  const clauses = text.replace(/[\u2018\u2019]/g, "'").split(/[!?;\n]+|\.(?=\s|$)/);
  for (const clause of clauses) {
    const cued = PAYMENT_CUE.test(clause) || UNAMBIGUOUS_PAYMENT.test(clause);
    for (const rule of PAYMENT_RULES) {
      const mentions = rule.explicit && !cued ? rule.explicit : rule.pattern;
      for (const m of clause.matchAll(mentions)) {
        if (!negated(clause, m.index)) found.add(rule.type);
      }
    }
  }
  return PaymentType.options.filter((type) => found.has(type));
}

/**
 * The profile fields found in a chat message or document text. `_sources` names `source` for each
 * field found. The service area comes from its label, or else from the known states in the text
 * (codes FL, OH, PA, WV in capitals, or their names), as codes in that order: 'OH, PA'.
 */
export function extractBusinessInfo(text: string | null | undefined, source = 'chat'): ExtractedBusinessInfo {
  const body = text ?? '';
  const info: ExtractedBusinessInfo = {};
  for (const { field, value } of labelledValues(body.split(/\r?\n/))) {
    if (!isValue(value)) continue;
    if (field === 'officialName') {
      if (isAcceptableBusinessName(value)) info.officialName = value;
    } else if (field === 'primaryContact') {
      const contact = parsePrimaryContact(value);
      if (contact) info.primaryContact = contact;
    } else {
      info[field] = value;
    }
  }
  if (!info.serviceArea) {
    const states = findStates(body);
    if (states.length > 0) info.serviceArea = states.join(', ');
  }
  const payments = findPaymentTypes(body);
  if (payments.length > 0) info.paymentsAccepted = payments;

  const fields = Object.keys(info);
  if (fields.length > 0) info._sources = Object.fromEntries(fields.map((field) => [field, source]));
  return info;
}

/** True when the contact has any of name, role or e-mail (doc 2 §3). */
export function hasPrimaryContact(contact: PrimaryContact | null | undefined): boolean {
  return Boolean(contact?.name?.trim() || contact?.role?.trim() || contact?.email?.trim());
}

/** The five required onboarding fields (doc 2 §3) that are still empty, in their listed order. */
export function missingRequiredFields(data: BusinessData | null | undefined): RequiredOnboardingField[] {
  return REQUIRED_ONBOARDING_FIELDS.map((f) => f.field).filter((field) =>
    field === 'primaryContact' ? !hasPrimaryContact(data?.primaryContact) : !data?.[field]?.trim(),
  );
}

/** The known states (FL, OH, PA, WV) a text mentions, in canonical order. */
export { findStates } from './states';
