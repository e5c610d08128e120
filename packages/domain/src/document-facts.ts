import { FACT_INGEST_MAX_FACTS, FACT_VALUE_MAX_CHARS } from '@helixis/contract';
import { findPaymentTypes } from './business-info';
import { type ExtractedFact, normalizeFactKey } from './facts';
import { splitSentences } from './segments';
import { labelWords } from './words';

/**
 * Facts read from a document (a handbook, a policy sheet, a price list): a real label and a complete
 * value, or nothing. Chat messages go through `extractFacts`, which is tuned for short typed text; a
 * document is longer, hard-wrapped (Markdown at 72 columns, PDF text one line per printed line) and
 * full of headings, so it gets its own reading:
 *
 * 1. The text becomes logical lines: wrapped lines are joined back into their sentence or list item,
 *    a short line without end punctuation standing alone is a heading, bullets are list items.
 * 2. Facts come from, in order of trust:
 *    - labelled lines `Label: value` (bulleted or bold allowed): the label has letters only (so
 *      "10:00" is never split), 1-5 words; an empty value or a lead-in ending in ':' takes the list
 *      that follows, every item of it;
 *    - a heading naming a known topic ("Pet Policy", "Parking") over a short list or one short
 *      paragraph of whole sentences;
 *    - whole sentences about a known topic (pets, late fees, deposits, parking, …), the office's
 *      phone, e-mail and hours when the sentence says whose they are, and the payment methods a
 *      sentence lists (the whole list).
 * 3. Anything unsure gives no fact: a value that only repeats its label ("Parking Policy: Parking"),
 *    a value cut mid-phrase (ends in a comma, 'and', 'of', an open parenthesis …), a fragment that
 *    starts in lower case, a key given two different values, negated or ambiguous sentences.
 */

// ── logical lines ──────────────────────────────────────────────────────────────────────────────────

type Line = { kind: 'heading' | 'text' | 'item'; text: string };

