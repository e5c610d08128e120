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
import { isQuestionSentence } from './onboarding-chat';
import { findStates } from './states';

/**
 * Business text extraction from chat.
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

/** Two to four capitalized words, not opening with a word that starts a sentence ("That's", "Our"). */
const PERSON_NAME =
  /(?<![\p{L}'’])(?!(?:That|This|It|Our|The|You|Me|We|My|Day|Call|Email|E-mail)\b)(?:(?:Dr|Mr|Mrs|Ms|Mx)\.?\s+)?\p{Lu}[\p{Ll}'’]+(?:-\p{L}[\p{Ll}'’]+)*(?:\s+\p{Lu}[\p{Ll}'’]+(?:-\p{L}[\p{Ll}'’]+)*){1,3}/u;
const WHOLE_PERSON_NAME = new RegExp(`^${PERSON_NAME.source}$`, 'u');
const looksLikeName = (text: string) => WHOLE_PERSON_NAME.test(text.trim()) && !ROLE.test(text);
/** The job of the person to contact, as owners say it. */
const ROLE =
  /\b(?:co-?owner|owner(?:\/operator)?|co-?founder|founder|(?:general |property |office |leasing |community |site |house |operations )?manager|operator|president|director|broker|administrator|superintendent|bookkeeper)\b/i;

/** 'Dana Reyes, Property Manager, dana@acme.com', 'Dana Reyes (Owner) <dana@acme.com>', 'Dana Reyes - Owner'. */
export function parsePrimaryContact(value: string): PrimaryContact | undefined {
  const email = value.match(EMAIL)?.[0];
  let rest = (email ? value.replace(email, ' ') : value)
    .replace(/\be-?mail(?:\s+address)?\s*:?/gi, ' ')
    // A phone number ("phone (555) 730-1200") is neither the name nor the role.
    .replace(
      /(?:\b(?:phone|tel|telephone|mobile|cell)\b\s*:?\s*)?(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b/gi,
      ' ',
    )
    .replace(/[<>[\]]/g, ' ')
    .replace(/\(\s*\)/g, ' ');
  // Said as sentences ("I'm Wanda Oyelaran, the community manager. You can reach me at … or at the
  // office"): the name and role are in the first sentence; what follows says how to reach them.
  rest = (rest.trim().split(/(?<=\p{Ll}{3}[.!?])\s+(?=\p{Lu})/u)[0] ?? '')
    .replace(/^(?:(?:hi|hello|hey)\b[\s,!.]*)?(?:i'm|i am|i’m|this is|my name is|it's|it’s|it is)\s+/i, '')
    .replace(/,\s*(?:the|our|a|an)\s+(?=\p{L})/giu, ', ')
    .replace(/(?<=\p{Ll}{3})[.!]$/u, '');
  let role: string | undefined;
  const paren = rest.match(/\(([^)]*\p{L}[^)]*)\)/u);
  if (paren) {
    role = clean(paren[1] ?? '') || undefined;
    rest = rest.replace(paren[0], ' ');
  }
  const parts = rest
    .split(/\s*[,;|/]\s*|\s+[-–—]\s+/)
    .map((p) => clean(p).replace(/\s+(?:at|via)$/i, ''))
    .filter((p) => /\p{L}/u.test(p) && isValue(p));
  let name = parts[0];
  role ??= parts[1];
  // Said in passing ("That's me, Ines Calloway. I'm the founder…", "You'd want our office manager, Priya
  // Shah"): the name is the capitalized words that name a person, the role the job named anywhere.
  if (name && !looksLikeName(name)) {
    const person = [rest, role ?? ''].map((t) => PERSON_NAME.exec(t)?.[0]).find(Boolean);
    if (person) {
      name = person;
      if (role && (looksLikeName(role) || role.includes(person))) role = undefined;
    }
  }
  if (!role || looksLikeName(role)) role = ROLE.exec(value)?.[0]?.toLowerCase();
  if (role) role = role.replace(/[\s.]+$/, '');
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
  /** What follows a labelled name ("Business name: X. We are a self-storage facility…"), read as plain text. */
  const afterName: string[] = [];
  for (const { field, value } of labelledValues(body.split(/\r?\n/))) {
    if (!isValue(value)) continue;
    if (field === 'officialName') {
      // "Business name: Cedar Point Self Storage. We are a self-storage facility…": the name is the
      // first sentence; what follows describes the business.
      const name = value.replace(/(?<!\b(?:[A-Z]|Co|Inc|Ltd|St|Mt|Bros))\.\s+(?=[A-Z]).*$/s, '').trim();
      if (name.length < value.length) afterName.push(value.slice(name.length).replace(/^\.\s*/, ''));
      if (isAcceptableBusinessName(name)) info.officialName = name;
    } else if (field === 'primaryContact') {
      const contact = parsePrimaryContact(value);
      if (contact) info.primaryContact = contact;
    } else {
      info[field] = value;
    }
  }
  // Unlabelled sentences: the name, the industry and the places named (known states first).
  const unlabelled = [...body.split(/\r?\n/).filter((line) => !labelOf(line)), ...afterName].join('\n');
  if (!info.officialName) {
    const name = findBusinessName(unlabelled);
    if (name) info.officialName = name;
  }
  if (!info.industry) {
    const industry = findIndustry(unlabelled);
    if (industry) info.industry = industry;
  }
  if (!info.serviceArea) {
    const states = findStates(statementSentences(body).join('\n'));
    const places = states.length > 0 ? undefined : findServiceAreaPhrase(unlabelled);
    if (states.length > 0) info.serviceArea = states.join(', ');
    else if (places) info.serviceArea = places;
  }
  const payments = findPaymentTypes(statementSentences(body).join('\n'));
  if (payments.length > 0) info.paymentsAccepted = payments;

  const fields = Object.keys(info);
  if (fields.length > 0) info._sources = Object.fromEntries(fields.map((field) => [field, source]));
  return info;
}

/** True when the contact has any of name, role or e-mail. */
export function hasPrimaryContact(contact: PrimaryContact | null | undefined): boolean {
  return Boolean(contact?.name?.trim() || contact?.role?.trim() || contact?.email?.trim());
}

/** The five required onboarding fields that are still empty, in their listed order. */
export function missingRequiredFields(data: BusinessData | null | undefined): RequiredOnboardingField[] {
  return REQUIRED_ONBOARDING_FIELDS.map((f) => f.field).filter((field) =>
    field === 'primaryContact' ? !hasPrimaryContact(data?.primaryContact) : !data?.[field]?.trim(),
  );
}

/** The known states (FL, OH, PA, WV) a text mentions, in canonical order. */
export { findStates } from './states';

// ── natural sentences ────────────────────────────────────────────────────────────────────────────

/**
 * Name, industry and service area from plain sentences ('Maple Street Property Management. We manage
 * 120 residential units in Springfield.'), for owners who answer without labels. Questions state
 * nothing: sentences ending in '?' are skipped.
 */

/** One capitalised word of a name; small joining words may sit between them ('Bank of Ohio', 'Oak & Pine'). */
const NAME_WORD = String.raw`[A-Z0-9][\w'’.&-]*`;
const NAME_JOIN = '(?:of|and|the|on|at|&|de|la|du)';
const NAME = new RegExp(String.raw`^${NAME_WORD}(?:\s+(?:${NAME_JOIN}\s+)?${NAME_WORD}){0,6}`);
/** Words that make a capitalised phrase a business name on its own. */
const NAME_SUFFIX =
  /\b(?:management|managers?|properties|property|realty|rentals?|homes|housing|group|llc|inc|co|corp|company|partners|services|associates|holdings|estates?|apartments|living|residential|lettings|agency|solutions|enterprises|ltd|brothers|bros|and sons|landscaping|cleaning|plumbing|construction|builders|hvac|electric|roofing|law|legal|dental|clinic|resort|park|inn|hotel|motel|lodge|campground|village|commons|center|centre|storage|hall|suites|plaza|community|communities|association)\.?$/i;
/** What comes before a name and says it is one: 'Our company is called', 'I run', 'Welcome to'. */
const NAME_LEAD =
  /\b(?:i work (?:at|for)|i run|i own|we run|welcome to|(?:our|my|the) (?:company|business|firm|agency|brokerage) is (?:called|named)|(?:our|my|the) (?:company|business|firm|agency|brokerage)'?s? name is|(?:company|business|firm|agency|we're|we are|it's|it is) (?:called|named)|(?:business|company) name is)\s+(?:the\s+)?/gi;
/** Leads that may introduce anything ('We are based in ...'): a name after them needs a business word. */
const LOOSE_NAME_LEAD =
  /\b(?:we are|we're|this is|i am with|i'm with|(?:our|my) (?:company|business|firm|agency) is)\s+(?:the\s+)?/gi;
/** What follows a name that opens a sentence: 'Acme Rentals is a ...', 'Acme Rentals manages ...'. */
const AFTER_NAME =
  /^(?:,\s*(?:a|an|the|we)\b|\s+(?:is|are|was|has|have|manages|provides|offers|serves|handles|does|specializes|specialises|operates|looks after)\b)/i;
/** Words that never open a name even in capitals (sentence starters). */
const NOT_NAME_START =
  /^(?:we|our|i|my|the|a|an|this|that|it|they|you|your|he|she|yes|no|hi|hello|hey|thanks|please|also|and|but|so|then|just|currently|today|every|all|each|most|some|mon|tue|wed|thu|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|call|email|e-mail|phone|office|hours|emergencies|emergency|payment|payments|rent|tenants|owners|customers|clients)\b/i;

/** Statement sentences of a text (questions dropped), line breaks as sentence ends. */
export function statementSentences(text: string): string[] {
  return text
    .split(/\r?\n+|(?<=[.!])\s+(?=[A-Z0-9"'“(])|(?<=\?)\s*/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && !isQuestionSentence(s));
}

function nameAt(rest: string): string | undefined {
  const match = NAME.exec(rest)?.[0];
  if (!match) return undefined;
  // Stop before a joining word left dangling at the end and drop a sentence's final dot.
  const name = match.replace(/\s+(?:of|and|the|on|at|&|de|la|du)$/i, '').replace(/[.,]+$/, '');
  if (NOT_NAME_START.test(name) || !isAcceptableBusinessName(name)) return undefined;
  return name;
}

/** The business name in natural sentences, or undefined. */
export function findBusinessName(text: string): string | undefined {
  for (const sentence of statementSentences(text)) {
    for (const lead of sentence.matchAll(NAME_LEAD)) {
      const name = nameAt(sentence.slice(lead.index + lead[0].length));
      if (name) return name;
    }
    for (const lead of sentence.matchAll(LOOSE_NAME_LEAD)) {
      const rest = sentence.slice(lead.index + lead[0].length);
      const name = nameAt(rest);
      if (!name) continue;
      // "We're Sagebrush Flats RV Resort, a family-owned RV park…": a name the sentence goes on to describe.
      if (NAME_SUFFIX.test(name) || /^,\s*(?:a|an)\s/i.test(rest.slice(name.length))) return name;
    }
    const opening = nameAt(sentence);
    if (!opening) continue;
    const after = sentence.slice(opening.length);
    const whole = /^[\s.!]*$/.test(after);
    // A sentence that is only a name, or a name that opens a sentence about the business.
    if (NAME_SUFFIX.test(opening) && (whole || AFTER_NAME.test(after))) return opening;
    if (
      !whole &&
      AFTER_NAME.test(after) &&
      /\b(?:company|business|firm|agency|manag(?:es|ement|er|ing))/i.test(after)
    ) {
      return opening;
    }
    // "Bellcote Mill Studios is an old mill that we turned into 54 studios", "Larkspur Meadows is a
    // homeowners association": a name of two words or more that the owner goes on to describe as the
    // thing they run (not "Green Valley is a nice area where our tenants live").
    if (
      !whole &&
      opening.includes(' ') &&
      /^\s+(?:is|are)\s+(?:a|an|the)\b/i.test(after) &&
      /\b(?:we|i)\s+(?:\w+\s+)?(?:turned|run|own|manage|opened|built|started|founded|operate|bought|converted|renovated)\b|\b(?:homeowners'? association|condo(?:minium)? association|cooperative|co-op)\b/i.test(
        after,
      )
    ) {
      return opening;
    }
  }
  return undefined;
}

/** Industries recognised in plain sentences, in order of precedence. */
export const INDUSTRY_RULES: readonly { industry: string; pattern: RegExp }[] = [
  {
    industry: 'Property management',
    pattern:
      /\bpropert(?:y|ies)\s+manag|\b(?:rental|hoa|association|community|apartment|tenant)\s+management\b|\b(?:manag(?:e|es|ing)|look(?:s|ing)?\s+after|rent(?:s|ing)?\s+out)\s+(?:about\s+|over\s+|around\s+)?(?:\d[\d,]*\+?\s+)?(?:[\w-]+\s+){0,3}(?:units?|rentals?|properties|apartments?|homes|houses|doors|buildings|hoas?|condos?|associations?|communities|portfolios?)\b|\blandlords?\b.*\btenants?\b/i,
  },
  { industry: 'Vacation rentals', pattern: /\bvacation\s+(?:rentals?|homes)\b|\bshort[\s-]term\s+rentals?\b/i },
  { industry: 'RV parks and campgrounds', pattern: /\b(?:rv|camper|caravan)\s+(?:park|resort)s?\b|\bcampgrounds?\b/i },
  { industry: 'Senior living', pattern: /\bsenior\s+living\b|\bretirement\s+communit|\bassisted\s+living\b/i },
  { industry: 'Coworking', pattern: /\bco-?working\b|\bshared\s+office/i },
  { industry: 'Self storage', pattern: /\bself[\s-]storage\b|\bstorage\s+(?:facility|facilities|units)\b/i },
  { industry: 'Real estate', pattern: /\breal\s+estate\b|\brealt(?:y|ors?)\b|\bbrokerage\b/i },
  { industry: 'Landscaping', pattern: /\blandscap|\blawns?\b|\bgardens?\b/i },
  { industry: 'Cleaning services', pattern: /\bcleaning\b|\bjanitorial\b|\bmaid service/i },
  { industry: 'Home services', pattern: /\bplumb(?:ing|ers?)\b/i },
  { industry: 'Home services', pattern: /\bhvac\b|\bheating and (?:air|cooling)\b/i },
  { industry: 'Construction', pattern: /\bconstruction\b|\bremodel|\bgeneral contractor/i },
  { industry: 'Food service', pattern: /\brestaurant|\bcaf[eé]\b|\bcatering\b|\bbakery\b/i },
  { industry: 'Legal', pattern: /\blaw firm\b|\battorneys?\b|\blawyers?\b/i },
  { industry: 'Accounting and tax', pattern: /\baccounting\b|\bbookkeeping\b|\btax preparation\b/i },
  { industry: 'Health administration', pattern: /\bclinic\b|\bdental\b|\bmedical practice\b/i },
];

/** The industry plain sentences describe ('We manage 120 units' → Property management), or undefined. */
export function findIndustry(text: string): string | undefined {
  const statements = statementSentences(text).join('\n');
  return INDUSTRY_RULES.find((rule) => rule.pattern.test(statements))?.industry;
}

/** Place names after 'we serve', 'units in', 'based in' ... ('Springfield and Shelbyville'). */
const AREA_LEAD =
  /\b(?:we (?:serve|cover|operate in|work in)|serving|(?:units?|homes|houses|rentals?|properties|apartments|buildings|doors|offices?|located|based|operate|work)\s+(?:across|throughout|around|in))\s+(?:the\s+)?/gi;
const PLACE = String.raw`[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3}`;
const PLACES = new RegExp(String.raw`^${PLACE}(?:\s*(?:,|and|&|or)\s*(?:${PLACE}))*`);

/** The places plain sentences name as where the business works, or undefined. */
export function findServiceAreaPhrase(text: string): string | undefined {
  for (const sentence of statementSentences(text)) {
    for (const lead of sentence.matchAll(AREA_LEAD)) {
      const places = PLACES.exec(sentence.slice(lead.index + lead[0].length))?.[0]
        ?.replace(/[\s,]+(?:and|&|or)?$/i, '')
        .replace(/[.,]+$/, '')
        .trim();
      if (places && !NOT_NAME_START.test(places)) return places;
    }
  }
  return undefined;
}