const BULLET = /^(\s*)(?:[-*•‣◦▪–]|\d{1,2}[.)])\s+(.*)$/;
const MD_HEADING = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/;
/** A line that opens with a label and a colon (the colon followed by a space or the end of the line). */
const LABEL_START = /^(?:\*\*|__)?[A-Za-z][A-Za-z&/'’()\- ]{0,60}?(?:\*\*|__)?\s*:(?:\*\*|__)?(?:\s|$)/;
const ENDS_SENTENCE = /[.!?]["'”’)]?$/;
/** Lines at least this long that stop mid-sentence were wrapped by a width, not ended by the author. */
const WRAPPED_LINE_CHARS = 45;
const DANGLING_WORD =
  /\b(?:and|or|nor|but|the|a|an|of|to|for|by|with|at|in|on|from|into|per|via|including|such as|e\.g\.|i\.e\.|than|as|is|are|be|if|that|which|who|your|our|their|its)$/i;

function startsNewLine(line: string): boolean {
  return BULLET.test(line) || MD_HEADING.test(line) || LABEL_START.test(line);
}

/** Whether `next` continues `current` (a width wrapped it) rather than starting a line of its own. */
function continues(current: string, next: string, nextIndent: number): boolean {
  if (startsNewLine(next)) return false;
  if (ENDS_SENTENCE.test(current) || /:$/.test(current)) return false;
  if (/^[a-z0-9(“"'$€£&]/.test(next)) return true;
  if (/[,;/–—-]$/.test(current) || DANGLING_WORD.test(current)) return true;
  // "Tenant e-mail: ironwood@…" then "Call the after-hours line…": a labelled line's value is done when the
  // next line opens with a capital (a PDF keeps no blank line between the label block and the paragraph).
  if (LABEL_START.test(current) && /^\p{Lu}/u.test(next)) return false;
  // A capitalised short line ("Pet Policy") after a long one is the next heading, not the wrap.
  if (isTitleLike(next)) return false;
  return current.length >= WRAPPED_LINE_CHARS || nextIndent >= 2;
}

/** A short heading-like line whose longer words are all capitalised ("Pet Policy", "Rules for Pets"). */
function isTitleLike(text: string): boolean {
  return isHeadingLike(text) && text.split(/\s+/).every((w) => w.length <= 3 || /^[\p{Lu}\d(&]/u.test(w));
}

function isHeadingLike(text: string): boolean {
  return (
    text.length <= 60 &&
    text.split(/\s+/).length <= 8 &&
    !/[.!?:;,]$/.test(text) &&
    !LABEL_START.test(text) &&
    /^[\p{Lu}\d]/u.test(text)
  );
}

/** The document's lines as the author meant them (see the module comment). */
export function logicalLines(text: string): Line[] {
  const out: Line[] = [];
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '  ')
    .split(/\n[^\S\n]*\n/);
  for (const paragraph of paragraphs) {
    const raw = paragraph.split('\n').filter((l) => l.trim() !== '');
    const lines: Line[] = [];
    for (let i = 0; i < raw.length; i++) {
      const original = raw[i] as string;
      const heading = MD_HEADING.exec(original);
      if (heading?.[1]) {
        lines.push({ kind: 'heading', text: heading[1].trim() });
        continue;
      }
      const bullet = BULLET.exec(original);
      let current: Line = bullet
        ? { kind: 'item', text: (bullet[2] ?? '').trim() }
        : { kind: 'text', text: original.trim() };
      const indentOf = (l: string) => (/^\s*/.exec(l)?.[0].length ?? 0) - (/^\s*/.exec(original)?.[0].length ?? 0);
      while (i + 1 < raw.length) {
        const next = raw[i + 1] as string;
        if (!continues(current.text, next.trim(), indentOf(next))) break;
        current = { ...current, text: `${current.text} ${next.trim()}` };
        i++;
      }
      lines.push(current);
    }
    // A short line without end punctuation, alone or ahead of a line of its own, is a heading.
    lines.forEach((line, i) => {
      if (line.kind !== 'text' || !isHeadingLike(line.text)) return;
      const alone = lines.length === 1;
      const followed = i + 1 < lines.length;
      if (alone || followed) line.kind = 'heading';
    });
    out.push(...lines);
  }
  return out;
}

// ── values ─────────────────────────────────────────────────────────────────────────────────────────

/** Labels that are markup, navigation or asides, never a fact's name. */
const NOT_A_LABEL = new Set([
  'note',
  'notes',
  'please_note',
  'important',
  'warning',
  'caution',
  'reminder',
  'tip',
  'example',
  'e_g',
  'i_e',
  'step',
  'q',
  'a',
  'question',
  'answer',
  'see',
  'see_also',
  'source',
  'page',
  'section',
  'chapter',
  'appendix',
  'figure',
  'table',
  're',
  'subject',
  'from',
  'to',
  'cc',
  'date',
  'sent',
  'ps',
  'http',
  'https',
  'mailto',
  'user',
  'assistant',
  'system',
  'yes',
  'no',
  'or',
  'and',
  'for_example',
  'for_instance',
  'in_summary',
  'summary',
  'exception',
  'exceptions',
]);
const SENTENCE_START =
  /^(?:we|you|i|they|it|this|that|these|those|please|if|when|while|for|to|in|on|at|and|or|but|all|any|each|there|here)\b/i;
const PLACEHOLDER = /^(?:unknown|n\/?a|tbd|tba|none|not sure|-+|\?+|\.{2,}|…|see below|see above|below|above|tbc)$/i;

function cleanValue(value: string): string {
  return value
    .replace(/\[([^\]]+)\]\(([^)\s]*)\)/g, (_, text: string, url: string) =>
      url && url !== text ? `${text} (${url})` : text,
    )
    .replace(/(\*\*|__|`)/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .trim();
}

/** Whether a value says nothing beyond its label ("Parking Policy: Parking"). */
function repeatsLabel(label: string, value: string): boolean {
  const inLabel = new Set(labelWords(label));
  const valueWords = labelWords(value);
  return valueWords.length > 0 && valueWords.every((w) => inLabel.has(w));
}

function balanced(value: string): boolean {
  const count = (re: RegExp) => (value.match(re) ?? []).length;
  return count(/\(/g) === count(/\)/g) && count(/\[/g) === count(/]/g) && count(/["“”]/g) % 2 === 0;
}

/** A whole value: not cut at a line break, a comma or a connecting word, and of a storable length. */
function isComplete(value: string): boolean {
  if (!value || value.length > FACT_VALUE_MAX_CHARS) return false;
  if (PLACEHOLDER.test(value)) return false;
  if (/[,;:&/(–—-]$/.test(value) || DANGLING_WORD.test(value.replace(/[.!]$/, ''))) return false;
  if (!/[\p{L}\p{N}]/u.test(value)) return false;
  return balanced(value);
}

/** A list's items as one value, or null when an item is not a short, whole phrase. */
function listValue(items: readonly string[]): string | null {
  const cleaned = items.map((i) => cleanValue(i).replace(/[.;,]$/, '')).filter(Boolean);
  if (cleaned.length === 0) return null;
  if (cleaned.some((i) => !isComplete(i))) return null;
  // Items that are sentences of their own read better as sentences than as a comma list.
  const sentences = cleaned.every((i) => i.split(/\s+/).length > 6);
  const value = sentences ? cleaned.map((i) => (/[.!?]$/.test(i) ? i : `${i}.`)).join(' ') : cleaned.join(', ');
  return value.length <= FACT_VALUE_MAX_CHARS ? value : null;
}

// ── topics ─────────────────────────────────────────────────────────────────────────────────────────

/** Headings and labels people give the topics the assistant is asked about most. */
const TOPIC_OF_HEADING: Readonly<Record<string, string>> = {
  parking: 'parking_policy',
  parking_policy: 'parking_policy',
  parking_rules: 'parking_policy',
  pet_policy: 'pet_policy',
  pets_policy: 'pet_policy',
  pet_rules: 'pet_policy',
  maintenance: 'maintenance_requests',
  maintenance_requests: 'maintenance_requests',
  repairs: 'maintenance_requests',
  repair_requests: 'maintenance_requests',
  late_fee: 'late_fee',
  late_payments: 'late_fee',
  security_deposit: 'security_deposit',
  rent_payment: 'rent_payment',
  paying_rent: 'rent_payment',
  rent: 'rent_payment',
  payment_methods: 'payment_methods',
  operating_hours: 'operating_hours',
  office_hours: 'operating_hours',
  service_area: 'service_area',
  booking_process: 'booking_process',
  pricing_structure: 'pricing_structure',
  emergency_contact: 'emergency_contact',
};

function topicOfHeading(heading: string): string | null {
  const key = normalizeFactKey(heading.replace(/^(?:our|your|the)\s+/i, ''));
  if (!key) return null;
  const snake = heading
    .toLowerCase()
    .replace(/^(?:our|your|the)\s+/, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return TOPIC_OF_HEADING[snake] ?? TOPIC_OF_HEADING[key.key] ?? null;
}

/**
 * Sentences that state a policy of one topic: the first rule that matches a sentence takes it. Each
 * needs a word that makes it a statement about the topic, not a passing mention.
 */
const TOPIC_RULES: readonly { key: string; pattern: RegExp }[] = [
  {
    key: 'pet_policy',
    pattern:
      /\b(?:pets?|dogs?|cats?)\b.*\b(?:allowed|welcome|permitted|prohibited|not|no|deposit|fee|rent|limit|leash(?:ed)?|breeds?)\b|\bno pets\b|\bpet[- ]friendly\b/i,
  },
  { key: 'late_fee', pattern: /\blate (?:fee|charge)s?\b.*(?:\$|\d|%|percent|charged|applies|apply|assessed)/i },
  {
    key: 'security_deposit',
    pattern: /\bsecurity deposit\b.*(?:\$|\d|returned|refund|month|equal|due|held|required)/i,
  },
  {
    key: 'maintenance_requests',
    pattern:
      /\b(?:maintenance|repair)(?: requests?| issues?| problems?)?\b.*\b(?:submit|submitted|report|reported|call|portal|app|online|request|within|hours|business days)\b/i,
  },
  { key: 'rent_payment', pattern: /\brent (?:is due|must be paid|payments? (?:is|are) due|can be paid)\b/i },
  {
    key: 'parking_policy',
    pattern:
      /\bparking\b.*\b(?:is|are|must|may|not|allowed|permitted|prohibited|assigned|available|reserved|towed|permits?|spaces?|spots?|fee)\b|\b(?:vehicles?|cars?)\b.*\b(?:towed|parked|park)\b/i,
  },
  {
    key: 'booking_process',
    pattern:
      /\b(?:to (?:book|schedule) a (?:showing|viewing|tour)|(?:showings?|tours?|viewings?) (?:are|can be) (?:booked|scheduled))\b/i,
  },
  {
    key: 'pricing_structure',
    pattern:
      /\b(?:management fee|leasing fee|% of (?:the )?(?:monthly )?rent|percent of (?:the )?(?:monthly )?rent)\b/i,
  },
];

const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b/g;
const EMAIL = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g;
const DAY = String.raw`(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?`;
const TIME = String.raw`\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?`;
const HOURS = new RegExp(
  String.raw`\b${DAY}(?:\s*(?:-|–|to|through|thru)\s*${DAY})?(?:\s*,\s*${DAY})*,?\s*(?:from\s+)?${TIME}\s*(?:-|–|to|until)\s*${TIME}`,
  'i',
);
/** Whose number, address or hours a sentence gives: the office's, or someone else's (skipped). */
const OFFICE_CUE =
  /\b(?:office|call us|reach us|contact us|our (?:main |office )?(?:phone|number|line)|leasing|front desk|management)\b/i;
const OTHER_PARTY =
  /\b(?:fax|police|fire|911|utility|utilities|gas|electric|water company|vendor|towing|tow company|pool|gym|fitness|laundry|trash|recycling|quiet hours|amenit\w*|construction|move[- ]?in|move[- ]?out|deliver\w*|visitors?|guests?|club ?house)\b/i;
const NEGATED = /\b(?:not|never|no longer|cannot|can't|don't|doesn't|won't|except)\b/i;
/** The words after which a sentence lists how to pay. */
const PAYMENT_LEAD =
  /\b(?:accept(?:s|ed)?|(?:pay|paid|payments?)\s+(?:(?:can|may)\s+be\s+(?:made|submitted)\s+)?(?:by|via|with|through|using)|(?:can|may) be (?:made|paid|submitted) (?:by|via|with|through|using)|methods? (?:are|include))\s+(?:the following:?\s*)?/i;
const PAYMENT_WORDS =
  /\b(?:ach|portal|check|checks|money orders?|cashier'?s|credit cards?|debit cards?|visa|mastercard|amex|american express|wire|bank transfer|zelle|venmo|cash|online|e-?check|autopay)\b/i;

/** A sentence that can be a value: a whole statement of a few words, not a question or a pointer. */
function isStatement(sentence: string): boolean {
  const words = sentence.split(/\s+/).length;
  return (
    words >= 5 &&
    words <= 60 &&
    /[.!]["'”’)]?$/.test(sentence) &&
    /^["“(]?[\p{Lu}\d$]/u.test(sentence) &&
    !/\b(?:see (?:the |our )?(?:section|page|below|above|appendix)|refer to|described (?:below|above)|as follows)\b/i.test(
      sentence,
    ) &&
    isComplete(sentence)
  );
}

/** The payment methods a sentence lists, as one comma list, or null when it does not list them plainly. */
function paymentList(sentence: string): string | null {
  if (NEGATED.test(sentence)) return null;
  const lead = PAYMENT_LEAD.exec(sentence);
  if (!lead) return null;
  const tail = sentence
    .slice(lead.index + lead[0].length)
    .replace(/[.!]$/, '')
    .trim();
  if (!tail) return null;
  const items = tail
    .split(/\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+/)
    .map((i) => i.replace(/^(?:by|via|with|through|using)\s+/i, '').trim())
    .filter(Boolean);
  if (items.length === 0 || items.some((i) => i.split(/\s+/).length > 5 || !PAYMENT_WORDS.test(i))) return null;
  return items.join(', ');
}

// ── extraction ─────────────────────────────────────────────────────────────────────────────────────

const LABELLED =
  /^(?:\*\*|__)?((?:[A-Za-z][A-Za-z&/'’()-]*)(?:[ ][A-Za-z&/'’()-]+){0,4})(?:\*\*|__)?[ ]*:(?:\*\*|__)?(?:\s+(.*))?$/;

type Candidate = ExtractedFact & { rank: number };

/** A capitalised label and a colon inside a value (times like 9:00 have digits, not letters, before it). */
const EMBEDDED_LABEL = /\s[\p{Lu}][\p{L}'’-]*(?:\s[\p{L}'’-]+){0,3}:(?:\s|$)/u;

/**
 * The facts of a document's text (see the module comment). At most FACT_INGEST_MAX_FACTS, labelled
 * ones first; a key labelled (or headed) twice with different values gives no fact.
 */
export function extractDocumentFacts(text: string | null | undefined): ExtractedFact[] {
  if (!text) return [];
  const lines = logicalLines(text);
  const chosen = new Map<string, Candidate>();
  const conflicted = new Set<string>();
  /** rank: 0 labelled, 1 heading over a section, 2 sentence. Lower wins; equal ranks must agree. */
  const offer = (label: string, value: string, context: string, rank: number) => {
    const key = normalizeFactKey(label);
    if (!key) return;
    const v = cleanValue(value);
    if (!isComplete(v) || repeatsLabel(key.label, v) || repeatsLabel(label, v)) return;
    // Another label inside the value: lines that were run together ("9 am to 5 pm Phone: 555 …").
    if (rank === 0 && EMBEDDED_LABEL.test(v)) return;
    const previous = chosen.get(key.key);
    if (previous && previous.rank < rank) return;
    if (previous && previous.rank === rank) {
      // Two labels or two sections disagree: unsure, so no fact. Sentences: the first one stands.
      if (rank < 2 && previous.value.toLowerCase() !== v.toLowerCase()) conflicted.add(`${rank}:${key.key}`);
      return;
    }
    chosen.set(key.key, { ...key, value: v, context: cleanValue(context).slice(0, 500), rank });
  };

  /** The list items right after line i (the whole list), or null. */
  const itemsAfter = (i: number): { items: string[]; end: number } | null => {
    const items: string[] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j]?.kind === 'item'; j++) items.push((lines[j] as Line).text);
    return items.length > 0 ? { items, end: j } : null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;

    if (line.kind === 'heading') {
      const topic = topicOfHeading(line.text);
      if (!topic) continue;
      const list = itemsAfter(i);
      if (list) {
        const value = listValue(list.items);
        if (value) offer(topic, value, `${line.text}: ${list.items.join('; ')}`, 1);
        continue;
      }
      // One short paragraph of whole sentences under the heading, and then the next heading or the end.
      const body = lines[i + 1];
      const after = lines[i + 2];
      if (body?.kind === 'text' && (!after || after.kind === 'heading') && !LABELLED.test(body.text)) {
        const sentences = splitSentences(body.text);
        if (sentences.length <= 3 && body.text.length <= 400 && sentences.every(isStatement)) {
          offer(topic, body.text, `${line.text}: ${body.text}`, 1);
        }
      }
      continue;
    }

    const labelled = LABELLED.exec(line.text);
    const label = labelled?.[1]?.replace(/^(?:our|your|the)\s+/i, '');
    if (labelled && label && !SENTENCE_START.test(label)) {
      const key = normalizeFactKey(label);
      if (!key || NOT_A_LABEL.has(key.key)) continue;
      const inline = cleanValue(labelled[2] ?? '');
      const list = itemsAfter(i);
      if (list && (inline === '' || /:$/.test(inline))) {
        const value = listValue(list.items);
        if (value) offer(label, value, `${line.text} ${list.items.join('; ')}`, 0);
        i = list.end - 1;
      } else if (inline) {
        offer(label, inline, line.text, 0);
      }
      continue;
    }

    // Free text (and list items that are not labelled): whole sentences.
    const sentences = splitSentences(line.text);
    sentences.forEach((sentence, s) => {
      if (sentence.endsWith('?')) return;
      // A lead-in that ends the line with ':' takes the list after it ("We accept the following:").
      if (s === sentences.length - 1 && /:$/.test(sentence) && !NEGATED.test(sentence)) {
        const list = itemsAfter(i);
        if (list && PAYMENT_LEAD.test(sentence) && list.items.every((it) => PAYMENT_WORDS.test(it))) {
          const value = listValue(list.items);
          if (value) offer('payment_methods', value, `${sentence} ${list.items.join('; ')}`, 2);
        }
        return;
      }
      if (!isStatement(sentence)) return;
      const phones = [...new Set(sentence.match(PHONE) ?? [])];
      if (phones.length === 1 && phones[0]) {
        if (/\bemergenc/i.test(sentence) && !/\b(?:911|police|fire)\b/i.test(sentence)) {
          offer('emergency_contact', phones[0], sentence, 2);
        } else if (OFFICE_CUE.test(sentence) && !OTHER_PARTY.test(sentence) && !/\bafter[- ]hours\b/i.test(sentence)) {
          offer('business_phone', phones[0], sentence, 2);
        }
      }
      const emails = [...new Set(sentence.match(EMAIL) ?? [])];
      if (emails.length === 1 && emails[0] && /\b(?:e-?mail|write|contact|questions|reach)\b/i.test(sentence)) {
        if (!OTHER_PARTY.test(sentence)) offer('support_email', emails[0], sentence, 2);
      }
      if (
        HOURS.test(sentence) &&
        /\b(?:office|open|business hours|office hours)\b/i.test(sentence) &&
        !OTHER_PARTY.test(sentence)
      ) {
        offer('operating_hours', sentence, sentence, 2);
      }
      const payments = paymentList(sentence);
      if (payments && (findPaymentTypes(sentence).length > 0 || PAYMENT_WORDS.test(payments))) {
        offer('payment_methods', payments, sentence, 2);
      }
      const rule = TOPIC_RULES.find((r) => r.pattern.test(sentence));
      if (rule && !(rule.key === 'rent_payment' && payments)) offer(rule.key, sentence, sentence, 2);
    });
  }

  return [...chosen.values()]
    .filter((f) => !conflicted.has(`${f.rank}:${f.key}`))
    .sort((a, b) => a.rank - b.rank)
    .slice(0, FACT_INGEST_MAX_FACTS)
    .map(({ rank: _rank, ...fact }) => fact);
}
