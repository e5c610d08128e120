/**
 * Which sentences of the retrieved evidence answer a question, and how well (decision 028).
 *
 * The knowledge search ranks chunks; this module ranks the whole sentences, list items and headings
 * inside them (segments.ts) for the offline assistant's quotes and for every answer's support score:
 *
 * - The question's words become the search index's lexemes (the same Porter stems), each with the
 *   synonyms of a small hand-written thesaurus of what residents and owners ask about (synonyms.ts).
 * - Each word weighs by how rare it is among the candidate units (a word found everywhere in the
 *   retrieved text says little; a word found nowhere weighs most, so a question about something the
 *   documents never mention keeps a low score). Words that only shape the question ("allowed", "get",
 *   "much") weigh less.
 * - A unit matches a word in its own text (full), through a synonym (0.8) or only in its context:
 *   the heading above it, the lead-in line of its list, the sentence before it, or a fact's label
 *   and the question a person answered (0.5; 0.9 for a fact's label or taught question).
 * - The answer type the question asks for (an amount, a time, a day, a phone number, a duration, a
 *   number, a yes/no rule) adds when the unit holds one and subtracts when it does not.
 * - The chunk's search rank adds a little, so ties go to what search put first.
 */
import {
  BUSINESS_NAME_MONTHS,
  BUSINESS_NAME_WEEKDAYS,
  type Segment,
  segmentText,
  type Token,
  tokenize,
} from '@helixis/domain';
import type { Evidence } from './provider';
import { inThesaurus, synonymsOf } from './synonyms';
import { isMostlyNoun, isThingNoun, wordnetRelated } from './wordnet';

export type AnswerType =
  | 'money'
  | 'phone'
  | 'email'
  | 'time'
  | 'day'
  | 'duration'
  /** A period before something: "14 days in advance", "48 hours' notice". */
  | 'lead'
  /** Several things: "What items may not be stored?" is answered by an enumeration. */
  | 'list'
  /** Where: "in the mail room", "at the front desk", "through the portal". */
  | 'place'
  | 'frequency'
  /** How big, how heavy: "up to 4.5 cubic feet", "10 by 12 feet", "60 pounds". */
  | 'size'
  /** How fast a thing is: "300 Mbps", "5 mph" ("How fast do you answer?" asks a duration). */
  | 'speed'
  | 'number'
  /** How old: "55 or older", "under 21", "18 years of age". */
  | 'age'
  | 'date'
  | 'yesno'
  | 'consequence'
  /** Who holds a role: "Who owns the company?", "who's the community manager?" — a person's name. */
  | 'person'
  /** A company, place or person asked by name: "who's the snow removal company?", "what's the name of the park?". */
  | 'named';

export interface QuestionTerm {
  lexeme: string;
  synonyms: ReadonlySet<string>;
  /** Words WordNet puts in a synset with the question's word (wordnet.ts), matched at RELATED_WEIGHT. */
  related: ReadonlySet<string>;
  /** 1 for topic words, lower for words that only shape the question or were carried from earlier turns. */
  weight: number;
  /** Carried over from an earlier turn into a follow-up. */
  carried: boolean;
  /** A phrasal compound ("checkin"): counts only when the evidence uses it ("gas in" is no compound). */
  compound?: boolean;
  /** The verb a question asks about doing ("scrape" in "can I scrape the hull?"). */
  action?: boolean;
  /** Said only in the scene before the asking clause ("lost my fob on the ferry. how much for a new one?"). */
  scene?: boolean;
}

export interface QuestionProfile {
  terms: QuestionTerm[];
  type: AnswerType | null;
}

/** Words that shape a question more than they name its topic. */
const SHAPING_WORDS = new Set(
  tokenize(
    `allow allowed permit permitted ok okay possible need needs get getting got go going want like know tell let
    make much many long time times goes wrong day days week weeks month months year years number numbers find take use
    able anyone someone something anything thing things way happen happens supposed expected required ask
    mean possible again else kind sort type really actually exactly still usually normally currently
    please help think sure summarize summarise summary explain describe new one ones far ahead beforehand
    decide decided thinking wondering wonder gonna wanna guess maybe probably hoping hope
    trying try curious done question quick come comes coming came somewhere anywhere someplace anyplace around besides
    main stuff anyway anyhow regardless`,
  ).map((t) => t.lexeme),
);
const SHAPING_WEIGHT = 0.35;
/**
 * Greetings, thanks and contracted question words ("what's" → "whats"): not words of a question at all;
 * nor is "till", which the index already drops as "until".
 */
const SOCIAL_WORDS = new Set(
  tokenize(
    `hello hi hey thanks thank cheers bye goodbye good morning afternoon evening great cool awesome
    what's who's where's when's how's why's that's there's it's i'm i've i'd i'll we're we've you're don't
    can't won't isn't aren't doesn't didn't till til tho lol pls plz thx`,
  ).map((t) => t.lexeme),
);
/** True for a word that shapes a question ("much", "day", "someone") or is social, not one naming what it is about. */
export const isShapingWord = (lexeme: string): boolean => SHAPING_WORDS.has(lexeme) || SOCIAL_WORDS.has(lexeme);

const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred';

/** A phone number written out ("(555) 410-2299", "555-410-2299"). */
const PHONE_NUMBER = /\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/;
/** Trouble that 911 answers: fire, crime, someone hurt or in danger. */
const LIFE_SAFETY =
  /\b(?:911|fire|flames?|smoke|burning|gas|police|crime|robbed|robbery|stolen|steal|break[\s-]?in|broke(?:n)? into|intruder|assault\w*|attack\w*|hurt|injur\w*|bleed\w*|ambulance|medical|heart attack|unconscious|fell|fall(?:en)?|drown\w*|overdose|threat\w*|danger\w*)\b/i;

/**
 * "3 times the monthly rent": an amount one must earn, which answers "How much do I need to earn?" but is no
 * fee or price ("What is the fee to add a roommate?" is not answered by the income rule).
 */
const INCOME_MULTIPLE = new RegExp(
  `\\b(\\d+(\\.\\d+)?|${NUMBER_WORDS}) times (the|your) (monthly )?(rent|income|installments?|payments?)\\b`,
  'i',
);
const INCOME_MULTIPLES = new RegExp(INCOME_MULTIPLE.source, 'gi');
/** "…is not included in your rent": it costs extra, without saying how much. */
const NOT_INCLUDED = /\b(?:is|are)(?: not|n['’]t) included (?:in|with) (?:your|the) \w+\b/i;
const NOT_INCLUDED_ALL = new RegExp(NOT_INCLUDED.source, 'gi');
/** A question asking for an amount, not whether something is extra. */
const HOW_MUCH =
  /\bhow much\b|\bwhat(?:'s|’s| is| are| will be)\s+(?:the |my |our |your )?(?:[\w-]+ ){0,3}(?:cost|costs|fee|fees|price|prices|rate|rates|charge|charges)\b/i;
const ASKS_INCOME =
  /\b(earn|earns|earning|income|incomes|make|makes|salary|salaries|wage|wages|qualify|qualifies|afford)\b/i;
/** Of the income words, those that ask what one must earn ("need to make"), not "make a key copy". */
const EARNING = /\b(?:need|needs|have|has|got)\s+to\s+(?:make|earn)\b|\bearn(?:s|ed|ing)?\b/i;

/** The people a question can ask for by their role. */
const ROLE_NOUNS =
  '(?:owner|founder|co-founder|proprietor|principal|broker|manager|landlord|superintendent|super|director|coordinator|president|chair|chairperson|treasurer|secretary|caretaker|agent|administrator|supervisor|leasing agent|contact person|house parent|resident assistant|ra)';
/**
 * A person named with their role: "Owner: Harlan Vesey", "Community manager: Rosalind Achterberg.", "our
 * house manager, Sam Okonkwo", "Ines Calloway, the owner". A capitalised pair alone is too often a place
 * ("Welcome to Tallowbrook Terrace") or a title ("Lease Addendum").
 */
const NAME = "[A-Z][a-z'’]+(?:\\s+[A-Z]\\.)?\\s+[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?\\b(?!\\s+[A-Z&])";
/** The role nouns matched in a sentence whatever the case of their first letter ("Owner:", "our owner"). */
const ROLE_NOUNS_ANY_CASE = ROLE_NOUNS.replace(/(?<=^\(\?:|\||\s)([a-z])/g, (c) => `[${c}${c.toUpperCase()}]`);
const PERSON_NAME = new RegExp(
  `\\b${ROLE_NOUNS_ANY_CASE}s?\\b[^.:;,]{0,24}?(?::|,|\\bis)\\s+${NAME}|${NAME},\\s+(?:the|our|your|its)\\s+(?:[\\w-]+\\s+){0,2}${ROLE_NOUNS_ANY_CASE}\\b|${NAME}\\s*\\((?:the\\s+)?(?:[\\w-]+\\s+)?${ROLE_NOUNS_ANY_CASE}\\)`,
);

/** Words with a capital that are no name: days, months. */
const CALENDAR_CAPITAL =
  '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)\\b';
/**
 * A name in a sentence: a capitalised word after its first (not a label's "Front Units:", a day or a month),
 * or a sentence that opens with two capitalised words ("Ridgeline Towing removes…"). Acronyms ("CAM") are
 * no names.
 */
const NAMED_THING = new RegExp(
  `(?<=\\S\\s+)(?!${CALENDAR_CAPITAL})[A-Z][a-z][\\w'’&-]*\\b(?!\\s*:)|^(?!${CALENDAR_CAPITAL})[A-Z][a-z][\\w'’&-]*\\s+(?!${CALENDAR_CAPITAL})[A-Z][a-z][\\w'’&-]*\\b(?!\\s*:)`,
);

const TYPE_RULES: readonly { type: AnswerType; asks: RegExp; has: RegExp; also?: RegExp }[] = [
  {
    // "What happens if…": what is done about it — a charge, a removal, a loss, a notice.
    type: 'consequence',
    asks: /$^/,
    has: /\b(may|will|can|must|would|is|are) (be )?(\w+ )?(ticketed|towed|fined|charged|billed|removed|terminated|cancell?ed|reported|suspended|disposed|thrown|forfeited|deducted|added|locked|withheld|sent|referred|evicted|returned)\b|\b(fees?|fines?|penalty|penalties|charges?|forfeits?|towed|ticketed|eviction|evict|terminate|termination|collections?|deducted|notice|lose|loses|loss|late|refunds?|refunded|credited|reimburse|replaced?)\b|^(if|when|once|after|unless)\b|\b(?:must|will|has to|have to|is asked to|will be asked to) (?:go home|leave|be removed|be taken away|move out)\b/i,
  },
  {
    type: 'age',
    asks: /\bhow old\b|\bwhat age\b|\bage (?:limit|requirement|minimum|restriction)s?\b|\bminimum age\b|\bold enough\b|\bage[- ]restricted\b/i,
    has: /\b\d{1,2}\s?(?:\+|and (?:up|over|older|better|above)\b|or (?:older|over|above|up)\b)|\b\d{1,2}[\s-]+(?:years?|yrs?)(?:[\s-]+old| of age)\b|\b\d{1,2}-year-olds?\b|\b(?:under|over|age|ages|aged|younger than|older than|at least)\s+\d{1,2}\b(?!\s*(?:feet|foot|ft|pounds?|lbs?|%|percent|days?|hours?|minutes?|weeks?|months?|years?(?! old)|gallons?|inches|inch|miles?|mph|amps?|spaces?|cars?|vehicles?|guests?|people|pets?))/i,
  },
  // "What's the best e-mail to reach the owner?": an e-mail named is what is asked, however it is reached.
  { type: 'email', asks: /\be-?mail( address)?\b/i, has: /[\w.+-]+@[\w-]+\.[\w.]+/ },
  {
    type: 'phone',
    // "What's the after hours number?", "the owner's cell?", "front desk number pls" ask for a phone number
    // ("the number of guests" is a count).
    // Not a call one takes ("a zoom call at my desk", "a 2 hour client call"), a phone booth, or the number
    // of a space, a unit or a site ("what's my parking space number?").
    asks: /\b(phone(?!\s+(?:booths?|rooms?|pods?)\b)|cell|cellphone|mobile (?:number|phone)|(?<!\b(?:zoom|video|client|conference|sales|team|work|an?|my|our|the|long|hour)\s)call(?!\s+(?:me|us|you|them|him|her)\b)|calling|dial|text|number to|reach (you|someone|the)|hotline|(?:emergency|maintenance|after[\s-]hours|office|phone|help|support|service|urgent|main|direct|on[\s-]call|security|leasing|what|which|the) line)\b|\bwho (do|should|can) (i|we|residents?|tenants?) (call|contact|reach)\b|\b(?:front desk|manager|management|maintenance|leasing|emergency|contact|security|concierge|super|superintendent|landlord|reception|guest services)(?:'s|’s)?\s+(?:phone\s+)?(?:number|#)(?!\s+of\b)|\b(?:what|which)(?:'s|’s| is)?\s+(?:the\s+|your\s+|our\s+)?(?:[\w'’-]+\s+){0,3}(?<!\b(?:space|spot|unit|apartment|apt|lot|site|slip|room|suite|stall|locker|mailbox|account|permit|tag|plate|order|confirmation|case|ticket|building|door|house|bay|plot|tract|seat|desk)\s)numbers?\b(?!\s+of\b)/i,
    has: new RegExp(`${PHONE_NUMBER.source}|\\b911\\b`),
  },
  {
    // "Who owns Vesey Family Rentals?", "who's in charge there?", "need a name": a person who holds a role,
    // named ("Owner: Harlan Vesey", "Community manager: Rosalind Achterberg."). "Who do I call?" asks a
    // number, "who pays?" a payer: neither is asked here.
    type: 'person',
    asks: new RegExp(
      `\\bwho\\s+(?:owns|runs|manages|supervises|oversees)\\b|\\bwho(?:'s|’s|\\s+is|\\s+are)\\s+(?:in ?charge|the boss|(?:the|your|our|my)\\s+(?:[\\w-]+\\s+){0,2}${ROLE_NOUNS}s?\\b)|\\b(?:name|names) of (?:the|your|our|my) (?:[\\w-]+\\s+){0,2}${ROLE_NOUNS}s?\\b|\\b${ROLE_NOUNS}['’]s name\\b|\\bneed a name\\b`,
      'i',
    ),
    has: PERSON_NAME,
  },
  {
    // "Who's the snow removal company the park uses?", "which company provides internet?", "what's the name of
    // the park?": a name is asked, and only a sentence that names something with capitals gives one
    // ("Brightline provides…", "…run by Harbor Lane Realty"); "CAM covers snow removal" does not.
    type: 'named',
    asks: /\bwho(?:'s|’s|\s+is|\s+are)\s+(?:the|your|our|my)\s+(?:[\w-]+\s+){0,3}(?:company|companies|contractor|contractors|vendor|vendors|provider|providers|firm|utility|carrier)\b|\b(?:which|what)\s+(?:company|companies|contractor|vendor|provider|firm|utility|carrier)\b|\bname of (?:the|your|our|my)\b/i,
    has: NAMED_THING,
  },
  {
    // "How much notice…" asks for a time; "where can I charge it" is about electricity.
    // A lead time is a period before something: "14 days in advance", "48 hours' notice", "a week before".
    type: 'lead',
    asks: /\bhow much (notice|time|warning|advance|lead time)\b|\bhow far (in advance|ahead|beforehand)\b|\bhow soon before\b/i,
    has: new RegExp(
      `\\b(\\d+|${NUMBER_WORDS}|a|one)(\\s?(-|to|or)\\s?(\\d+|${NUMBER_WORDS}))?[\\s-]+(full |business |calendar |working )?(days?|weeks?|months?|hours?|minutes?|years?|nights?)['’]?\\s+(\\w+\\s+){0,2}(in advance|ahead|before|beforehand|prior|notice|earlier)\\b|\\b(on|by) the (business |working )?(day|night|evening|morning|week) before\\b`,
      'i',
    ),
    // "written notice of 30 days", "notice of at least two weeks": the notice named before its length.
    also: new RegExp(
      `\\bnotice (of|at least|no less than|not less than)\\s+(at least\\s+)?(\\d+|${NUMBER_WORDS}|a|one)[\\s-]+(full |business |calendar |working )?(days?|weeks?|months?|hours?)\\b`,
      'i',
    ),
  },
  {
    type: 'money',
    // "How big is the deposit hold?": the size of an amount is the amount; "is it extra?" asks one.
    asks: /\bhow much\b|\b(?:is|are|was)\s+(?!there\b)(?:[\w-]+\s+){0,3}extra\b(?=\s*(?:$|[?,.!]|or\b|if\b|to\b|for\b|on\b|when\b))|\bhow (?:big|large|high|steep) (?:is|are|was) (?:the |a |an |my |your |our )?(?:[\w-]+ ){0,2}(?:deposits?|holds?|discounts?|bills?|payments?|rent|deductibles?|increases?)\b|\b(cost|costs|fee|fees|surcharge|surcharges|price|prices|pricing|charges|rate|rates|amount|pay for|penalty|penalties|fine|fines)\b|\bcharge\b(?!\s+(it|them|my|your|the|an?|our|his|her|their)\b)|\bwhat(?:'s|’s|\s+is|\s+are|\s+will be)\s+(?:the |my |our |your )?(?:monthly |annual |yearly |weekly |nightly )?(?:[\w-]+ )?(?:rent|rents|dues|deposits?)\b(?!\s+(?:due|paid|late|payments?)\b)/i,
    has: new RegExp(
      `\\$\\s?\\d|\\b\\d[\\d,.]*\\s?(%|percent\\b|dollars\\b|usd\\b|cents?\\b|¢)|(?<!\\b(?:any|one is|ones are|one's)\\s|-)\\bfree(?!-)( of charge)?\\b|\\bincluded (in|with) (your|the) (rent|fee|price|membership|stay)\\b|\\bno (?:[a-z-]+ )?(charge|cost|fee|rent|dues|deposit)s?\\b|\\b(?:do|does|did|will|would)(?: not|n['’]t) (?:need|require|owe|charge|have to pay) (?:a |an |any )?(?:[a-z-]+ )?(?:charge|cost|fee|rent|dues|deposit)s?\\b|\\b(?:is|are|will be|gets?) waived\\b|\\bpro-?rated\\b|\\b(no|at no) (extra )?(charge|cost)\\b|\\b(\\d+|half|${NUMBER_WORDS}|a|one|a full)( and a half)? (month|week|months|weeks)['’]?s?['’]? (of )?(the )?rent\\b|${INCOME_MULTIPLE.source}`,
      'i',
    ),
  },
  {
    type: 'speed',
    asks: /\bhow fast (?:is|are|does|do) (?:the |your |our |my )?(?:[\w-]+ )?(?:wi-?fi|internet|connection|network|broadband|upload|download|boat|cart|speed limit)\b|\b(?:internet|wi-?fi|connection|upload|download) speeds?\b|\bspeed limit\b|\bhow fast (?:can|may|should|do|are) (?:i|we|you|people|residents|cars|boats)(?: (?:be )?allowed to| supposed to)? (?:drive|go|ride|travel|run|operate)\b/i,
    has: /\b\d+(\.\d+)?\s?(mbps|gbps|mb\/s|megabits?|gigabits?|gig|mph|miles per hour|km\/h|knots?)\b|\bgigabit\b|\bno[- ]wake\b/i,
  },
  {
    type: 'duration',
    asks: /\bhow (long|soon|quick|quickly|fast)\b|\bhow many (?:[a-z-]+ ){0,3}(days|weeks|months|hours|minutes|years)\b|\bwithin how\b/i,
    has: new RegExp(
      `\\b(\\d+|${NUMBER_WORDS})(\\s?(-|to|or)\\s?(\\d+|${NUMBER_WORDS}))?[\\s-]+((?!(?:a|an|per|each|every|the|or|and|to)\\b)[a-z]+[ -])?(days?|weeks?|months?|hours?|minutes?|years?|nights?)\\b|\\b(same|next)[ -]day\\b|\\bwithin\\b|\\bimmediately\\b|\\b(?:from|by) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.? \\d{1,2}\\b|\\bby the \\d{1,2}(?:st|nd|rd|th)\\b`,
      'i',
    ),
  },
  {
    type: 'time',
    asks: /\bwhat time\b|\b(?:check|move|pick|drop)[\s-]?(?:in|out|up|off) times?\b|(?<!\bafter[\s-])\b(?:hours|(?:opening|closing)(?!\s+(?:a|an|the|our|my|your|his|her|their|this|that|up|down)\b))\b|\bwhen (does|do|is|are)\b.*\b(open|opens|close|closes|closed)\b|\bhow late\b|\bhow early\b|\buntil when\b/i,
    has: /\b\d{1,2}(:\d{2})?\s?([ap]\.?m\.?)(?![a-z])|\b\d{1,2}:\d{2}\b|\b(noon|midnight)\b|\b24[- ]?(hours?|\/7)\b|\baround the clock\b/i,
  },
  {
    type: 'day',
    asks: /\b(what|which) days?\b|\bwhat day of\b/i,
    has: /\b(mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekdays?|weekends?|daily|every day|\d{1,2}(st|nd|rd|th)|(first|second|third|fifth|last) (day|business day|of))\b/i,
  },
  {
    type: 'frequency',
    asks: /\bhow (often|frequently)\b|\bhow many times\b/i,
    has: /\b(once|twice|every|each|daily|weekly|monthly|yearly|annually|quarterly|per (day|week|month|year)|a (day|week|month|year))\b/i,
  },
  {
    type: 'size',
    asks: /\bhow (big|large|small|tall|high|wide|heavy|deep|thick)\b|\bhow many (?:square |cubic )?(?:feet|foot|inches|pounds|lbs|acres|gallons)\b|\bwhat size\b|\bsize (limit|restriction)s?\b|\bweight (limit|restriction)s?\b|\bwhat(?:'s|’s| is| are)\s+the\s+(?:[\w-]+\s+)?(?:height|width|length|depth|dimensions?|square footage)\b/i,
    has: /\b\d+(\.\d+)?(\s?(-|to|by|x|×)\s?\d+(\.\d+)?)?[\s-]*(feet|foot|ft|inch|inches|cubic|square|sq|pounds?|lbs?|gallons?|watts?|meters?|metres?|cm|mm|yards?|kg|kilograms?|acres?|tons?|psi|degrees?)\b|\b\d+(?:\s?[x×]\s?\d+)+\b|\bno (?:size|weight|height|length) (?:limit|restriction|maximum)s?\b/i,
  },
  {
    type: 'number',
    // Not "in 10 min", which is minutes.
    asks: /\bhow many\b|\b(minimum|maximum|limit|limits|at least|at most|max)\b|(?<!\d\s?)\bmin\b/i,
    has: new RegExp(`\\b(\\d+|${NUMBER_WORDS}|no more than|up to|at most|unlimited)\\b`, 'i'),
  },
  {
    type: 'date',
    asks: /\bwhen\b|\bwhat date\b|\b(?:exact|specific)\s+dates?\b|\bwhat(?:'s|’s|\s+is|\s+are)\s+the\s+(?:[\w-]+\s+){0,2}dates?\b|\bdue\b|\bdeadline\b|\bcut-?offs?\b/i,
    has: /\b(january|february|march|april|may(?= \d)|june|july|august|september|october|november|december|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|\d{1,2}(st|nd|rd|th)|first|last|before|after|by(?= (?:the )?(?:\d|end|first|last|noon|midnight|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun))|within|days?|weeks?|months?|daily|weekly|monthly|annually|each|every|\d{1,2}[/-]\d{1,2}|\d{1,2}(:\d{2})?\s?[ap]\.?m|1\d{3}|20\d{2}|\d{2,4}s|bc|ad|bce|ce|century|centuries|years? ago|spring|summer|autumn|fall|winter)\b/i,
    // "Close a sharps container when it is three-quarters full": a condition that says when.
    also: /\bwhen (?:it|they|its|the [a-z-]+|your [a-z-]+) (?:is|are|reaches|reach|gets|get|becomes|become)\b/i,
  },
  {
    type: 'list',
    asks: /\b(what|which) (items|things|kinds|types|sorts)\b|\bwhat (is|are|else is|else are) (included|not allowed|prohibited|banned|covered)\b/i,
    has: /:\s*\S|,[^,]+,[^,]+/,
  },
  {
    type: 'place',
    asks: /\bwhere\b|\b(what|which) (town|city|county|state|neighbou?rhood|part of town)\b/i,
    has: /\b(in|at|on|from|inside|outside|behind|beside|next to|near|by|under|down|through|into|across from|opposite|to)\s+(the|a|an|our|your|each|every|any|building|suite|room|unit|apt|site|sites|level|dock|gate|door|stairs|elevators?)\b|\b(room|floor|levels?|decks?|basement|office|lobby|lot|yard|garage|desk|portal|website|online|app|chute|bins?|box|area|entrance)\b/i,
    // A named place: "born in Westmoreland County", "from Latin", "at Princeton"; a street address ("at 95
    // Kessler Road").
    also: /\b(?:[Ii]n|[Aa]t|[Nn]ear|[Ff]rom|[Oo]n|[Tt]o)\s+(?:the\s+)?[A-Z][a-z]|\b\d{1,6}\s+(?:[A-Z][a-z]+\s+){1,3}(?:Road|Rd|Street|St|Avenue|Ave|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Court|Ct|Place|Pl|Highway|Hwy|Parkway|Pkwy)\b/,
  },
  {
    type: 'yesno',
    // Also after a clause that sets the scene: "My son is 19, does he need a guarantor?"
    // …and after a statement with a tag: "leaving my boat in the driveway for a month, ok?", "- allowed?".
    asks: /(?:^|[.,;:!?]\s*|\s[–—-]\s+)(can|may|is|are|am|do|does|did|will|would|should|could|must|have|has)\b|[,;:–—-]\s*(?:(?:is|would)\s+(?:that|it|this)\s+(?:be\s+)?)?(?:ok|okay|alright|all right|allowed|cool|fine|permitted|possible)\s*\?+\s*$/i,
    has: /\b(not|no|never|only|allowed|permitted|prohibited|forbidden|bans?|banned|welcome|may|must|can|cannot|can't|won't|required|requires?|yes|available|accept|accepts|accepted|included|includes?|free|need|needs|subject to|as long as|provided|unless|except)\b/i,
  },
];

/** Words that open a question that is not yes or no. */
const WH_WORDS = 'what|when|where|who|whom|whose|which|why|how';
const QUESTION_OPENER = `(?:${WH_WORDS}|is|are|am|do|does|did|can|could|will|would|should|may|might|must|have|has)`;
const OPENS_AS_QUESTION = new RegExp(`^${QUESTION_OPENER}\\b`, 'i');

/** "What happens if I don't pay for two months?" asks for a consequence, whatever words it uses. */
const ASKS_CONSEQUENCE = /\bwhat (happens|will happen|would happen|do you do|will you do|if)\b/i;
/** "What items am I not allowed to store?": a question about what is forbidden is answered by a prohibition. */
const PROHIBITION =
  /\b(may not|must not|cannot|can not|can't|not allowed|not permitted|prohibited|forbidden|banned|never)\b/i;
const NEGATION_BONUS = 0.08;
/** "Can I…", "Am I allowed to…", "Is it OK to…": the question asks whether something may be done. */
const ASKS_MAY =
  /\b(?:can|could|may)\s+(?:i|we|he|she|they|my|our|you|guests?|visitors?|kids|children|tenants?|residents?)\b|\b(?:am i|are we|is (?:he|she|it)|are (?:they|you))\s+(?:allowed|permitted)\b|\bis it (?:ok|okay|alright|all right|fine|allowed|permitted)\b|\bdo you (?:allow|permit)\b|\b(?:allowed|permitted) to\b/i;
/** A sentence that states a rule: what may, must or may not be done, who only may do it, or up to what limit. */
const STATES_RULE =
  /\b(?:may|must|only|cannot|can not|can't|not allowed|not permitted|prohibited|forbidden|banned|never|allowed|permitted|welcome|limited|up to|no more than|at most|maximum)\b|^\s*no\s+[a-z]/i;

/** A clause that opens with an auxiliary verb asks yes or no ("Can mom take her cat when she moves?"). */
const YES_NO_OPENER =
  /^(?:(?:and|so|but|also|ok|okay|hi|hey|hello|please|quick question)[,\s]+)*(?:can|could|may|might|is|are|am|was|were|do|does|did|will|would|should|must|have|has)\b/i;
/** "Do you know when the pool opens?", "Can you tell me how much…": a question asked inside a yes/no one. */
const EMBEDDED_QUESTION =
  /\b(?:know|tell (?:me|us)|wondering|wonder|sure|remind (?:me|us)|explain|find out|let (?:me|us) know|say|ask)\s+(?:what|when|where|who|whom|which|why|how)\b/i;
/**
 * Answer types a yes/no question can still ask for by naming them ("Is there a fee…?" an amount, "Is there
 * a size limit…?" a size). Words of the others are only its circumstances there: "when she moves", "for
 * a couple of hours", "where we park".
 */
const NAMED_IN_YES_NO: ReadonlySet<AnswerType> = new Set(['money', 'phone', 'email', 'lead', 'size', 'number', 'list']);
/** A yes/no question asks for a phone number only when it names one ("Is there a number I can call?"). */
const YES_NO_ASKS_NUMBER = /\b(?:numbers?|phone|cell|hotline|line)\b/i;

/**
 * "How much snow before the plow comes?", "how much paint thinner can I keep?": a quantity of a thing,
 * answered by a measure ("2 inches", "5 gallons"), not a price. The word after "how much" names a thing
 * that is not money and is followed by the verb of the question.
 */
const HOW_MUCH_OF_A_THING =
  /\bhow much (?!(?:is|are|was|were|does|do|did|will|would|should|could|can|to|for|it|they|we|i|you|he|she|a|an|the|my|our|his|her|their|your|per|of|that|this|each|in|on|extra|more|less|money|cash|total|altogether|rent|rents|deposits?|fees?|dues|charges?|coverage|insurance|liability|notice|warning|time|advance|heads|a month|a week|a year)\b)[a-z][a-z-]*(?: [a-z][a-z-]*)? (?:can|could|may|might|do|does|is|are|will|would|should|must|before|until|am|have|has|falls?|fits?|holds?)\b/i;

/** "How long can my grass get before…?", "how tall can a hedge grow": a length, not a while. */
const GROWS_HOW_LONG =
  /\bhow (?:long|tall|high)\s+(?:can|may|could|should|is|are|do|does)\s+(?:(?:the|my|our|your|a|an)\s+)?(?:(?!(?:to|have|has|i|we|you|they|he|she|it)\b)[a-z'-]+\s+){1,5}?(?:get|grow)\b(?!\s+(?:the|a|an|my|our|your|it|them|in|into|to|there|here|back|out|approved|done|fixed|repaired|used)\b)/i;
const ASKS_FIT = /\b(?:will|would|does|do|can|could)\b[^?.]*\bfit\b/i;
const COUNT_FITS = new RegExp(
  `\\bhow many\\b|\\b(?:\\d+|${NUMBER_WORDS})\\s+(?!(?:foot|feet|ft|inch|inches|meters?|metres?)\\b)(?:people|children|[a-z]+s)\\b`,
  'i',
);
/** "at 6am", "after midnight", "until 9 pm": a clock time asked about (not a range "from 9 to 5"). */
const CLOCK_HOUR_ASKED =
  /\b(?:at|by|until|till|til|after|before|past)\s+(?:\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)|midnight|noon)(?!\s*(?:and|to|-)\b)/i;
/**
 * Whether a place is open on a day of every week ("open saturdays", "open on weekends"); not one day ("open the
 * Friday after Thanksgiving", which a closing says without hours).
 */
const OPEN_ON_A_DAY = /\bopen\s+(?:on\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|weekdays)\b/i;
/** Being let in or staying in a place ("come in", "get in", "work there", "use the gym"). */
const ACCESS_ASKED =
  /\b(?:come|get|go|walk|drive|be)\s+(?:in|into|inside|there|here|back)\b|\b(?:work|enter|access|use)\b/i;
function typeOfClause(clause: string): AnswerType | null {
  if (ASKS_CONSEQUENCE.test(clause) && !/\bhow much\b/i.test(clause)) return 'consequence';
  if (HOW_MUCH_OF_A_THING.test(clause) || GROWS_HOW_LONG.test(clause)) return 'size';
  // "Will a 35 foot fifth wheel fit in the lot?", "will my van fit in the garage?": a size says it ("can 20
  // people fit in the clubhouse?" asks a count).
  if (ASKS_FIT.test(clause) && !COUNT_FITS.test(clause)) return 'size';
  const yesNo = YES_NO_OPENER.test(clause.trim()) && !EMBEDDED_QUESTION.test(clause);
  // "Where do parcels end up when nobody is home?": a clause of condition after a question word says
  // when, not what is asked.
  const main = WH_OPENER.test(clause) ? clause.replace(CONDITION_TAIL, '') : clause;
  // "can i come in at 6am on a saturday?", "can I work there at midnight?": whether an hour is allowed is
  // answered by the hours.
  if (yesNo && CLOCK_HOUR_ASKED.test(main) && ACCESS_ASKED.test(main)) return 'time';
  // "is the leasing office open saturdays?": the hours say it ("10:00 a.m.-4:00 p.m. Sat.").
  if (yesNo && OPEN_ON_A_DAY.test(main)) return 'time';
  for (const rule of TYPE_RULES) {
    if (yesNo && rule.type !== 'yesno' && !NAMED_IN_YES_NO.has(rule.type)) continue;
    // "Can I just call the office and tell them I'm not renewing?" asks whether a call will do, not for a
    // number; "Is there a number I can call?" asks one.
    if (yesNo && rule.type === 'phone' && !YES_NO_ASKS_NUMBER.test(main)) continue;
    if (rule.asks.test(main)) return rule.type;
  }
  return null;
}
const WH_OPENER = /^\s*(?:what|where|who|whom|which|how|why)\b/i;
const CONDITION_TAIL = /\s+\b(?:when|whenever|if|while|once|in case)\b[^,;?]*/i;

/** The clause that asks, after a scene set before it with a comma ("…late for a deadline, can we keep it on?"). */
function askingClause(sentence: string): string {
  // …or with a spaced dash ("Thinking of adopting a german shepherd - is there a weight limit on dogs?").
  const clauses = sentence.split(/,\s+|\s+[-–—]\s+/);
  for (let i = clauses.length - 1; i > 0; i--) {
    if (OPENS_AS_QUESTION.test(clauses[i] ?? '')) return clauses.slice(i).join(', ');
  }
  return sentence;
}

/** The sentence that asks when a question has several ("Dad lost his call button. How much…?"), else null. */
function askingSentenceOf(question: string): string | null {
  const sentences = question.split(/(?<=[.!?])\s+/).filter((s) => /\w/.test(s));
  if (sentences.length < 2) return null;
  return [...sentences].reverse().find((s) => s.trim().endsWith('?') || OPENS_AS_QUESTION.test(s.trim())) ?? null;
}

/**
 * The sentence and clause that ask, without the scene set before them; a reason or a circumstance inside
 * the asking clause ("…bc my paycheck got held up", "…while we pack for a trip") sets the scene too.
 */
function askingPartOf(question: string): string {
  return askingClause(askingSentenceOf(question) ?? question)
    .replace(TRAILING_SCENE, '')
    .replace(REASON_CLAUSE, ' ');
}
/** "what happens if my rent is a couple days late, im waiting on a paycheck": a closing clause about oneself. */
const TRAILING_SCENE =
  /,\s+(?:i'?m|i am|i'?ve|i have|i'?ll|i was|we'?re|we are|we'?ve|we have|we'?ll|we were)\s+[^,?]*[?.!]*\s*$/i;
const REASON_CLAUSE = /\b(?:because|bc|cuz|since|while)\b[^?.,;!]*/gi;

/** An answer's first quoted sentence (the best one), or the whole answer when it quotes none. */
const bestQuoteOf = (answer: string) => /"([^"]{12,})"/.exec(answer)?.[1] ?? answer;

/** "…right now?", "…this year?", "…today?", "…in 2026?": the state of things at one time, not a standing rule. */
const ASKS_NOW = new RegExp(
  `\\b(?:right now|currently|at the moment|today|tonight|this (?:week|weekend|month|year|season|spring|summer|fall|autumn|winter|${BUSINESS_NAME_MONTHS.join('|')})|(?:in|for) 20\\d\\d)\\b`,
  'i',
);
/** An answer that says it holds every time, or names the time asked about. */
const HOLDS_ANY_TIME =
  /\b(?:every|each|annually|yearly|always|year-round|all year|daily|nightly|weekly|monthly|(?:once|twice|\w+ times) a (?:year|month|week)|20\d\d|right now|currently|today|tonight|this (?:week|weekend|month|year|season))\b/i;

/**
 * True when the asking part of a question asks how things stand at one time ("How long is the waiting
 * list right now?", "What's the gate code this month?") and the answer quotes only what holds in
 * general: documents say how things usually are, not how they are today, so a person confirms it.
 */
export function asksAboutNow(question: string, answer: string): boolean {
  const asking = askingPartOf(readIdioms(question)).trim();
  // "Can I bring cash for rent this month?" asks what is allowed, which a rule answers.
  if (ASKS_PERMISSION.test(asking)) return false;
  // The best quote decides, not a runner-up that happens to say "daily" (each part's, when it asks several).
  const first = questionParts(question).length > 1 ? answer : bestQuoteOf(answer);
  return ASKS_NOW.test(asking) && !HOLDS_ANY_TIME.test(first);
}
const ASKS_PERMISSION = /^(?:\w+,?\s+)?(?:can|could|may|should|must|do|does)\s+(?:i|we|my|our|he|she|they)\b/i;

/** "What's the wifi password?", "When is the next pickup date?": a question after one value. */
const ASKS_VALUE =
  /^(?:\w+,?\s+)?(?:what(?:'s|’s| is| are)|what (?:date|day|time)|when(?:'s|’s| is| are)|which|who(?:'s|’s| is| are))\b/i;
/**
 * A sentence that says where a value is given out rather than giving it: "the password is given at
 * sign-up", "the dates are posted in the lobby", "changed monthly and sent to slip holders by text".
 */
const POINTS_ELSEWHERE =
  /\b(?:is|are)\s+(?:listed\s+|shown\s+|printed\s+|written\s+)?(?:on|in)\s+(?:page\s+\d+\s+of\s+)?your\s+(?:lease|statement|invoice|welcome\s+(?:packet|letter|e-?mail))\b|\b(?:is|are|and|gets?|will be)\s+(?:only\s+)?(?:posted|sent|announced|texted|e-?mailed|handed out|given (?:out|at|to)|issued (?:at|to|on))\b|\byou(?:'ll| will)?\s+(?:receive|get)\s+(?:an?|the)\s+(?:text|e-?mail|message|letter|call)\b/i;

/**
 * True when the asking part of a question asks for one value (a code, a password, the next date) and
 * the answer's best quote only says where that value is given out: the answer is honest, and a person
 * gives the value.
 */
export function answerPointsElsewhere(question: string, answer: string): boolean {
  // The best quote decides: a runner-up that says where a password is given does not undo a network's
  // name given first.
  const first = bestQuoteOf(answer);
  if (!ASKS_VALUE.test(askingPartOf(readIdioms(question)).trim()) || !POINTS_ELSEWHERE.test(first)) return false;
  // A quote that gives the value in one sentence and says where something else is posted in the next
  // ("…from 7:30 a.m. to 3:30 p.m. … the waiting time for a paddock is posted in the office") answered.
  const type = answerTypeOf(question);
  const sentences = first.split(/(?<=[.!?;])\s+/);
  // "The member network is KettleyardMembers…; the password is given at sign-up" names the network asked for.
  const asked = ASKS_NAME_ITSELF.test(question) ? lexemes(question) : null;
  const gives = (s: string) =>
    (type !== null && hasAnswerType(type, s)) || (asked !== null && namesOtherThan(`x ${s}`, asked));
  return !sentences.some((s) => !POINTS_ELSEWHERE.test(s) && gives(s));
}

/**
 * The kind of answer a question asks for, read only from the sentence that asks when it has several ("Dad
 * lost his call button. How much to get a new one?" asks for an amount, not a phone number; "what's the
 * gate code? i deleted the text" for no phone number); in a one-sentence question, from the clause that
 * asks, else from the whole sentence.
 */
export function answerTypeOf(asked: string): AnswerType | null {
  const question = readIdioms(asked);
  const asking = askingSentenceOf(question);
  if (asking) return typeOfClause(askingClause(asking));
  return typeOfClause(askingClause(question)) ?? typeOfClause(question);
}

export function hasAnswerType(type: AnswerType, text: string): boolean {
  const rule = TYPE_RULES.find((r) => r.type === type);
  return rule ? rule.has.test(text) || (rule.also?.test(text) ?? false) : false;
}

const CHARGE = tokenize('charge')[0]?.lexeme ?? 'charg';
/** "charge my car", "charging the scooter": charging a battery, not a price. */
const CHARGE_A_THING = /\bcharg(?:e|es|ing)\s+(?:my|our|your|the|an?|his|her|their)\s+(?!card|account|rent)\w+/i;

/** Words that only say which kind of answer is wanted, once the question's answer type is known. */
const TYPE_WORDS: Partial<Record<AnswerType, ReadonlySet<string>>> = {
  money: new Set(tokenize('cost costs price prices charge charges fee fees amount pay').map((t) => t.lexeme)),
  phone: new Set(tokenize('call phone number contact reach dial').map((t) => t.lexeme)),
  email: new Set(tokenize('email address contact').map((t) => t.lexeme)),
  duration: new Set(tokenize('long soon quick quickly fast minutes hours weeks months years').map((t) => t.lexeme)),
  lead: new Set(tokenize('notice advance ahead warning').map((t) => t.lexeme)),
  day: new Set(tokenize('day days').map((t) => t.lexeme)),
  age: new Set(tokenize('old older age ages year years').map((t) => t.lexeme)),
  // "How early can I roll the bins out?": the hour asked for, not an "Early lap swim".
  time: new Set(tokenize('time early earliest late latest').map((t) => t.lexeme)),
  frequency: new Set(tokenize('often frequently times').map((t) => t.lexeme)),
  number: new Set(tokenize('minimum maximum limit limits max min').map((t) => t.lexeme)),
  speed: new Set(tokenize('fast quick speed speeds').map((t) => t.lexeme)),
  named: new Set(tokenize('name names called company companies').map((t) => t.lexeme)),
  size: new Set(
    tokenize(
      'big large small tall high wide heavy deep thick size limit weight square feet foot inches meters yards pounds gallons acres',
    ).map((t) => t.lexeme),
  ),
};

/** "can I bring…", "should we test…", "do residents need to keep…": the verb after a modal and its subject. */
const ACTION_VERB =
  /\b(?:can|could|may|might|should|must|will|would|do|does|did)\s+(?:i|we|you|they|he|she|residents?|tenants?|guests?|people|anyone|my \w+|our \w+)\s+(?:(?:still|also|just|really|need to|have to|be able to)\s+)?([a-z]+)/gi;

/**
 * The verbs a question asks about doing ("bring" in "Can I bring my dog?"): documents say the same with
 * other verbs ("Dogs are welcome…"), so they shape the question more than they name its topic. Verbs
 * that name the topic themselves (smoke, park, sublet, pay…) keep their weight.
 */
function actionVerbsOf(question: string): Set<string> {
  const out = new Set<string>();
  for (const m of question.matchAll(ACTION_VERB)) {
    const verb = m[1] ?? '';
    const lexeme = tokenize(verb)[0]?.lexeme;
    if (lexeme && !inThesaurus(lexeme)) out.add(lexeme);
  }
  return out;
}

/** "Who should we call?", "who do I contact": whom, which a name answers as well as a number. */
const ASKS_WHOM_TO_CALL = /\bwho(?:m|'s)?\b[^.?!]*\b(?:call|contact|phone|ring|text)\b/i;
/** "call the Ashgrove Police Department", "contact Ridgeline Towing": a named party to call. */
const CALL_NAMED = /\b(?:call|contact|phone)\s+(?:the\s+|a\s+|an\s+)?(?:[A-Z][\w'&-]*\s+){0,4}(?:[A-Z][\w'&-]*)/;
/** "call the after-hours line", "contact the front desk": a line or a role to call, which answers whom. */
const CALL_A_ROLE =
  /\b(?:call|contact|phone|text|page)\s+(?:the|our|your)\s+(?:[\w'-]+\s+){0,3}(?:line|desk|office|hotline|patrol|manager|technician|staff|team|security|concierge|attendant|coordinator|superintendent|super|operator|dispatcher|guard)s?\b/i;
/** A party named to call, or a line or role to call (not a bare "call the after-hours number"). */
const namesWhomToCall = (text: string) => CALL_NAMED.test(text) || CALL_A_ROLE.test(text);

/** "How many square feet", "how big is the apartment": an area. */
const ASKS_AREA = /\bsquare (?:feet|foot|footage|meters?|metres?)\b|\bsq\.? ?(?:ft|feet)\b/i;
const AREA =
  /\bsquare (?:feet|foot|footage|meters?|metres?)\b|\bsq\.? ?(?:ft|feet|m)\b|\b\d[\d,]*\s?(?:sf|sqft|ft2|m2)\b/i;
/** "What time…", "until what time…": a clock time asked for ("how early" may ask a date: "30 days before"). */
const ASKS_CLOCK = /\bwhat time\b|\buntil what\b|\bwhat hours\b/i;
/** "…my corgi to work", "drinks after work": the workplace or the hours of work, not a topic. */
const AT_WORK = /\b(?:to|at|from|after|before) work\b/i;
/** "a work order": work to be done, which the question is about. */
const WORK_ORDER = /\bwork[\s-](?:orders?|requests?|tickets?)\b/i;
const WORK = tokenize('work')[0]?.lexeme ?? 'work';
/** "not urgent", "isn't an emergency", "non-urgent", "it can wait": a repair said to be routine. */
const NOT_URGENT =
  /\b(?:not|isn['’]?t|is not|no|nothing)\s+(?:an?\s+|that\s+|too\s+|really\s+|super\s+)?(?:urgent|emergency)\b|\bnon[\s-]?(?:urgent|emergency)\b|\bcan wait\b/i;
const URGENT_LEXEMES = tokenize('urgent emergency').map((t) => t.lexeme);
/** A question (or the turn it follows) that speaks of an emergency is never routine. */
const URGENT_WORD = /\b(?:emergenc\w*|urgent\w*)\b/i;
/** "…till someone comes to fix it", "before maintenance looks at it": a visit to repair something. */
const REPAIR_VISIT =
  /\b(?:someone|somebody|anyone|maintenance|a tech|technician|repairman|plumber|you guys|y'?all)\s+(?:\w+\s+){0,2}(?:comes?|fix(?:es)?|looks?|repairs?|gets? (?:to|out|here)|shows? up)\b/i;
/** "What date…", "the exact date of…": a day of the calendar asked for. */
const ASKS_CALENDAR_DATE =
  /\b(?:what|which|exact|specific)\s+dates?\b|\bwhat day of the month\b|\bwhen(?:'s|’s|\s+is|\s+are)\s+(?:the\s+)?(?:next\s+)?(?:[\w-]+\s+){0,3}dates?\b/i;
const MONTH_NAME =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/** A month, a weekday, a day of the month, a clock time, a year or a season: a *named* when. */
const NAMED_WHEN =
  /\b(?:january|february|march|april|may(?= \d)|june|july|august|september|october|november|december|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|\d{1,2}(?:st|nd|rd|th)|\d{1,2}(?::\d{2})?\s?[ap]\.?m|20\d{2}|spring|summer|autumn|fall|winter)\b/i;
/** "March 15", "the 15th of March", "the 3rd", "3/15", "the first Saturday of June", "Labor Day": a day of the calendar. */
const CALENDAR_DAY_SOURCE = `\\b${MONTH_NAME}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b|\\b\\d{1,2}(?:(?:st|nd|rd|th)\\s+(?:of\\s+)?|\\s+of\\s+)${MONTH_NAME}\\b|\\bthe\\s+\\d{1,2}(?:st|nd|rd|th)\\b|\\b\\d{1,2}\\/\\d{1,2}\\b|\\b(?:first|second|third|fourth|last)\\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\\s+(?:of|in)\\s+${MONTH_NAME}\\b|\\b(?:memorial|labor|independence|new year['’]?s|christmas|thanksgiving)(?:\\s+day)?\\b`;
/** A day of the calendar, or a year ("founded … in 1846"), all a history asks. */
const CALENDAR_DATE = new RegExp(
  `${CALENDAR_DAY_SOURCE}|\\b(?:1[0-9]{3}|20[0-9]{2})\\b(?!\\s*(?:%|feet|ft|sq|square|dollars?|sf|acres?))`,
  'i',
);
/** A day of the calendar, not a year: "what date in October…" is not answered by "the 2027-2028 lease year". */
const CALENDAR_DAY = new RegExp(CALENDAR_DAY_SOURCE, 'i');
/** A question naming a month already ("what date in October…"). */
const NAMES_MONTH = new RegExp(`\\b(?:in|during|of|early|late|mid)[\\s-]+(${MONTH_NAME})\\b`, 'i');
// "May" only before a day: "residents may renew" names no month.
const MONTHS_NAMED = new RegExp(`\\b${MONTH_NAME.replace('|may|', '|may(?=\\s+\\d)|')}\\b`, 'gi');
/** A month's first three letters, lower case ("Sept." and "September" are one). */
const monthKey = (name: string | undefined) => (name ? name.slice(0, 3).toLowerCase() : null);
/** The text gives a day of the calendar in the month asked (a day of another month answers no question about this one). */
function dayInMonth(text: string, month: string): boolean {
  if (!CALENDAR_DAY.test(text)) return false;
  const named = [...text.matchAll(MONTHS_NAMED)].map((m) => monthKey(m[0]));
  return named.length === 0 || named.includes(month);
}
/** "Do I pay for heat?", "do we have to pay the pet fee…": whether one pays, which who pays answers. */
const ASKS_WHO_PAYS =
  /^\s*(?:(?:and|so|but)\s+)?(?:do|does|will|would|am|is|are|should)\s+(?:i|we|you|they|tenants?|residents?|owners?|my \w+|our \w+)\s+(?:\w+\s+)?(?:have to |need to |got to )?pay\b|\bwho (?:pays|covers|is responsible for|has to pay|gets (?:charged|billed|fined)|gets the (?:fine|bill|charge|invoice)|is (?:charged|billed|fined))\b/i;
/** A question that asks the amount itself. */
const ASKS_AMOUNT = /\bhow much\b|\bwhat (?:does|do|will|would) (?:it|that|this|they|[\w-]+(?: [\w-]+)?) cost\b/i;
/** Who pays a charge: "paid by the landlord", "the tenant pays", "we cover". */
const PAYER =
  /\b(?:paid|covered) by (?:the )?(?:landlord|owner|association|hoa|management|tenant|resident)s?\b|\b(?:the landlord|the owner|the association|we|the tenant|tenants|residents?) (?:pays?|covers?)\b|\b(?:landlord|owner|association|tenant|resident|member|management)s?['’]s? (?:job|responsibility|expense|cost)\b|\b(?:landlord|owner|association|tenant|resident|member)s? (?:is|are|remains?) responsible\b/i;
/** Trouble that cannot wait for office hours: water where it should not be, fire, gas, no heat, a break-in. */
const URGENT_TROUBLE =
  /\b(?:burst\w*|leak\w*|flood\w*|overflow\w*|spraying|gushing|fire|smoke alarm|sparks?|sparking|gas smell|smell(?:s|ing)? gas|sewage|sewer|backed up|no (?:heat|power|electricity|hot water|water)|heat (?:stopped|went out|is out|isn't working|is not working)|broken into|break-?in|burglar\w*|middle of the night|after[\s-]hours)\b/i;
/** A line for emergencies: what a question about ordinary business is not answered with first. */
const EMERGENCY_LINE = /\b(?:emergenc\w*|after[\s-]hours|urgent|on[\s-]call|24\s*\/\s*7)\b/i;
const NOT_URGENT_PENALTY = 0.05;
const LOST_THEN_NEW =
  /\b(?:lost|lose|losing|broke|broken|stolen|cracked|damaged|misplaced)\b.*\b(?:a new one|another one|a new (?:[a-z]+\s)?(?:one|key|fob|card|remote|tag|sticker|decal|badge))\b/i;
/** "It's 11pm", "at 2 in the morning": an hour when the office is closed. */
const LATE_HOUR =
  /\b(?:(?:9|10|11|12)(?::\d{2})?\s?p\.?m\.?|(?:12|1|2|3|4|5)(?::\d{2})?\s?a\.?m\.?|midnight)(?![a-z])|\b(?:1|2|3|4|5)(?::\d{2})? in the morning\b/i;
/** A day the office is closed: "on weekends", "on a Sunday", "saturday afternoon"; not a stay "for the weekend". */
const OFF_DAY =
  /(?<!\b(?:for|all|this|next|every|each) (?:the |a |one )?(?:long )?)\b(?:weekends?|saturdays?|sundays?|holidays?)\b/i;
/** A range that holds the question's quantity ("27 to 34 feet" for a 30 ft boat). */
const QUANTITY_FIT_BONUS = 0.15;
const AGE = new RegExp(`\\b(\\d{1,2}|${NUMBER_WORDS})[\\s-]+(?:years?|yrs?)[\\s-]+old\\b`, 'i');
const CHILD_LEXEME = tokenize('child')[0]?.lexeme ?? 'child';
const COUNT_WORDS = 'one two three four five six seven eight nine ten eleven twelve'.split(' ');
/** A number in digits or words ("3", "three") as a number; 0 for another word. */
const numberOf = (word: string) => (/^\d/.test(word) ? Number(word) : COUNT_WORDS.indexOf(word.toLowerCase()) + 1);
/** "10" → 10, "ten" → 10; number words past twelve are read as no child's age. */
const ageOf = (word: string) => numberOf(word) || 99;

/** Each pair of the question's topic words said next to each other that a unit also says close together adds this. */
const PAIR_BONUS = 0.04;
const MAX_PAIRS = 2;
/** "Close together": at most this many content words apart ("clubhouse is open" for "clubhouse close"). */
const PAIR_WINDOW = 2;

/**
 * Neighbouring topic words of the question ("activities calendar", "clubhouse close"): a sentence that
 * names them together speaks of the same thing, where one naming each apart may not.
 */
function topicPairs(question: string, profile: QuestionProfile): [QuestionTerm, QuestionTerm][] {
  const byLexeme = new Map(profile.terms.filter((t) => isTopicTerm(t) && !t.carried).map((t) => [t.lexeme, t]));
  const sequence = tokenize(question).map((t) => byLexeme.get(t.lexeme));
  const compounds = new Set(profile.terms.filter((t) => t.compound).map((t) => t.lexeme));
  const pairs: [QuestionTerm, QuestionTerm][] = [];
  for (let i = 0; i + 1 < sequence.length; i++) {
    const a = sequence[i];
    const b = sequence[i + 1];
    // "front desk" is one thing (the thesaurus's "frontdesk"), already matched as such.
    if (a && b && a !== b && !compounds.has(`${a.lexeme}${b.lexeme}`)) pairs.push([a, b]);
  }
  return pairs;
}

/**
 * How many of the pairs the unit names within PAIR_WINDOW content words of each other (a fact: in its
 * label and the question or sentence it came from; a long owner's answer stored whole as one value would
 * otherwise name every pair of its topic). A pair its heading or the sentence before it
 * already names together ("Security Deposit" over every sentence of that section) tells its sentences
 * nothing apart.
 */
function pairsNear(pairs: readonly [QuestionTerm, QuestionTerm][], unit: Unit): number {
  const text = unit.kind === 'fact' ? `${unit.evidence.title} ${unit.evidence.context ?? ''}` : unit.text;
  const inOrder = tokenize(text).map((t) => t.lexeme);
  const positions = (term: QuestionTerm) =>
    inOrder.flatMap((l, i) => (l === term.lexeme || term.synonyms.has(l) ? [i] : []));
  let near = 0;
  for (const [a, b] of pairs) {
    if (matchOf(a, unit.context) && matchOf(b, unit.context)) continue;
    const pb = positions(b);
    if (positions(a).some((i) => pb.some((j) => j !== i && Math.abs(j - i) <= PAIR_WINDOW))) near++;
  }
  return near;
}

/** What owners call their business in a question about its name (profileQuestion). */
const BUSINESS_NOUN =
  /\b(?<=(?:the|your|this|our)\s+)(?:community|company|business|park|property|complex|resort|marina|center|centre|firm|agency|place)\b(?!\s+(?:manager|office|owner)s?\b)/i;

/** "What is your business called?" asks for a name, not about calling. */
const namingAsName = (question: string) => question.replace(/\b(called|named)(\s*[?.!]*\s*)$/i, 'name$2');

/**
 * A question asked of the business itself ("Where are you located?", "What's the park called?"): what
 * the owner said about it is preferred over a document's sentence of equal match (OWNER_BONUS).
 */
function asksOfBusiness(question: string): boolean {
  if (/\b(you|your|yours|you're|youre)\b/i.test(question)) return true;
  const named = namingAsName(question);
  return /\bname\b/i.test(named) && BUSINESS_NOUN.test(named);
}

/** A message that reports trouble that cannot wait and asks nothing: no question mark, no question word, no clause that asks. */
const REPORTS_TROUBLE_ONLY = new RegExp(
  `^(?![^?]*\\?)(?![^?]*\\b(?:${WH_WORDS})\\b)(?![^?]*(?:^|[,.;:!]|\\b(?:and|but|so))\\s*(?:can|could|may|might|should|shall|will|would|do|does|did|is|are|am|was|were|have|has)\\s+(?:i|we|you|it|they|he|she|my|our|the|that|this|there|someone|somebody|anyone|anybody)\\b)([^?]*(?:${URGENT_TROUBLE.source})[^?]*?)[\\s.!]*$`,
  'i',
);
/**
 * Phrases whose words mean something else together: "Who's in charge?" asks for the person running
 * things, not for a charge; "what part of town" for the area; "what kind of people rent from you" for the
 * customers.
 */
const IDIOMS: readonly [RegExp, string][] = [
  // "whats his number", "wheres the gym": the contraction typed without its apostrophe.
  [/\b(what|where|when|who|how)s\b/gi, "$1's"],
  [/\bin charge\b/gi, 'incharge'],
  // "Who owns the company?", "who runs the place?": the person in that role.
  [/\bwho\s+owns\b/gi, 'who is the owner of'],
  [/\bwho\s+(?:runs|manages)\b/gi, 'who is the manager of'],
  [/\b(?:part|side|end|area) of (?:town|the city)\b/gi, 'area'],
  [/\b(?:kinds?|types?|sorts?) of (?:people|folks|person)\b/gi, 'customers'],
  // "Do the units come with a dishwasher?": what is included, not coming anywhere.
  [/\bcomes? with\b/gi, 'include'],
  // "Where do packages end up?": where they are put, not when something ends.
  [/\b(?:end|ends|ended|ending) up\b/gi, 'go'],
  // "What time can we pull in?", "we'll roll in around 9pm": arriving, which rules call check-in.
  [/\b(?:pull|pulling|pulled|roll|rolling|rolled)\s+in\b(?!\s*(?:to|the|a|an|my|our|your)\b)/gi, 'arrive'],
  // "HOA dues" are the assessments; the stem of "dues" is that of "due" (a deadline), so it is said here.
  [/\bdues\b(?! assessments)/gi, 'dues assessments'],
  // "What does a reserved spot run per month?": what it costs.
  [
    /\b(what|how much) (does|do|would|will) ((?:it|that|this|one|they|an? [a-z]+(?: [a-z]+)?)) run\b/gi,
    '$1 $2 $3 cost',
  ],
  // "what's that run per month?", "how much is it gonna run us": what it costs.
  [/\b(what's|what is|how much's|how much is) (it|that|this|one) (?:(?:gonna|going to) )?run\b/gi, '$1 $2 cost'],
  // "how long until they get back to me?", "when will I hear back?": when they respond.
  [
    /\b(?:get|gets|getting|got|come|comes|coming)\s+back\s+to\s+(?:me|you|us|them|him|her)\b|\bhear\s+back\b/gi,
    'respond',
  ],
  // "can my brother crash in my room for the weekend?", "crash at our place": stay overnight.
  [/\b(?:crash|crashes|crashing)\s+((?:in|at|on)\s+(?:my|our|the))\b/gi, 'stay overnight $1'],
  // "need the air on past 6", "can you turn the air up": the air conditioning.
  [/\b(?:the|my|our|your)\s+air\b(?=\s+(?:on|off|up|down|running|going|working|broken|is|isn't|not)\b)/gi, 'the ac'],
  // "get out of my lease early": breaking it.
  [/\bget(?:ting)? out of (?:my|our|the|a|this) (lease|contract)\b/gi, 'break my $1'],
  // "When do I get it back?" (a deposit): refunded, not "come back every season".
  [
    /\bget(?:ting)? (it|them|that|this|(?:(?:my|our|the|any|some|all (?:of )?(?:my|our|the))\s+)?(?:deposit|money|fees?|payment|rent))\s+back\b/gi,
    'get $1 refunded',
  ],
  // "Do I need to be there?" (for a cleaning, an inspection, a repair): at home, as rules say it.
  [/\b(need|needs|have|has|got) to be (?:there|around|present)\b/gi, '$1 to be home'],
  // "What's the shortest stay you allow?", "the longest I can stay": a minimum or a maximum, as rules say it;
  // "the cheapest room" asks for a price.
  [/\bshortest\b/gi, 'minimum'],
  [/\blongest\b/gi, 'maximum'],
  [/\b(?:cheapest|least expensive|lowest[- ]priced)\b/gi, 'lowest price'],
  // "any kind of break on gas", "a break on rent": a discount.
  [/\b(?:a|any|some)\s+(?:kind of\s+|sort of\s+)?break\s+(?:on|for)\b/gi, 'a discount on'],
  // "use the gym by himself", "stay home on her own": alone, as rules say it (not "on my own dime").
  [
    /\bby (?:myself|himself|herself|themselves|themself|ourselves|yourself)\b|\bon (?:my|his|her|their|our|your) own\b(?=\s*(?:[?.,!;]|$|after|before|while|when|and|or|at|in|for|during|without)\b)/gi,
    'alone',
  ],
  // "how much heads up do you need": notice.
  [/\bheads[\s-]up\b/gi, 'notice'],
  // "crash at my place", "crash on our couch": stay over.
  [/\bcrash(?:ing)? (?:at|on|with)\b/gi, 'stay at'],
  // "how many nights can he stay over", "sleep over": an overnight guest.
  [/\b(?:stay|stays|staying|sleep|sleeps|sleeping)\s+over\b/gi, 'stay overnight'],
  // "Is wifi part of the rent?": included in it.
  [/\bpart of (the|my|your|our) (rent|lease|fee|price)\b/gi, 'included in $1 $2'],
  // "When do you send the paperwork to sign another year?": renewing.
  [/\bsign (?:on )?(?:for )?(?:another|a second|a new|one more) (?:year|lease|term)\b/gi, 'renew lease'],
  // "any wiggle room before it counts as late?": a grace period.
  [/\b(?:wiggle room|leeway)\b/gi, 'grace period'],
  // "I need to get rid of an old couch": disposing of it, not anything free.
  [/\b(?:get|getting|got) rid of\b/gi, 'dispose of'],
  // "how fast do they get there?": how soon someone reaches you.
  [/\b(?:get|gets|getting) (?:there|here|over here|to (?:me|us|you|my place|our place))\b/gi, 'reach'],
  // "When can I come see one of the lofts?": a showing (a tour, in the thesaurus; "tour" itself brings
  // WordNet's "go" and "turn").
  [
    /\b(?:come|stop by|swing by|drop by|go)(?: and| to)? (?:see|look at|view|check out)\b(?=\s+(?:an?|the|one|your|some|it|them|inside)\b)/gi,
    'showing',
  ],
  // "how late can my neighbor stomp around": the noise, not anything "around".
  [/\b(stomp\w*|bang\w*|jump\w*|run(?:s|ning)?|walk(?:s|ing)?|play(?:s|ing)?|mess(?:es|ing)?) around\b/gi, '$1'],
  // "What days does the garbage truck come?": when trash is picked up.
  [
    /\b(garbage|trash|recycling|compost|yard waste) (?:truck|trucks|men|man|guys?|pickup truck) (?:come|comes|coming|run|runs|show up|shows up)\b/gi,
    '$1 pickup',
  ],
  // "What time do we have to be out on the last day?": moving out.
  [
    /\b(?:have to|has to|need to|needs to|must|should|got to|gotta) be (?:all )?out\b(?! of (?:the|my|our) (?:way|car|lot|space|spot)\b)/gi,
    'move out',
  ],
  // "How many rentals do you have?": the size of the business, which the owner said in onboarding.
  [
    /\bhow many (?:rentals?|rental units|units|homes|houses|properties|apartments|doors|buildings)\b(?=[^?]*\b(?:you|y'all|your company|your business)\b[^?]*\b(?:have|manage|own|run|rent out|got)\b)/gi,
    'how many properties managed',
  ],
  // "for the whole year instead?": all year, which rules call annual.
  [/\b(?:the\s+)?(?:whole|entire|full)\s+year\b/gi, 'annual'],
  // "the side by side": a utility vehicle, as rules name it (UTV).
  [/\bside[\s-]by[\s-]sides?\b/gi, 'UTV'],
  // "my brother-in-law", "the in-laws": family, as the rules' visitors and guests are ("law" is no topic).
  [/\b(brother|sister|mother|father|son|daughter)s?[\s-]in[\s-]laws?\b/gi, '$1'],
  [/\bin[\s-]laws\b/gi, 'relatives'],
  // "the wifi is down", "the dishwasher died": it stopped working, as rules say it ("If the internet stops working…").
  [
    /\b(wi-?fi|internet|network|router|modem|cable|tv|elevators?|dishwasher|fridge|refrigerator|freezer|washer|dryer|stove|oven|microwave|disposal|a\/?c|air conditioning|air conditioner|heater|furnace|water heater|intercom|buzzer|gate|printer)(?:'s|’s| is| are| has| have| keeps)?(?: been| going| gone)? (?:down|out|dead|died|quit|crashed|went down|went out)\b(?! (?:of|to|for|on|in|at|there|here)\b)/gi,
    '$1 stopped working',
  ],
  // "while I work out of state", "we'll be out of town": away (no workout, no state law).
  [/\bout of (?:state|town|the country)\b/gi, 'away'],
  // "can we stay a few extra hours on our last day?": a late check-out.
  [
    /\b(?:stay|hang around|stick around)\s+(?:an?\s+)?(?:few\s+|couple\s+(?:of\s+)?|\d+\s+|two\s+|three\s+)?(?:extra|more)\s+hours?\b/gi,
    'late check-out',
  ],
  // "is there any way to pay it off over time?": a payment plan.
  [
    /\bpay\s+(?:(?:it|them|this|that|the\s+\w+)\s+)?(?:off\s+)?(?:over time|in installments|a little at a time|in parts)\b/gi,
    'payment plan',
  ],
  // "what time does it have to wrap up by": end.
  [/\bwrap(?:s|ped|ping)?\s+(?:(?:it|things|everything)\s+)?up\b/gi, 'end'],
  // "is there a fee on top of what i use": besides it ("top" is no topic).
  [/\bon top of\b/gi, 'besides'],
  // "do we get first dibs on our same tract?": the first right to it.
  [/\bfirst dibs\b/gi, 'first right'],
  // "how do i get it turned back on?" (a card, a service): reactivating it.
  [/\b(?:turned|switched|turn|switch) (?:it |them )?back on\b/gi, 'reactivated'],
  // "when's the window to sign back up for the same plot?": renewing.
  [/\bsign(?:ing)? (?:back up|up again)\b/gi, 'renew'],
  // "is there someone watching the pool in case…": a lifeguard.
  [
    /\b(?:someone|somebody|anyone|anybody|a person|staff)\s+(?:watching|watches|to watch|who watches|on duty at)\s+(?:the\s+)?(pool|beach|swimmers)\b/gi,
    'a lifeguard at the $1',
  ],
  // "how much notice to stop my monthly parking?": cancelling it.
  [
    /\bstop(?:ping)? (my|our|the) (?:(monthly|annual|weekly) )?(parking|membership|service|plan|permit|subscription|contract)\b/gi,
    'cancel $1 $2 $3',
  ],
  // "how much do I have to pay up front to reserve?": a deposit.
  [/\b(?:pay|paid|paying|put|collect|due)\s+(?:up[\s-]?front|in advance)\b(?![^?.]*\bdeposit)/gi, 'pay a deposit'],
  // "can i change my own oil in the lot?", "work on my car": car repairs, as rules name them.
  [
    /\b(?:chang(?:e|ing)|do(?:ing)?) (?:my|the|our|an?) (?:own )?oil(?: change)?\b|\b(?:work|working|fix|fixing) on (?:my|the|our|his|her) (?:car|truck|vehicle|van)\b/gi,
    'car repairs such as an oil change',
  ],
  // "how much more is the year-round slip": an annual one, as rules name it.
  [/\byear[\s-]round\b/gi, 'annual'],
  // "whats the deadline to get on the farrier list": signing up for it.
  [/\bget(?:ting)? on (?:the|a|your) (?:([\w-]+) )?(list|board|schedule|roster)\b/gi, 'sign up on the $1 $2'],
  // "when do i need to put money down to keep my spot": paying a deposit.
  [/\bput(?:ting)? (?:some |any |the )?(?:money|cash) down\b/gi, 'pay a deposit'],
  // "how much do we have to put down to hold it?" (not "put down a rug").
  [/\bput(?:ting)? down(?=\s*(?:[?.,!]|$|(?:to|for|on|by|before|when|if|and)\b))/gi, 'pay a deposit'],
  // "any way to get in earlier than normal?": an early check-in.
  [/\b(?:get|getting|come|coming) in (?:a (?:bit|little) )?earl(?:y|ier)\b/gi, 'early check-in'],
  // "the pipe under the sink is leaking and it's 1am": trouble reported without a question asks whom to call.
  [REPORTS_TROUBLE_ONLY, '$1. Who do I call?'],
];
/** The question with its idioms read as their meaning (idempotent: a read question reads the same). */
const readIdioms = (text: string) => IDIOMS.reduce((q, [idiom, meaning]) => q.replace(idiom, meaning), text);
/** A follow-up that asks the earlier question again under another condition ("same on weekends?"). */
const SAME_AS_BEFORE = /^\s*(?:(?:and|but|so|ok|okay)[\s,]+)?(?:(?:is|was)\s+(?:it|that|this)\s+)?(?:the\s+)?same\b/i;
/**
 * "Is that per pet?", "Does it include water?", "What time does it close at night?", "how much are
 * they?": a question about the answer just given or the earlier subject, which is then the question's
 * subject. Not the "it" of "how long does it take".
 */
const SUBJECT_POINTS_BACK =
  /^\s*(?:(?:and|but|so|ok|okay)[\s,]+)?(?:is|was|are|does|did|will|would|can|could|do)\s+(?:that|this)\b|\b(?:does|do|did|is|are|was|were|will|would|can|could)\s+(?:it|they|those|these)\b(?!\s+(?:take|takes|usually take)\b)/i;
/** A question word of the follow-up's own: it asks its own kind of answer. */
const OWN_QUESTION_WORD = /\b(?:what|when|where|who|whom|which|why|how)\b/i;
const MAY = tokenize('may')[0]?.lexeme ?? 'may';
/** "May" the month: before a day, or after a word that places a time ("in May", "the middle of may"). */
const MONTH_MAY =
  /\bmay\s+\d|\b(?:in|of|by|until|till|through|thru|from|since|mid|early|late|before|after|during|next|last|this|to|and|or|every|each|april|june)\s+may\b(?!\s+(?:i|we|you|they|he|she|it|my|our|the|a|be|not|have|need|also|still|just|only|well)\b)/i;
/** Words that only stress what follows. */
const INTENSIFIERS =
  /\b(?:totally|completely|literally|basically|honestly|seriously|definitely|absolutely|super|kinda|sorta|pretty)\b/gi;
const LETS_OTHERS_USE =
  /\b(?:someone|somebody|anyone|anybody|a friend|friends|my [a-z-]+|our [a-z-]+|another [a-z]+)\s+(?:else\s+)?(?:use|take over|keep\s+(?:his|her|their|a|an)\s+[a-z]+\s+in|stay in|live in|rent|sleep in|have)\s+(?:my|our)\s+(?:slip|studio|apartment|apt|unit|room|space|site|spot|plot|stall|desk|office|suite|home|house|place|condo|locker|garage|berth)\b/i;
/** "Can I rent my home out to someone else…?", "rent out our condo to a friend": letting one's own place. */
const RENTS_OUT_OWN =
  /\b(?:rent|renting|lease|leasing)\s+(?:out\s+)?(?:my|our)\s+(?:slip|studio|apartment|apt|unit|room|space|site|spot|plot|stall|desk|office|suite|home|house|place|condo|garage|berth)\s+(?:out\s+)?to\b/i;
/** "my little trailer", "a tiny grill": a size said in passing. */
const SIZE_FILLERS =
  /(?<=\b(?:an?|my|our|the|this|that|his|her|their|your|some)\s+)(?:little|tiny|lil)\b(?=\s+[a-z])/gi;
const OLD = tokenize('old')[0]?.lexeme ?? 'old';
/** "an old couch": "old" before the thing it describes. */
const ATTRIBUTIVE_OLD = /\b(?:an?|my|our|the|this|that|these|those|some|his|her|their|your)\s+old\s+[a-z]/i;
/** "too old", "how old", "years old": the age is what is asked or told. */
const PREDICATIVE_OLD = /\b(?:how|too|so|years?|yrs?|as|enough)\s+old\b|\bold\s+enough\b/i;
/** "per month", "a night", "each week": the period an amount is counted in. */
const RATE_PERIOD = /\b(?:per|a|an|each|every)\s+(?:month|week|night|day|year|hour|visit|season)\b/gi;
/** "the cans", "trash can": the noun, not the verb. */
const TRASH_CANS = /\bcans\b|\b(?:trash|garbage|recycling|rubbish|waste)\s+cans?\b/i;
const CAN = tokenize('cans')[0]?.lexeme ?? 'can';
const BIN = tokenize('bin')[0]?.lexeme ?? 'bin';
/** "get caught", "they catch me": someone being found out. */
const CAUGHT_DOING =
  /\b(?:get|gets|got|getting|am|is|are|was|were|be|been)\s+caught\b|\bcatch(?:es)?\s+(?:me|us|him|her|them|you|someone|anyone|somebody|anybody)\b/gi;
/** Words carried over from earlier turns into a follow-up weigh this much of the question's own. */
const CARRIED_WEIGHT = 0.5;
/** A follow-up naming only a new subject ("and the vet?", "what about the gym?"). */
const SWAPS_SUBJECT =
  /^\s*(?:(?:ok(?:ay)?,?\s+)?and|what about|how about)\s+(?:the|a|an|your|my|our)\s+[a-z'-]+(?:\s+[a-z'-]+)?\s*[?.!]*\s*$/i;
/** The earlier subject's words in such a follow-up. */
const SWAPPED_WEIGHT = 0.2;
/** Weekday names, and the days one says instead of a date. */
const WEEKDAY_LEXEMES = new Set(
  tokenize(
    `${BUSINESS_NAME_WEEKDAYS.join(' ')} ${BUSINESS_NAME_WEEKDAYS.map((d) => `${d}s`).join(' ')} tonight tomorrow today`,
  ).map((t) => t.lexeme),
);
/**
 * A follow-up that is only a condition of something going wrong: "and if I still can't pay?", "ok and if
 * it's still not fixed?" ("and if I pay by card?" asks the earlier amount again).
 */
const ONLY_CONDITION =
  /^\s*(?:(?:ok(?:ay)?|so|and|but)[\s,]+)+if\b(?=[^?]*\b(?:still|not|never|no|can'?t|cannot|don'?t|doesn'?t|won'?t|isn'?t|again|longer|more|later|beyond|past|anyway|anyhow|regardless)\b)[^?]*\??\s*$/i;
/** Verbs said of nearly anything ("bring", "keep", "book"): never the topic, whoever uses them. */
const GENERIC_VERBS = new Set(
  tokenize(
    'bring get use put have keep hold take go come leave make do store set add hang pay see find give let stay send ask book buy rent order call drive move',
  ).map((t) => t.lexeme),
);
/** An amount as amountsAsWords writes it ("$150" → "usd150"), and what naming one weighs. */
const AMOUNT_LEXEME = /^usd\d/;
const NAMED_AMOUNT_WEIGHT = 2;

/** A bare "how fast" and the words of a connection, whose speed it then asks. */
const BARE_HOW_FAST = /^\s*(?:(?:and|so|ok|okay)[\s,]+)?how fast\s*[?.!]*\s*$/i;
const CONNECTION = /\b(?:wi-?fi|internet|connection|network|broadband|fiber|fibre)\b/i;

/**
 * The question's words as lexemes with their synonyms and weights, and the answer type it asks for.
 * `carried`: the words a follow-up took from earlier turns (followup.ts), weighed lower than its own.
 */
export function profileQuestion(asked: string, carried = ''): QuestionProfile {
  let question = readIdioms(namingAsName(asked));
  // "What's the community called?", "the name of your park": the business's own name, whatever it is.
  if (/\bname\b/i.test(question)) question = question.replace(BUSINESS_NOUN, 'business');
  const terms = new Map<string, QuestionTerm>();
  // A follow-up that asks nothing of its own ("and dinner?") asks what the earlier question asked.
  // ("How do we pay it?" asks a way of its own, not the date the earlier question asked.)
  const asksOwn = OWN_QUESTION_WORD.test(question.replace(/\b(?:what|how) about\b/gi, ''));
  // "ok and if I'm still not paid by the 15th?": a follow-up that only says something still goes wrong asks
  // what happens then, not the earlier question's amount.
  let type =
    answerTypeOf(question) ??
    (carried && ONLY_CONDITION.test(question) ? 'consequence' : null) ??
    (carried && !asksOwn ? answerTypeOf(carried) : null);
  // "how fast" after a question about the internet asks its speed, not how soon.
  if (type === 'duration' && carried && BARE_HOW_FAST.test(question) && CONNECTION.test(carried)) type = 'speed';
  const typeWords = type ? TYPE_WORDS[type] : undefined;
  const verbs = actionVerbsOf(question);
  const add = (text: string, factor: number) => {
    for (const { word, lexeme } of tokenize(amountsAsWords(text))) {
      if (terms.has(lexeme) || SOCIAL_WORDS.has(lexeme)) continue;
      // "somewhere to charge my Tesla": charging a thing is the topic, not a word for the price.
      const typeWord = typeWords?.has(lexeme) === true && !(lexeme === CHARGE && CHARGE_A_THING.test(question));
      const shaping = SHAPING_WORDS.has(lexeme) || typeWord || verbs.has(lexeme);
      // "What's the $150 fee for?": an amount the question names says which charge it means.
      const named = AMOUNT_LEXEME.test(lexeme) ? NAMED_AMOUNT_WEIGHT : 1;
      const weight = (shaping ? SHAPING_WEIGHT : 1) * factor * named;
      const synonyms = synonymsOf(lexeme);
      const related = new Set([...wordnetRelated(word)].filter((l) => !synonyms.has(l) && l !== lexeme));
      // A verb of its own, not one that only shapes ("get") or a noun read as one ("our billing person").
      const action =
        verbs.has(lexeme) &&
        factor === 1 &&
        !SHAPING_WORDS.has(lexeme) &&
        !GENERIC_VERBS.has(lexeme) &&
        !isMostlyNoun(word);
      terms.set(lexeme, { lexeme, synonyms, related, weight, carried: factor < 1, ...(action ? { action } : {}) });
    }
  };
  add(question, 1);
  // "Where can I fish?": the verb asked about is the topic when the question names nothing else.
  // (A follow-up's topic comes with its carried words.)
  if (!carried && ![...terms.values()].some(isTopicTerm)) {
    for (const term of terms.values()) if (verbs.has(term.lexeme)) term.weight = 1;
  }
  /** The words a pattern (with the g flag) finds in the question only shape it. */
  const onlyShaping = (pattern: RegExp) => {
    for (const { lexeme } of tokenize(question.match(pattern)?.join(' ') ?? '')) {
      const term = terms.get(lexeme);
      if (term) term.weight = SHAPING_WEIGHT;
    }
  };
  // "cost per month?" after a question about the garages: the period says how an amount is counted; the
  // earlier subject is still what is priced.
  if (carried) onlyShaping(RATE_PERIOD);
  // "May I bring my dog?": the modal verb asks permission; only the month ("the middle of May") is a topic.
  if (!MONTH_MAY.test(question)) terms.delete(MAY);
  // "totally forgot", "literally just": words that only stress are no topic ("total" is a price's word).
  onlyShaping(INTENSIFIERS);
  // "an old couch", "our old wooden pallets": "old" says which one, as "new" does; "too old", "how old" ask it.
  const old = terms.get(OLD);
  if (old && ATTRIBUTIVE_OLD.test(question) && !PREDICATIVE_OLD.test(question)) old.weight = SHAPING_WEIGHT;
  // "my little utility trailer", "a tiny grill": a word that only says how small.
  onlyShaping(SIZE_FILLERS);
  // "Can I bring my corgi to work?", "drinks after work": where or when one works says only where the
  // question is asked from, not what it asks about ("If the printer stops working…").
  if (AT_WORK.test(question) && !WORK_ORDER.test(question)) {
    const term = terms.get(WORK);
    if (term) term.weight = SHAPING_WEIGHT;
  }
  // "when can i put the cans out": trash cans, which rules call bins or carts; the stem of "cans" is that of
  // the verb every rule uses ("you can…").
  const can = terms.get(CAN);
  if (can && TRASH_CANS.test(question)) {
    terms.delete(CAN);
    if (!terms.has(BIN)) terms.set(BIN, { ...can, lexeme: BIN, synonyms: synonymsOf(BIN), related: new Set() });
  }
  // "what happens if I get caught smoking", "if they catch me twice": being found out is how a rule's
  // penalty comes, not what it is about.
  onlyShaping(CAUGHT_DOING);
  const asking = new Set(tokenize(amountsAsWords(askingPartOf(question))).map((t) => t.lexeme));
  for (const term of terms.values()) if (!asking.has(term.lexeme)) term.scene = true;
  /** A topic word the question means without writing it ("my 10 year old" is a child). */
  const implied = (word: string) => {
    const lexeme = tokenize(word)[0]?.lexeme ?? word;
    if (!terms.has(lexeme)) {
      terms.set(lexeme, { lexeme, synonyms: synonymsOf(lexeme), related: new Set(), weight: 1, carried: false });
    }
  };
  // "my 10 year old", "a 6-year-old": a child, which is how rules speak of them ("Children under 14…");
  // the number and "old" say only which child.
  const age = AGE.exec(question);
  if (age && ageOf(age[1] ?? '') < 18) {
    for (const word of [age[1] ?? '', 'old']) {
      const term = terms.get(tokenize(word)[0]?.lexeme ?? '');
      if (term) term.weight = SHAPING_WEIGHT;
    }
    implied('child');
    // …and a rule drawing its line around that age ("residents 14 and 15 may…") speaks of that child.
    const child = terms.get(CHILD_LEXEME);
    if (child) child.synonyms = new Set([...child.synonyms, `#age${ageOf(age[1] ?? '')}`]);
  }
  // "can my brother keep his boat in my slip while I'm away?", "can someone else take over my studio?":
  // another person using one's own place is subletting or lending it, which is how rules speak of it.
  if (LETS_OTHERS_USE.test(question) || RENTS_OUT_OWN.test(question)) implied('sublet');
  // "Pipe burst under the sink at 3 am, who do I call?": trouble that cannot wait, asked for a number,
  // is an emergency, which is how handbooks name the line to call.
  if (type === 'phone' && URGENT_TROUBLE.test(question)) implied('emergency');
  // "faucet is dripping, not urgent": a repair that can wait is routine, which is how handbooks say how
  // soon one is done ("We respond to routine requests within 3 business days"), never an emergency.
  // So is a repair that nothing says is urgent, when the question asks how soon someone comes ("my faucet
  // has been dripping. how long till someone comes to fix it").
  const routineVisit =
    type === 'duration' &&
    REPAIR_VISIT.test(question) &&
    ![question, carried].some((text) => URGENT_TROUBLE.test(text) || URGENT_WORD.test(text));
  if (NOT_URGENT.test(question) || routineVisit) {
    for (const lexeme of URGENT_LEXEMES) terms.delete(lexeme);
    implied('routine');
  }
  // Words that count only where some candidate holds them, as a phrasal compound does:
  const spacedPairs = spacedPairsOf(question);
  const compounds = [...compoundsOf(question), ...hyphenatedOf(question), ...spacedPairs.map((pair) => pair.joined)];
  // "Lost my gate card. How much is a new one?": a new one of a thing lost or broken is a replacement,
  // which is how rules price it.
  if (LOST_THEN_NEW.test(question)) compounds.push(...tokenize('replacement').map((t) => t.lexeme));
  // "Locked out at 11pm": a late hour is after hours, which is how rules name it; so is a charge or a number
  // to call on a weekend or a holiday ("Locked out… how much? ok and on weekends?").
  const offDayAsked = (type === 'money' || type === 'phone') && OFF_DAY.test(question);
  if (LATE_HOUR.test(question) || offDayAsked) compounds.push(...hyphenatedOf('after-hours'));
  // "For 4 people?": a count is a word of the question whether written "4" or "four" (in the evidence
  // too). A child's age is no count ("my 10 year old").
  const counts = askedCountsOf(question).filter((c) => !age || c !== `#${ageOf(age[1] ?? '')}`);
  for (const count of counts) {
    const spelled = tokenize(COUNT_WORDS[Number(count.slice(1)) - 1] ?? '')[0]?.lexeme;
    if (spelled) terms.delete(spelled);
  }
  // "a 3rd sticker", "due the first": an ordinal matches in digits or words, as one word of the question.
  const ordinals = ordinalsWithSurface(question);
  // "What if I pay it on the 7th?": a day of the month is measured against the days a rule names ("by the
  // end of the 5th"), so another day of the month is its relative.
  const days = new Set(ordinalsOf([...question.matchAll(DAY_OF_MONTH)].map((m) => m[0]).join(' ')));
  for (const { ordinal, surface } of ordinals) {
    const term = terms.get(surface);
    if (term) {
      terms.delete(surface);
      const related = days.has(ordinal) ? new Set(DAY_ORDINALS.filter((d) => d !== ordinal)) : new Set<string>();
      terms.set(ordinal, { ...term, lexeme: ordinal, synonyms: new Set(), related });
    }
  }
  // "Do the other 4 roll over?", "is the top deck open?": a sentence that says the entry in other words
  // ("unused days do not carry over", "the roof level") says its words too.
  for (const { part: word, synonyms } of partsStandingFor(spacedPairs)) {
    const part = terms.get(word);
    if (part) part.synonyms = new Set([...part.synonyms, ...synonyms]);
  }
  // "check in" and "check-in" name one thing, different from "check out"; "wi-fi" is "wifi".
  for (const lexeme of [...compounds, ...counts]) {
    if (!terms.has(lexeme)) {
      terms.set(lexeme, {
        lexeme,
        synonyms: synonymsOf(lexeme),
        related: new Set(),
        weight: 1,
        carried: false,
        compound: true,
      });
    }
  }
  // "if they catch me twice": a second time, which rules say as "a second violation" or "two"; "twice" is
  // that count, not a word of its own.
  const secondTime = terms.get('#2');
  if (secondTime && SECOND_TIME.test(question)) {
    secondTime.synonyms = new Set([...secondTime.synonyms, '#2th']);
    terms.delete(TWICE);
  }
  // A follow-up with no topic word of its own ("How much is it?", "Until what time on those days?") is
  // about the earlier subject: its carried words are the topic.
  // "Same on weekends?", "Same rule after hours?": the earlier subject is asked about again, under the
  // follow-up's new condition; its words are as much the topic as the question's own.
  // "Is that per month?": a question about the answer just given is about its subject as much as its own word.
  // "hours?", "what's the cutoff?": a word for what the earlier subject has names no subject of its own.
  const ownTopic =
    [...terms.values()].some((t) => isTopicTerm(t) && !(carried && ATTRIBUTE_NOUNS.has(t.lexeme))) &&
    !SAME_AS_BEFORE.test(asked) &&
    !SUBJECT_POINTS_BACK.test(asked);
  // "and the vet?" after "when does the farrier come?": the vet takes the farrier's place, so the earlier
  // subject weighs little; "and for pets?" keeps it (the deposit, for pets).
  add(carried, ownTopic ? (SWAPS_SUBJECT.test(asked) ? SWAPPED_WEIGHT : CARRIED_WEIGHT) : 1);
  return { terms: [...terms.values()], type };
}

/**
 * Verbs of doing something to a thing a follow-up leaves unnamed ("how do I apply?", "how early can I
 * come?"): alone in a question, they lean on the earlier subject (followup.ts reads such a question as a
 * follow-up; rankUnits counts a unit naming its carried words as naming its topic).
 */
export const PROCEDURE_VERBS: ReadonlySet<string> = new Set([
  ...tokenize(
    'apply sign register enroll book reserve submit renew cancel pay give bring come arrive stay talk speak contact ask request schedule',
  ).map((t) => t.lexeme),
  'signup',
]);

/**
 * What something has rather than what it is ("what's the deadline?", "is there a waitlist?", "what are
 * the rules?"): alone in a question, they belong to the earlier subject.
 */
export const ATTRIBUTE_NOUNS: ReadonlySet<string> = new Set(
  tokenize(
    'deadline deadlines waitlist waitlists rule rules penalty penalties requirement requirements exception exceptions ' +
      'hours address location form forms paperwork documents cap refund refunds approval permission notice advance wait responsible ' +
      'cutoff cutoffs limit limits minimum maximum',
  ).map((t) => t.lexeme),
);

/** Topic words: the question's own words that name what it is about (not "much", "allowed"…). */
export function isTopicTerm(term: QuestionTerm): boolean {
  return term.weight >= 1;
}

const isTopicOrShaping = (term: QuestionTerm | undefined) => term !== undefined && !term.carried;
/** Carried words weigh together at most this share of the question's own words. */
const CARRIED_SHARE = 0.6;
/**
 * A word of the scene a unit does not hold counts this much less in the unit's coverage: "got my plot
 * assignment yesterday! how long do I have to get things in the ground?" asks about planting, and a
 * sentence that says nothing of the assignment is no worse an answer for it. A scene word the unit holds
 * still counts in full; the question's asking words always do, and so does the scene when the asking part
 * names no topic of its own ("…Will you keep them?"). Swept at 0.5–1 on sets A–I (decision 028,
 * twelfth round); never below half the question's weight.
 */
const SCENE_SHARE = 0.7;
const SCENE_FLOOR = 0.5;

/** One answer candidate: a whole sentence, list item or heading of the evidence, or a fact. */
export interface Unit {
  evidence: Evidence;
  kind: Segment['kind'] | 'fact';
  text: string;
  /** Position among the evidence item's units. */
  index: number;
  paragraph: number;
  own: ReadonlySet<string>;
  /** Lexemes around the unit (heading, list lead-in, previous sentence), matched at CONTEXT_WEIGHT. */
  context: ReadonlySet<string>;
  /** Lexemes of a fact's label or taught question, matched at LABEL_WEIGHT. */
  label: ReadonlySet<string>;
  /** Lexemes of the rest of the unit's paragraph, matched at PARAGRAPH_WEIGHT. */
  paragraphWords?: ReadonlySet<string>;
  /**
   * Lexemes of the sentence before one that opens with a pronoun ("Children under 12 may not use it."
   * after "The hot tub is kept at 102 degrees."): what the pronoun stands for, matched at ANTECEDENT_WEIGHT.
   */
  antecedent?: ReadonlySet<string>;
  /** For a list item: the text that introduces the list. */
  leadIn?: string;
  /** Its lexemes: what the list's items speak of ("The shuttle runs:" / "Weekdays: every 20 minutes"). */
  leadInWords?: ReadonlySet<string>;
  /** For a table row: its cells and the header row's, which say what each cell is. */
  row?: { header: readonly string[]; cells: readonly string[] };
  /** The unit is itself a question (an FAQ's "Q: …?"): it is context for what follows, never an answer. */
  asks?: boolean;
}

const SYNONYM_WEIGHT = 0.8;
const RELATED_WEIGHT = 0.6;
const IDF_PRIOR = 10;
const CONTEXT_WEIGHT = 0.5;
const LABEL_WEIGHT = 0.9;
/** The sentence a pronoun points back to: nearly the unit's own words. */
const ANTECEDENT_WEIGHT = 0.8;
/** A sentence about something named before it: "It is refunded…", "They must…", "Children … may not use it." */
const startsWithPronoun = (text: string) =>
  /^(it|its|they|them|this|these|those|that|he|she)\b|\b(it|them)[.!]?$/i.test(text.trim()) ||
  LEANING_OPENER.test(text.trim()) ||
  BREAKING_THE_RULE.test(text.trim()) ||
  ELLIPTICAL_END.test(text.trim());
/**
 * "The committee meets on the second Tuesday" after "…approval from the Architectural Review Committee": a
 * sentence that opens with the last word of a name given in full earlier in the passage speaks of what it
 * names. The nearest such name ("Architectural Review Committee"), or undefined.
 */
function nameShortened(text: string, segments: readonly { text: string }[], before: number): string | undefined {
  // The noun that opens the sentence is its subject ("The committee meets"), not a word before it ("The
  // charging spaces").
  const [, opener, next] = /^(?:the|this|that)\s+([a-z]+)\s+([a-z]+)/i.exec(text.trim()) ?? [];
  const head = opener && next && !isMostlyNoun(next.toLowerCase()) ? tokenize(opener)[0]?.lexeme : undefined;
  if (!head) return undefined;
  const capital = (w: string | undefined) => w !== undefined && /^[A-Z]/.test(w);
  const names = (word: string) => word.toLowerCase().startsWith(head) && tokenize(word)[0]?.lexeme === head;
  for (let i = before - 1; i >= 0; i--) {
    const words = segments[i]?.text.match(/[A-Za-z'-]+/g) ?? [];
    for (let j = words.length - 1; j > 0; j--) {
      if (!capital(words[j - 1]) || !capital(words[j]) || !names(words[j] ?? '')) continue;
      let from = j - 1;
      while (from > 0 && capital(words[from - 1])) from--;
      return words.slice(from, j + 1).join(' ');
    }
  }
  return undefined;
}
/** "Hot plates and toaster ovens are not.": what they are not is said in the sentence before. */
export const ELLIPTICAL_END = /\b(?:are|is|was|were|do|does|did|can|may|will|must|should)\s*(?:not|n[’']t)\s*[.!]?$/i;
/** "A first violation brings a written warning…": breaking the rule the sentence before states. */
const BREAKING_THE_RULE =
  /^(?:(?:a|an|the|each|every|any|your)\s+)?(?:(?:first|second|third|later|repeat(?:ed)?|further)\s+)?(?:violations?|offen[cs]es?|breach(?:es)?|infractions?|violators?)\b/i;
/** "If it is not, your lease…", "Once they are approved, …", "Otherwise, …": an opening clause about what came before. */
const LEANING_OPENER =
  /^(?:(?:if|when|once|unless|until|after|before|while|whether|as soon as)\s+(?:it|its|they|them|this|these|those|that|he|she)\b[^,;]{0,40}[,;]|otherwise\b|if not\b|if so\b)/i;
const TITLE_WEIGHT = 0.3;
/** The rest of the unit's paragraph: a sentence often names its subject a few sentences earlier. */
const PARAGRAPH_WEIGHT = 0.25;
const TYPE_BONUS = 0.15;
const TYPE_MISS = 0.25;
/** Types whose absence is almost sure to mean "not the answer": an amount, a number to call, a clock time. */
const EXACT_TYPES: ReadonlySet<AnswerType> = new Set([
  'money',
  'phone',
  'email',
  'time',
  'lead',
  'duration',
  'number',
  'size',
  'speed',
  'day',
  'frequency',
  'age',
  'person',
  'named',
]);
/** A broad type ("when", "where") is often answered in words its pattern does not know ("in late spring"). */
const BROAD_TYPE_MISS = 0.12;
const typeMissOf = (type: AnswerType | null) =>
  type === 'yesno' ? YESNO_MISS : type && EXACT_TYPES.has(type) ? TYPE_MISS : BROAD_TYPE_MISS;
/** A yes/no question is often answered by a plain statement ("Items left behind are kept for 30 days"). */
const YESNO_MISS = 0.06;
const RANK_WEIGHT = 0.08;
/** Facts a person taught through a task are trusted over document text. */
const HUMAN_BONUS = 0.08;
/** What the owner said (onboarding, a correction) is preferred a little over a document's sentence of equal match. */
const OWNER_BONUS = 0.08;
const LABEL_LIKE_PENALTY = 0.05;
/** How much of a neighbouring sentence's match a phone-number sentence borrows (see rankUnits). */
const BRIDGE_WEIGHT = 0.8;
const isLabelLike = (text: string) => !/[\d:]/.test(text) && text.split(/\s+/).filter(Boolean).length <= 4;

/**
 * Verbs that make a phrasal noun or verb with a particle: "check in", "check-in", "pick it up", "move
 * my stuff in" → "checkin", "pickup", "movein" (split only by a word for no thing in particular: in "pick
 * my car up" the car is what is asked about). Only these: "allowed on", "gas in" and "house on" are no compounds.
 */
const PARTICLE_COMPOUND =
  /\b(check(?:s|ed|ing)?|mov(?:e|es|ed|ing)|pick(?:s|ed|ing)?|drop(?:s|ped|ping)?|sign(?:s|ed|ing)?|log(?:s|ged|ging)?|lock(?:s|ed|ing)?|clean(?:s|ed|ing)?|walk(?:s|ed|ing)?|turn(?:s|ed|ing)?|shut(?:s|ting)?|switch(?:es|ed|ing)?|set(?:s|ting)?|hand(?:s|ed|ing)?|fill(?:s|ed|ing)?|plug(?:s|ged|ging)?|hook(?:s|ed|ing)?|back(?:s|ed|ing)?)(?:[\s-]|\s+(?:it|them|him|her|me|us|everything|(?:my|our|the|your|his|their)\s+(?:stuff|things|belongings))\s+)(in|out|up|off|on|over|back)\b/gi;
/** A hyphenated word ("Wi-Fi", "e-mail", "move-in", "24-hour") is also one word: "wifi", "email", "movein", "24hour". */
const HYPHENATED = /\b([a-z0-9]+)-([a-z]+)\b/gi;

/** A day as schedules write it: the full name in any case, or a capitalised abbreviation ("Sat.", "Thurs"). */
const DAY_WORD = String.raw`(?:[Mm]onday|[Tt]uesday|[Ww]ednesday|[Tt]hursday|[Ff]riday|[Ss]aturday|[Ss]unday|MONDAY|TUESDAY|WEDNESDAY|THURSDAY|FRIDAY|SATURDAY|SUNDAY|Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)s?\.?`;
const DAY_RANGE = new RegExp(
  String.raw`\b(${DAY_WORD})\s*(?:-|–|to|through|thru|until|till)\s*(${DAY_WORD})(?![\w])`,
  'g',
);
const DAY_ABBREVIATION = /\b(Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\b\.?/g;
const MONTH_WORD = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const MONTH_RANGE = new RegExp(
  String.raw`\b(${MONTH_WORD})(?:\s+\d{1,2}(?:st|nd|rd|th)?)?\s*(?:-|–|to|through|thru|until|till)\s*(${MONTH_WORD})(?:\s+\d{1,2}(?:st|nd|rd|th)?)?\b`,
  'gi',
);
/** The seasons, each from its first month counted from December (northern hemisphere, as the documents are). */
const SEASONS = ['winter', 'spring', 'summer', 'fall'];

/** The place of a day or month name ("Sat.", "sept") in a list of full names, by its first three letters. */
function placeIn(names: readonly string[], word: string): number {
  const prefix = word.toLowerCase().slice(0, 3);
  return names.findIndex((name) => name.startsWith(prefix));
}

/** The places from `from` to `to`, both included, going round a cycle of `size` ("Fri-Mon", "Nov-Mar"). */
function cycle(from: number, to: number, size: number): number[] {
  const out = [from];
  for (let i = from; i !== to; ) {
    i = (i + 1) % size;
    out.push(i);
  }
  return out;
}

const EVERY_DAY = /\b(?:daily|every\s+day|(?:7|seven)\s+days\s+a\s+week|24\s*\/\s*7)\b/i;
/**
 * The days a schedule names, as lexemes: "Mon.-Fri." holds Wednesday, "Sat." is Saturday, so a question
 * about Wednesdays or Saturdays finds the hours line.
 */
function scheduleDays(text: string): string[] {
  const days = BUSINESS_NAME_WEEKDAYS;
  const out: string[] = [];
  for (const m of text.matchAll(DAY_RANGE)) {
    const from = placeIn(days, m[1] ?? '');
    const to = placeIn(days, m[2] ?? '');
    if (from >= 0 && to >= 0) out.push(...cycle(from, to, days.length).map((i) => days[i] ?? ''));
  }
  for (const m of text.matchAll(DAY_ABBREVIATION)) out.push(days[placeIn(days, m[1] ?? '')] ?? '');
  // "weekdays 9 to 5" holds Wednesday; "Monday to Friday" is the weekdays.
  const weekdays = days.slice(0, 5);
  if (/\bweekdays?\b/i.test(text)) out.push(...weekdays);
  else if (weekdays.every((day) => out.includes(day))) out.push('weekday');
  // "open from 6:00 a.m. to 8:00 p.m. every day" holds the weekends too.
  if (EVERY_DAY.test(text)) out.push(...days, 'weekday', 'weekend');
  return out.flatMap((day) => tokenize(day).map((t) => t.lexeme));
}

/**
 * The seasons and months a stretch of months covers: "November 1 to March 31" is the winter, "May 15 to
 * September 15" the summer, so "and in the winter?" finds the winter gate hours, and "in January?" the
 * rule "from December 1 to March 31". Only ranges: a single date says when one thing happens, not a
 * season's rule. A season counts when the stretch holds two of its months; a month counts when it is in it.
 */
function rangeSeasons(text: string): string[] {
  const months = BUSINESS_NAME_MONTHS;
  const out = new Set<string>();
  for (const m of text.matchAll(MONTH_RANGE)) {
    const from = placeIn(months, m[1] ?? '');
    const to = placeIn(months, m[2] ?? '');
    if (from < 0 || to < 0) continue;
    const counts = new Map<string, number>();
    for (const month of cycle(from, to, months.length)) {
      const season = SEASONS[Math.floor(((month + 1) % 12) / 3)] ?? '';
      counts.set(season, (counts.get(season) ?? 0) + 1);
      // "parked on the street overnight in January": "from December 1 to March 31" holds January.
      out.add(months[month] ?? '');
    }
    for (const [season, count] of counts) if (count >= 2) out.add(season);
  }
  if (out.has('fall')) out.add('autumn');
  return [...out].filter(Boolean).flatMap((word) => tokenize(word).map((t) => t.lexeme));
}

/**
 * "$10" as one word of its own ("usd10", "$0.30" → "usd0c30"): an amount is not the number of something
 * else ("10 days" is no match for "costs $10").
 */
const amountsAsWords = (text: string) =>
  text.replace(
    /\$\s?(\d[\d,]*)(?:\.(\d+))?/g,
    (_, whole: string, cents?: string) => ` usd${whole.replace(/,/g, '')}${cents ? `c${cents}` : ''} `,
  );

/**
 * "First come, first served" says there is no booking; nothing in it is served ("How much does the car
 * service cost?" is not answered by "chargers cost $0.30 per kWh, first come, first served").
 */
const FIRST_COME = /\bfirst[- ]come,?\s+first[- ]served\b/gi;

/**
 * A text's lexemes, with schedule days, the seasons and months of month ranges, phrasal compounds
 * ("check-in", "pick up") and hyphenated words as one extra lexeme each.
 */
function lexemes(text: string): Set<string> {
  const out = new Set(tokenize(amountsAsWords(text.replace(FIRST_COME, 'first come'))).map((t) => t.lexeme));
  for (const day of scheduleDays(text)) out.add(day);
  for (const season of rangeSeasons(text)) out.add(season);
  for (const compound of compoundsOf(text)) out.add(compound);
  for (const joined of hyphenatedOf(text)) out.add(joined);
  for (const joined of spacedEntriesOf(text)) out.add(joined);
  for (const count of countsOf(text.replace(COUNTED_TIME, ' ').replace(MEASURED, ' ').replace(NUMBERED_NAME, ' '))) {
    out.add(count);
  }
  for (const ordinal of ordinalsOf(text)) out.add(ordinal);
  // "you get 10% off", "half off the first month": a discount, whatever the sentence calls it.
  if (PERCENT_OFF.test(text)) out.add(DISCOUNT_LEXEME);
  // "To end your residency, give written notice…", "ending the lease": moving out, as a tenant says it.
  if (ENDS_TENANCY.test(text)) out.add(MOVE_OUT_LEXEME);
  // "end your lease early", "leave before your lease ends", "early termination": breaking the lease.
  if (BREAKS_LEASE.test(text)) out.add(BREAK_LEXEME);
  // "Rent that arrives by the end of the 5th is on time", "a 5-day grace period": when a payment is late.
  if (ON_TIME.test(text)) out.add(LATE_LEXEME);
  // "Holiday weekends have a 3-night minimum": a minimum stay, though it never says "stay".
  if (NIGHTS_MINIMUM.test(text)) out.add(STAY_LEXEME);
  // "Children under 14 must be with an adult", "supervised by a parent", "Roof access … must be escorted by
  // our staff": whether one may be alone.
  if (WITH_ADULT.test(text)) out.add(ALONE_LEXEME);
  // "Residents must be 16 or older to use it alone; residents 14 and 15 may use it with a parent": the
  // ages under 18 a rule draws its line around, each one lexeme ("#age14"), which "my 14 year old" finds.
  for (const age of agesNamed(text)) out.add(`#age${age}`);
  // "Rent runs from $875 … up to $1,350", "$52 to $68": a range of prices says the lowest and the highest.
  if (PRICE_RANGE.test(text)) for (const lexeme of RANGE_ENDS) out.add(lexeme);
  return out;
}

/** An age a rule draws a line at: "16 or older", "under 14", "ages 12", "residents 14 and 15", "13-year-olds". */
const AGE_LIMIT =
  /\b(\d{1,2})\s+(?:or|and)\s+(older|over|up|above|under|younger)\b|\b(under|below|younger than|older than|aged?|ages)\s+(\d{1,2})\b(?!\s*(?:%|percent|days?|nights?|hours?|minutes?|weeks?|months?|feet|ft|inches|pounds|lbs|gallons?|miles?|square|sq|people|guests|persons|a\.?m|p\.?m|:))|\b(?:residents|guests|members|visitors|riders|swimmers|campers|teens|teenagers|anyone)\s+(?:aged?\s+)?(\d{1,2})\s+(?:and|to|or|through)\s+(\d{1,2})\b|\b(\d{1,2})-year-olds?\b/gi;
/** The child's ages (0–17) the rules of a text draw their lines around. */
function agesNamed(text: string): number[] {
  const out: number[] = [];
  const span = (from: number, to: number) => {
    for (let age = Math.max(from, 0); age <= Math.min(to, 17); age++) out.push(age);
  };
  for (const m of text.matchAll(AGE_LIMIT)) {
    if (m[1] && m[2]) {
      const n = Number(m[1]);
      if (/under|younger/i.test(m[2])) span(0, n);
      else span(n, 17);
    } else if (m[3] && m[4]) {
      const n = Number(m[4]);
      if (/under|below|younger/i.test(m[3])) span(0, n - 1);
      else if (/older/i.test(m[3])) span(n + 1, 17);
      else span(n, n);
    } else if (m[5] && m[6]) span(Number(m[5]), Number(m[6]));
    else if (m[7]) span(Number(m[7]), Number(m[7]));
  }
  return out;
}
const ENDS_TENANCY =
  /\b(?:end|ends|ending|terminate|terminates|terminating|termination of)\s+(?:your|the|a|their|his|her|my|our)\s+(?:residency|tenancy|lease|rental agreement|occupancy|membership)\b/i;
const MOVE_OUT_LEXEME = tokenize('moveout')[0]?.lexeme ?? 'moveout';
const BREAKS_LEASE =
  /\b(?:end|ending|terminate|terminating|leave|leaving|move out of)\s+(?:your|the|a|their|my|our)\s+(?:lease|tenancy|rental agreement|contract)\s+(?:early|before)\b|\b(?:leave|move out|moving out|vacate)\s+before\s+(?:your|the|their)\s+(?:lease|term|tenancy)\s+(?:ends|is over|expires)\b|\bearly (?:termination|lease termination|lease end)\b/i;
const BREAK_LEXEME = tokenize('break')[0]?.lexeme ?? 'break';
const WITH_ADULT =
  /\b(?:with|by|accompanied by|supervised by) (?:an? |their |his |her )?(?:adult|parent|guardian|grown-up)s?\b|\b(?:un)?supervised\b|\b(?:un)?escorted\b/i;
const ALONE_LEXEME = tokenize('alone')[0]?.lexeme ?? 'alone';
const ON_TIME = /\bon[\s-]time\b|\bgrace period\b/i;
const LATE_LEXEME = tokenize('late')[0]?.lexeme ?? 'late';
const NIGHTS_MINIMUM = new RegExp(
  String.raw`\b(?:\d+|${NUMBER_WORDS})[\s-]nights?\s+minimum\b|\bminimum\s+(?:of\s+)?(?:\d+|${NUMBER_WORDS})\s+nights?\b`,
  'i',
);
const STAY_LEXEME = tokenize('stay')[0]?.lexeme ?? 'stay';
const PRICE_RANGE = /\bfrom \$\s?\d[\d,.]*[^.;$]{0,60}?\b(?:up )?to \$\s?\d|\$\s?\d[\d,.]*\s*(?:-|–|to)\s*\$\s?\d/i;
const RANGE_ENDS = tokenize('lowest highest').map((t) => t.lexeme);
const PERCENT_OFF = /(?:\d\s?%|\bpercent|\bhalf|\d\s+cents|\$\s?\d[\d.,]*)\s+off\b/i;
const DISCOUNT_LEXEME = tokenize('discount')[0]?.lexeme ?? 'discount';

const ORDINAL_WORDS = 'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth'.split(' ');
const ORDINAL = new RegExp(String.raw`\b(?:(\d{1,2})(?:st|nd|rd|th)|(${ORDINAL_WORDS.join('|')}))\b`, 'gi');
/**
 * The ordinals a text names, as one lexeme each whether written in digits or words ("3rd", "third" →
 * "#3th"): "a 3rd parking sticker" finds "A third decal", "due the 1st" finds "the first of the month".
 * With the surface lexemes they replace (a question's "3rd" is one word, not two).
 */
function ordinalsWithSurface(text: string): { ordinal: string; surface: string }[] {
  const out: { ordinal: string; surface: string }[] = [];
  for (const m of text.matchAll(ORDINAL)) {
    const n = m[1] ? Number(m[1]) : ORDINAL_WORDS.indexOf((m[2] ?? '').toLowerCase()) + 1;
    const surface = tokenize(m[0])[0]?.lexeme;
    if (n >= 1 && n <= 31 && surface) out.push({ ordinal: `#${n}th`, surface });
  }
  return out;
}
const ordinalsOf = (text: string) => ordinalsWithSurface(text).map((o) => o.ordinal);
/** A day of the month: "on the 7th", "by the 15th?", "the 4th of the month" (not "the 3rd sticker"). */
const DAY_OF_MONTH =
  /\b(?:on|by|after|before|until|till|past|from)\s+the\s+\d{1,2}(?:st|nd|rd|th)\b(?=\s*(?:[?.!,;]|$|of\b|and\b|or\b|at\b|instead\b|but\b|is\b|will\b|do\b|does\b))/gi;
const DAY_ORDINALS = Array.from({ length: 31 }, (_, i) => `#${i + 1}th`);

/** Words a number names a place or a thing after ("level 2", "Tract 7", "no. 4"), not how many. */
const NUMBERED_PLACES =
  'section|level|suite|unit|room|building|apt|apartment|floor|lot|space|site|dock|slip|plot|tract|exam|no|number|bay|door|gate|row|stall|loop';
const DURATION_UNITS = 'seconds?|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|wks?|months?|years?|yrs?|times?|am|pm';
/**
 * A small count, digits or words alike ("4", "four"): not a time ("at 4", "4:00", "4 pm"), an amount
 * ("$4", "4%"), a decimal or part of a longer number.
 */
const COUNT = new RegExp(
  String.raw`(?<![$\d.,:/-]|\b(?:at|by|until|till|before|after|from|to|and|or)\s)\b(\d{1,2}|${COUNT_WORDS.join('|')})\b(?![.,:/]\d|-|\s*(?:%|a\.?m\b|p\.?m\b|o'?clock|percent|\d))` +
    // "After two returned payments": a number word before a noun counts after "after" or "before" too.
    String.raw`|(?<=\b(?:before|after)\s)\b(${COUNT_WORDS.join('|')})(?=\s+[a-z]{3,})`,
  'gi',
);

/**
 * The counts a question asks about: a number of things ("4 people", "two cats", "and for 3?"), not a
 * duration ("for 2 weeks"), a name ("Section 8") or "one" (mostly a pronoun: "can we put one in?").
 */
const ASKED_COUNT = new RegExp(
  String.raw`(?:(?<!\b(?:${NUMBERED_PLACES}|at|by|until|till|before|after|from|to|past|around)\.?\s)\b(?:${COUNT_WORDS.slice(1).join('|')}|\d{1,2})\s+(?!(?:${DURATION_UNITS})\b)[a-z]{3,}|\bfor\s+(?:${COUNT_WORDS.slice(1).join('|')}|\d{1,2})\s*[?.!]*$)`,
  'gi',
);
function askedCountsOf(question: string): string[] {
  const counts = [...question.matchAll(ASKED_COUNT)].flatMap((m) => countsOf(m[0]));
  // "What if it happens twice?": two times, as rules count them ("After two returned payments…").
  if (SECOND_TIME.test(question)) counts.push('#2');
  return counts;
}
const TWICE = tokenize('twice')[0]?.lexeme ?? 'twice';
/** "twice", "if it happens again": a second time. */
const SECOND_TIME =
  /\btwice\b|\bif (?:it|that|this|they|i|we) (?:\w+ )?(?:happens?|do(?:es)?|bounces?|gets?|goes|go) (?:\w+ )?again\b/i;

/** A count of time ("2 days' notice", "within 3 business days"): no count of things a question asks. */
const COUNTED_TIME = new RegExp(
  String.raw`\b(?:\d{1,2}|${COUNT_WORDS.join('|')})[\s-]+(?:(?:business|calendar|working|full)\s+)?(?:${DURATION_UNITS})\b`,
  'gi',
);

/** A measure ("2 inches of snow", "6 feet", "20 gallons"): no count of things a question asks ("we have 2 trucks"). */
const MEASURED =
  /\b(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[\s-]+(?:inch|inches|feet|foot|ft|pounds?|lbs?|miles?|mi|gallons?|degrees?|yards?|meters?|metres?|kilos?|kg|mph|square|sq|cubic|percent)\b/gi;

/** A number that names a place ("level 2", "Tract 7"): no count of things. */
const NUMBERED_NAME = new RegExp(String.raw`\b(?:${NUMBERED_PLACES})\.?\s+\d{1,2}\b`, 'gi');

/** The counts a text names, as one lexeme each whether written in digits or words: "#4". */
function countsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(COUNT)) {
    const word = (m[1] ?? m[2] ?? '').toLowerCase();
    const n = numberOf(word);
    if (n >= 1 && n <= 12) out.push(`#${n}`);
  }
  return out;
}

/**
 * The two-word thesaurus entries a text writes with a space or a hyphen ("after hours", "front desk",
 * "carry over"): their one-word lexeme, as "after-hours" gives, with the lexemes of the two words. Only
 * words within one phrase: "for each car, charged as…" holds no "car charger".
 */
function spacedPairsOf(text: string): { joined: string; parts: string[] }[] {
  const out: { joined: string; parts: string[] }[] = [];
  for (const phrase of text.toLowerCase().split(/[^a-z0-9\s'’-]+/)) {
    const words = phrase.match(/[a-z0-9]+/g) ?? [];
    for (let i = 0; i + 1 < words.length; i++) {
      const joined = tokenize(`${words[i]}${words[i + 1]}`)[0]?.lexeme;
      if (!joined || !inThesaurus(joined)) continue;
      const parts = [words[i], words[i + 1]].flatMap((w) => tokenize(w ?? '')[0]?.lexeme ?? []);
      out.push({ joined, parts });
    }
  }
  return out;
}

const spacedEntriesOf = (text: string): string[] => spacedPairsOf(text).map((pair) => pair.joined);

/**
 * The words of a question's two-word entries that stand for the whole entry where a sentence says it in
 * other words ("roll over": "unused days do not carry over"), each with the entry's lexeme. Not when a
 * word already reaches the entry's synonyms itself ("front desk": "desk" is a word for the office, "front" is not).
 */
function partsStandingFor(
  pairs: readonly { joined: string; parts: string[] }[],
): { part: string; synonyms: ReadonlySet<string> }[] {
  const out: { part: string; synonyms: ReadonlySet<string> }[] = [];
  for (const { joined, parts } of pairs) {
    const synonyms = synonymsOf(joined);
    if (synonyms.size === 0 || parts.some((p) => [...synonymsOf(p)].some((x) => synonyms.has(x)))) continue;
    for (const part of parts) out.push({ part, synonyms });
  }
  return out;
}

/** "Wi-Fi" → "wifi": the lexeme of a hyphenated word written as one. */
function hyphenatedOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(HYPHENATED)) {
    const lexeme = tokenize(`${m[1]}${m[2]}`)[0]?.lexeme;
    if (lexeme) out.push(lexeme);
  }
  return out;
}

/** "Check-in", "checking in" → "checkin"; "picked up" → "pickup" (the first word's stem and the particle). */
function compoundsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PARTICLE_COMPOUND)) {
    const stem = tokenize(m[1] ?? '')[0]?.lexeme;
    if (stem) out.push(`${stem}${(m[2] ?? '').toLowerCase()}`);
  }
  return out;
}

/** The evidence cut into units with their own and surrounding words. */
/**
 * The words a unit leans on: the sentence before, for one opening with a pronoun; a name given in full
 * earlier in the passage, for one opening with its last word ("The committee meets…").
 */
function antecedentOf(
  segment: Segment,
  previous: Segment | undefined,
  segments: readonly Segment[],
  index: number,
): { antecedent?: ReadonlySet<string> } {
  if (startsWithPronoun(segment.text) && previous && previous.paragraph === segment.paragraph) {
    return { antecedent: lexemes(previous.text) };
  }
  const named = nameShortened(segment.text, segments, index);
  return named ? { antecedent: lexemes(named) } : {};
}

/** A sentence that asks rather than tells ("Q: Do you check credit?"): never an answer itself. */
const isAsking = (text: string) => /\?\s*["'”’)]?$/.test(text.trim());

/** The cells of a table row ("| Standard plot | 10 x 20 feet | $45 |"), or null for any other line. */
export function tableCells(line: string): string[] | null {
  if (!/^\s*\|.*\|\s*$/.test(line)) return null;
  return line
    .trim()
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim());
}

export function unitsOf(evidence: readonly Evidence[]): Unit[] {
  const units: Unit[] = [];
  for (const item of evidence) {
    if (item.kind === 'fact') {
      units.push({
        evidence: item,
        kind: 'fact',
        text: item.text,
        index: 0,
        paragraph: 0,
        own: lexemes(item.text),
        context: new Set(),
        label: lexemes(`${item.title} ${item.context ?? ''}`),
      });
      continue;
    }
    const segments = segmentText(item.text);
    let heading = '';
    // A table's first row names its columns ("| Plot | Size | Season fee |"): it answers nothing itself,
    // and is every later row's label, as a field's name is its value's.
    let header: string[] = [];
    let leadIn = '';
    // An FAQ's question ("Q: Is the park accessible…?"): the sentences after it, up to the next question
    // or heading, are its answer and are read with its words as their label.
    let faqQuestion = '';
    segments.forEach((segment, index) => {
      if (segment.kind === 'heading') {
        heading = segment.text;
        faqQuestion = '';
      }
      const asks = isAsking(segment.text);
      const previous = segments[index - 1];
      const cells = tableCells(segment.text);
      if (cells && !(previous && tableCells(previous.text))) {
        header = cells;
        return;
      }
      // A list's lead-in: the paragraph ending with ":" before it (all of it: "The line, (555) …, is
      // answered day and night. Use it for:").
      if (segment.kind !== 'item') {
        leadIn = segment.text.endsWith(':')
          ? segments
              .filter((s) => s.paragraph === segment.paragraph && s.kind !== 'item')
              .map((s) => s.text)
              .join(' ')
          : '';
      }
      const around = [
        heading !== segment.text ? heading : '',
        segment.kind === 'item' ? leadIn : '',
        previous && previous.paragraph === segment.paragraph && previous.kind === 'sentence' ? previous.text : '',
      ].join(' ');
      const rest = segments
        .filter((other) => other.paragraph === segment.paragraph && other !== segment && other.kind !== 'heading')
        .map((other) => other.text)
        .join(' ');
      units.push({
        evidence: item,
        kind: segment.kind,
        text: segment.text,
        index,
        paragraph: segment.paragraph,
        own: lexemes(segment.text),
        context: lexemes(around),
        paragraphWords: lexemes(rest),
        label: cells ? lexemes(header.join(' ')) : !asks && faqQuestion ? lexemes(faqQuestion) : new Set(),
        ...(cells ? { row: { header, cells } } : {}),
        ...antecedentOf(segment, previous, segments, index),
        ...(segment.kind === 'item' && leadIn ? { leadIn, leadInWords: lexemes(leadIn) } : {}),
        ...(asks ? { asks: true } : {}),
      });
      if (asks) faqQuestion = segment.text;
    });
  }
  return units;
}

export interface ScoredUnit extends Unit {
  score: number;
  /** Weighted share of the question's words the unit matches (0..1). */
  coverage: number;
  /** Topic words (full weight) found in the unit's own text or through a synonym. */
  ownTopicHits: number;
  /**
   * A follow-up's own topic word is not in the unit but in its paragraph ("do i need more insurance for
   * that" after workshops: "…liability insurance… Tenants who hold workshops must carry at least $1,000,000").
   */
  topicAround?: boolean;
  typeMatch: boolean | null;
  /** The question wants the type itself, whatever it is ("what time…" a clock time, not "Memorial Day"). */
  typeRequired?: boolean;
  /** The answer type the question asks for. */
  type: AnswerType | null;
  /** For the best unit: how far it scores above the next one; 0 for the others. */
  margin: number;
  /** Weighted share of the question's words found anywhere in the unit's passage (0..1). */
  passage: number;
  /** Weighted share of the question's words the unit's own text holds as written (0..1). */
  exact: number;
  /** The weight share of the heaviest topic word found neither in the unit nor around it (0..1). */
  missing: number;
  /** How many topic words the question has. */
  topics: number;
  /** The unit gives another number for what the question numbers ("level 1" for "Level 2"). */
  conflict: boolean;
  /** "Is there a sauna by the pool?" where no candidate names a sauna: nothing says it exists. */
  absentThing?: boolean;
  /** The unit names none of the head nouns of what the question asks about (askedThingsOf). */
  thingUnnamed?: boolean;
  /** A money question names what it prices ("the security deposit") and the unit does not. */
  pricedMissing?: boolean;
  /** The unit names the asked thing in one clause and its amounts only in clauses about something else. */
  amountElsewhere?: boolean;
  /** "What's the name of the trainer?": the unit names no one and nothing the question does not. */
  nameMissing?: boolean;
  /** A "can I…?" question and a sentence stating a rule: what may or may not be done. */
  statesRule?: boolean;
}

/** The clauses of a sentence: cut at ";", ", and…", ", while…" and a sentence's end. */
const CLAUSE_BREAK = /;|,\s*(?:and|but|or|while|so|whereas)\s|\.\s+(?=[A-Z])/;
/** An amount (dollars or a percentage), or its absence said as one: "free", "no charge", "at no cost". */
const PRICED_CLAUSE =
  /\$\s?\d|\d\s?%|\bpercent\b|(?<!-)\bfree\b(?!-)|\b(?:no|at no) (?:extra |additional )?(?:charge|cost|fee)\b/i;
/** Words that say only that something costs: a clause of them prices whatever the sentence is about. */
const PRICE_ONLY = new Set(
  tokenize(
    `cost costs price prices charge charges charged fee fees amount pay pays paid rate rates is are be it that this
    per each month monthly year yearly week weekly day daily night nightly hour hourly extra additional plus total
    flat one-time once deposit refundable non-refundable nonrefundable also only just applies apply billed bill`,
  ).map((t) => t.lexeme),
);

/**
 * True when the text names the question's thing in one clause and gives its amounts in others that name
 * something else ("Return … pool cards to the office by 5:00 p.m.; a missing garage remote costs $45" for
 * a lost pool card). A clause that says only "the fee is $50" prices what the sentence is about.
 */
function pricesOtherThing(text: string, named: (lexemes: ReadonlySet<string>) => boolean): boolean {
  if (!PRICED_CLAUSE.test(text)) return false;
  const clauses = text.split(CLAUSE_BREAK).map((clause) => ({ clause, own: lexemes(clause) }));
  const priced = clauses.filter(({ clause }) => PRICED_CLAUSE.test(clause));
  if (priced.length === 0 || priced.length === clauses.length) return false;
  if (!clauses.some(({ clause, own }) => !PRICED_CLAUSE.test(clause) && named(own))) return false;
  return priced.every(({ own }) => {
    const content = [...own].filter((l) => !PRICE_ONLY.has(l) && !/^(?:usd|#)?\d/.test(l));
    return content.length > 0 && !named(own);
  });
}

/** Things told apart by a number: "Level 2", "building 3", "a 10x30 unit", "a two-bedroom", a year ("rents for 2025"). */
const QUALIFIED = new RegExp(
  `\\b(level|tier|phase|building|floor|unit|suite|site|lot|section|zone|plan|option|grade|class|stage|type)\\s+(\\d+|[a-e]\\b|${NUMBER_WORDS})|\\b(\\d+|${NUMBER_WORDS}|studio)[\\s-]*(bedroom|bed|br|bath|bathroom)s?\\b|\\b(\\d+\\s?x\\s?\\d+)\\b|\\b(20\\d{2})\\b(?![-–/]\\d)|\\b(\\d+(?:\\.\\d+)?)\\s?(gigs?|gigabits?|gbps|mbps|megabits?)\\b`,
  'gi',
);

interface Qualifier {
  key: string;
  value: string;
}

/** "two" and "2" are one qualifier ("a two-bedroom", "2 bedrooms"). */
const QUALIFIER_NUMBERS = 'one two three four five six seven eight nine ten eleven twelve'.split(' ');
const qualifierValue = (value: string) => {
  const word = value.toLowerCase();
  const at = QUALIFIER_NUMBERS.indexOf(word);
  return at >= 0 ? String(at + 1) : word;
};

function qualifiersOf(text: string): Qualifier[] {
  const out: Qualifier[] = [];
  for (const m of text.matchAll(QUALIFIED)) {
    if (m[1] && m[2]) out.push({ key: m[1].toLowerCase(), value: qualifierValue(m[2]) });
    else if (m[3] && m[4])
      out.push({
        key: m[4]
          .toLowerCase()
          .replace(/^(bed|br)$/, 'bedroom')
          .replace(/^bath$/, 'bathroom'),
        value: qualifierValue(m[3]),
      });
    else if (m[5]) out.push({ key: 'size', value: m[5].toLowerCase().replace(/\s/g, '') });
    else if (m[6] && !/[-–/]$/.test(text.slice(0, m.index))) out.push({ key: 'year', value: m[6] });
    // "the 1 gig plan" is not "the 300 Mbps plan": a speed, in megabits a second.
    else if (m[7] && m[8]) out.push({ key: 'speed', value: String(Number(m[7]) * (/^g/i.test(m[8]) ? 1000 : 1)) });
  }
  return out;
}

/** True when the text names a qualified thing of the question only with other numbers ("level 1" for "Level 2"). */
function conflicts(asked: readonly Qualifier[], text: string): boolean {
  const given = qualifiersOf(text);
  return asked.some((q) => {
    const same = given.filter((g) => g.key === q.key);
    return same.length > 0 && !same.some((g) => g.value === q.value);
  });
}

/** The period a price is given for: "per hour", "a night", "monthly" (each adverb with its noun). */
const PERIOD_OF: Record<string, string> = {
  hourly: 'hour',
  nightly: 'night',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
  annual: 'year',
  annually: 'year',
};
const PERIOD_NOUNS = 'hour|night|day|week|month|year|season|semester';
const PERIOD_ADVERBS = Object.keys(PERIOD_OF).join('|');
const PRICE_PERIOD = new RegExp(`\\b(?:per|a|an|each|every)\\s+(${PERIOD_NOUNS})\\b|\\b(${PERIOD_ADVERBS})\\b`, 'gi');
/** In a question only "per hour" or "hourly" names the period ("a week late" or "for a week" does not). */
const ASKED_PERIOD = new RegExp(`\\bper\\s+(${PERIOD_NOUNS})\\b|\\b(${PERIOD_ADVERBS})\\b`, 'gi');
function periodsOf(text: string, pattern = PRICE_PERIOD): string[] {
  return [...text.matchAll(pattern)].map((m) => {
    const word = (m[1] ?? m[2] ?? '').toLowerCase();
    return PERIOD_OF[word] ?? word;
  });
}
/** True when a sentence prices only by other periods than the one asked ("$9 a day" for "per hour"). */
function periodConflicts(asked: string, text: string): boolean {
  const given = periodsOf(text);
  return given.length > 0 && !given.includes(asked);
}

/**
 * A length, a weight, an age, an amperage or a length of time, read in the measure it is given in (time
 * in days: "3 weeks" is 21).
 */
const MEASURE =
  "(footers?|feet|foot|ft|'|pounds?|lbs?|amps?|years?[ -]old|year olds?|yrs? old|days?|nights?|weeks?|months?)";
const measureOf = (word: string): string =>
  /^(feet|foot|footers?|ft|')$/i.test(word)
    ? 'ft'
    : /^(pounds?|lbs?)$/i.test(word)
      ? 'lb'
      : /^amps?$/i.test(word)
        ? 'amp'
        : /^(days?|nights?|weeks?|months?)$/i.test(word)
          ? 'day'
          : 'age';
/** How many of the measure's unit one of the word is: a week is 7 days, a month 30. */
const unitSize = (word: string) => (/^weeks?$/i.test(word) ? 7 : /^months?$/i.test(word) ? 30 : 1);
/** A count in words or digits ("three weeks", "3 weeks"), as a number. */
const QUANTITY_NUMBER = String.raw`(\d+(?:\.\d+)?|${COUNT_WORDS.join('|')})`;
/** "a 30 ft sailboat", "my 12 year old", "a 70 lb box": the quantities a question gives. */
const ASKED_QUANTITY = new RegExp(String.raw`\b${QUANTITY_NUMBER}\s?-?\s?${MEASURE}(?![a-z])`, 'gi');
interface Quantity {
  measure: string;
  value: number;
}
interface Span {
  measure: string;
  low: number;
  high: number;
}
function quantitiesOf(text: string): Quantity[] {
  return [...text.matchAll(ASKED_QUANTITY)].map((m) => ({
    measure: measureOf(m[2] ?? ''),
    value: numberOf(m[1] ?? '') * unitSize(m[2] ?? ''),
  }));
}
const SPAN_RULES: readonly [RegExp, (a: number, b: number) => [number, number]][] = [
  // "between 14 and 29 days"
  [
    new RegExp(String.raw`\bbetween\s(\d+(?:\.\d+)?)\s(?:and|to)\s(\d+(?:\.\d+)?)\s?-?\s?${MEASURE}(?![a-z])`, 'gi'),
    (a, b) => [a, b],
  ],
  // "27 to 34 feet", "27-34 ft"
  [
    new RegExp(String.raw`\b(\d+(?:\.\d+)?)\s?(?:to|-|–)\s?(\d+(?:\.\d+)?)\s?-?\s?${MEASURE}(?![a-z])`, 'gi'),
    (a, b) => [a, b],
  ],
  // "up to 26 feet", "under 14 years old", "no more than 80 pounds", "less than 50 lbs"
  [
    new RegExp(
      String.raw`\b(?:up to|under|below|no more than|not more than|less than|at most|maximum(?: of)?|max\.?)\s(\d+(?:\.\d+)?)\s?-?\s?${MEASURE}(?![a-z])`,
      'gi',
    ),
    (a) => [Number.NEGATIVE_INFINITY, a],
  ],
  // "over 50 pounds", "more than 45 feet", "at least 16 years old"
  [
    new RegExp(
      String.raw`\b(?:over|above|more than|at least|longer than|older than)\s(\d+(?:\.\d+)?)\s?-?\s?${MEASURE}(?![a-z])`,
      'gi',
    ),
    (a) => [a, Number.POSITIVE_INFINITY],
  ],
  // "35 feet and longer", "60 pounds or more"
  [
    new RegExp(
      String.raw`\b(\d+(?:\.\d+)?)\s?-?\s?${MEASURE}\s(?:and|or)\s(?:longer|over|up|above|more|larger|bigger|heavier|older)\b`,
      'gi',
    ),
    (a) => [a, Number.POSITIVE_INFINITY],
  ],
];
/** Not followed by a unit that makes the number something else than an age ("under 14 feet", "15 minutes"). */
const NOT_A_UNIT = String.raw`(?!\s?-?\s?(?:%|\$|:|\.\d|feet|foot|ft|inch|inches|pounds?|lbs?|amps?|${DURATION_UNITS}|percent|dollars?|people|persons|cars?|vehicles?|pets?|spaces?)\b)`;
/** "under 14", "younger than 12": the upper bound of an age. */
const UNDER_AGE = String.raw`(?:under|younger than|below)\s(\d{1,2})\b${NOT_A_UNIT}`;
/**
 * Ages rules give without "years old": "children under 14", "16 or older", "residents 14 and 15", "ages 5
 * to 12".
 */
const AGE_SPAN_RULES: readonly [RegExp, (a: number, b?: number) => [number, number]][] = [
  [new RegExp(String.raw`\b${UNDER_AGE}`, 'gi'), (a) => [Number.NEGATIVE_INFINITY, a - 1e-9]],
  [/\b(\d{1,2})\s(?:or|and)\s(?:older|over|up)\b/gi, (a) => [a, Number.POSITIVE_INFINITY]],
  [
    new RegExp(
      String.raw`\b(?:residents?|children|kids|teens?|teenagers?|ages?|aged|guests?|members?|students?)\s(\d{1,2})(?:\s?(?:and|or|to|through|-|–)\s?(\d{1,2}))?\b${NOT_A_UNIT}`,
      'gi',
    ),
    (a, b) => [a, b ?? a],
  ],
];
/** The ranges a text sets for a measure ("27 to 34 feet", "up to 26 feet", "over 50 pounds"). */
function spansOf(text: string): Span[] {
  const out: Span[] = [];
  for (const [rule, range] of AGE_SPAN_RULES) {
    for (const m of text.matchAll(rule)) {
      const [low, high] = range(Number(m[1]), m[2] === undefined ? undefined : Number(m[2]));
      out.push({ measure: 'age', low, high });
    }
  }
  for (const [rule, range] of SPAN_RULES) {
    for (const m of text.matchAll(rule)) {
      const groups = m.slice(1);
      const word = groups.find((g) => g !== undefined && !/^\d/.test(g)) ?? '';
      const numbers = groups.filter((g): g is string => g !== undefined && /^\d/.test(g)).map(Number);
      const size = unitSize(word);
      const [low, high] = range((numbers[0] ?? 0) * size, (numbers[1] ?? 0) * size);
      // "under 14" leaves 14 out; "up to 26" keeps it.
      const open = /^(under|below|less than|over|above|more than|longer than|older than)/i.test(m[0]);
      out.push({
        measure: measureOf(word),
        low: open && low !== Number.NEGATIVE_INFINITY ? low + 1e-9 : low,
        high: open && high !== Number.POSITIVE_INFINITY ? high - 1e-9 : high,
      });
    }
  }
  return out;
}
/** "Children under 14 must…": a rule for people younger than an age, said of them by name. */
const AGE_CLASS = new RegExp(
  String.raw`\b(?:children|kids|minors|anyone|those|guests|residents|swimmers|riders|players)\s${UNDER_AGE}`,
  'gi',
);
/**
 * True when the unit's rule is for people under an age and the question's person is older ("Children
 * under 14 must be with an adult" does not say what a 15-year-old may do). A rule one must meet ("must
 * be 16 or older") still answers whoever does not.
 */
function ageClassExcludes(asked: readonly Quantity[], text: string): boolean {
  const ages = asked.filter((q) => q.measure === 'age');
  if (ages.length === 0) return false;
  const classes = [...text.matchAll(AGE_CLASS)].map((m) => Number(m[1]));
  return classes.length > 0 && ages.every((q) => classes.every((limit) => q.value >= limit));
}
/**
 * True when a range the unit sets holds a quantity the question gives ("27 to 34 feet" for a 30 ft
 * boat). A range that leaves it out counts nothing either way: among fee tiers it is the wrong row, but
 * "Back-in sites fit rigs up to 40 feet" is the answer to "will our 42 ft fifth wheel fit?" all the same.
 */
function quantityFits(asked: readonly Quantity[], text: string): boolean {
  if (asked.length === 0) return false;
  // A quantity named as it is ("unpaid for 60 days" for "two months") fits as a range holding it does.
  const spans = [
    ...spansOf(text),
    ...quantitiesOf(text).map((q) => ({ measure: q.measure, low: q.value, high: q.value })),
  ];
  return asked.some((q) => spans.some((s) => s.measure === q.measure && q.value >= s.low && q.value <= s.high));
}

type Match = 'exact' | 'synonym' | 'related' | null;

function matchOf(term: QuestionTerm, set: ReadonlySet<string>): Match {
  if (set.has(term.lexeme)) return 'exact';
  for (const s of term.synonyms) if (set.has(s)) return 'synonym';
  for (const s of term.related) if (set.has(s)) return 'related';
  return null;
}

/** How much a match counts: the word itself 1, a synonym of the thesaurus 0.8, a WordNet relative less. */
const matchWeight = (match: Match) =>
  match === 'exact' ? 1 : match === 'synonym' ? SYNONYM_WEIGHT : match === 'related' ? RELATED_WEIGHT : 0;

/**
 * The words of a name the question writes with capitals ("Maplewood Commons", not the first word) that
 * are also words of a document's title: the business's or the place's own name. Other names are topics
 * ("Can I list my house on Airbnb?").
 */
function ownNamesOf(question: string, titles: readonly ReadonlySet<string>[]): Set<string> {
  return new Set([...capitalizedOf(question)].filter((lexeme) => titles.some((title) => title.has(lexeme))));
}

/** The lexemes of the words a question writes with a capital past each sentence's first word: names. */
function capitalizedOf(question: string): Set<string> {
  const capitalized = new Set<string>();
  for (const sentence of question.split(/(?<=[.!?])\s+/)) {
    for (const word of sentence.split(/\s+/).slice(1)) {
      if (/^[A-Z][a-z]/.test(word)) for (const t of tokenize(word)) capitalized.add(t.lexeme);
    }
  }
  return capitalized;
}

/** "How much is the security deposit…", "What is the nightly rate for a two-bedroom suite?": what is priced. */
const PRICE_OF =
  /\b(?:how much (?:is|are|does|do|would|will|for) (?:an?|the|my|our|your|one)?\s*|what(?:'s| is| are) (?:the|your|a) (?:[a-z-]+ ){0,2}(?:rate|price|fee|cost|charge|rent) (?:for|of) (?:an?|the|my|our|one)?\s*)(?!(?:i|we|you|it|they|he|she|that|this|these|those|there)\b)((?:[a-z'-]+ ){0,3}?[a-z'-]+?)(?=\s+(?:cost|costs|run|be|for|to|when|if|at|in|per|on|each|a|an|every|and|or)\b|\s*[?.,!]|$)/i;

/** "How much does it cost to rent bikes?": what the action is done to. */
const PRICE_TO =
  /\bhow much (?:does|do|would|will|is) it (?:cost|run|be) to [a-z]+ (?:an?|the|my|our|some|any)?\s*((?:[a-z-]+ ){0,2}?[a-z-]+)(?=\s+(?:for|to|at|in|on|per|each|a|an|every|and|or|if|when|from)\b|\s*[?.,!]|$)/i;
/** "What's the CAM charge…", "what is the pet fee": a price named by what it is for, before the price word. */
const PRICE_NAMED =
  /\b(?:what(?:'s|’s| is| are| will be)|how (?:big|high|steep|large) (?:is|are)) (?:the|your|a|an) (?:(?:monthly|annual|yearly|weekly|nightly|daily|hourly|current|usual|normal|total|extra|additional|new|first|last) )?(?!(?:rate|rates|price|prices|fee|fees|cost|costs|charge|charges)\b)((?:[a-z-]+ ){0,2}?[a-z-]+) (?:rate|rates|price|prices|fee|fees|cost|costs|charge|charges)\b/i;

/** "What's the gate code?", "what is the wifi password": a code asked for by name. */
const ASKS_CODE =
  /\b(?:what(?:'s|’s| is| are)|which|give me|tell me|need)\b[^?]*\b(?:code|codes|password|passcode|passwords|combination|combo|pin)\b/i;
const ASKS_MAKER =
  /\b(?:what|which)\s+(?:brand|brands|make|company|companies|vendor|provider|carrier)\b|\bwho(?:'s|’s| is| are)\s+(?:on|in)\s+the\b/i;
const CODE_LEXEMES = new Set(tokenize('code password passcode combination combo pin').map((t) => t.lexeme));

/** "What's the rent per square foot…": the rent itself is priced. */
const RENT_ITSELF = /\bwhat(?:'s|’s| is| will be) (?:the|my|our) (?:monthly |base |current )?rent (?:per|a|each)\b/i;
const RENTS_FOR = /\b(?:does|do|would|will|can)\b[^?]*\brents? for\b/i;

/** Words for any thing, which say nothing of which one ("get stuff fired"). */
const ANY_THING = new Set(
  tokenize('stuff thing things item items piece pieces one ones load loads batch batches').map((t) => t.lexeme),
);

/** Words that say how many, not which kind ("a couple beers", "a pair of bikes"). */
const MEASURE_WORDS = new Set(
  tokenize('couple pair few lot lots bunch dozen handful number amount ton tons bit').map((t) => t.lexeme),
);

/**
 * The words of a priced thing that say which kind it is: thing nouns before its head ("mailbox" in "a
 * replacement mailbox key"). A unit naming the head but not one of them prices another kind ("a lost key
 * card is replaced for $15"). Read once per question: WordNet is looked up here, not per unit.
 */
function pricedKindsOf(priced: readonly QuestionTerm[], things: ReadonlySet<string>): QuestionTerm[] {
  return priced.slice(0, -1).filter((t) => !ANY_THING.has(t.lexeme) && things.has(t.lexeme));
}

/** The words that name what a money question prices ("security deposit"), if it says. */
function pricedThingOf(question: string): Token[] {
  // "How much does a two-bedroom rent for?": the rent, not any price said of a two-bedroom (its deposit).
  if (RENTS_FOR.test(question) || RENT_ITSELF.test(question)) return tokenize('rent');
  // "How much does my dad need to make to co-sign?": an income, which is the price of no thing.
  if (EARNING.test(question)) return [];
  const read = readIdioms(question);
  // "How much does it cost to rent bikes?": the bikes, not any rent.
  const to = PRICE_TO.exec(read);
  if (to?.[1]) return tokenize(to[1]);
  const m = PRICE_OF.exec(read);
  if (m?.[1]) return tokenize(m[1]);
  // "What's the CAM charge per square foot?", "what is the annual slip rate": the words before the price word.
  const named = PRICE_NAMED.exec(read);
  return named?.[1] ? tokenize(named[1]) : [];
}

/** The thing lost: "lost my mailbox key", "if I lose my locker key". */
const LOST_THING =
  /\b(?:lost|lose|losing|misplaced|misplace)\s+(?:my|our|the|a|an|his|her|their)\s+((?:[a-z-]+\s+){0,2}?[a-z-]+)(?=\s*[?.,!;]|\s+(?:and|or|but|so|what|how|is|are|do|does|can|will|again|today|yesterday|last)\b|$)/i;

/** How a question about a thing opens: whether it exists or comes included, what it is like, whether one may have it. */
const THING_OPENERS: readonly {
  opens: RegExp;
  exists?: true;
  permission?: true;
  kindAsked?: true;
  byKind?: true;
}[] = [
  {
    opens:
      /(?:^|[.?!,;]\s*)(?:(?:and|also|so|but|ok|okay)\s+)?(?:is there|are there|do you (?:guys )?(?:have|sell|offer|rent|provide)|have you got|(?:does|do) (?:the |your |this |each )?(?:[a-z'-]+ ){1,5}(?:have|offer|sell|provide)|(?:does|do) (?:it|they) have)\s+(?:(?:an?|any|some)\s+)?/i,
    exists: true,
  },
  // "Do the units come with a dishwasher?" (read as "include a dishwasher"); not "include putting it back".
  { opens: /\binclude\s+(?!\w+ing\b)(?:(?:an?|any|some)\s+)?/i, exists: true },
  { opens: /^\s*(?:is|are) (?:the|your|our|my) / },
  // "Are golf carts allowed on the streets?": whether one may have the thing.
  {
    opens:
      /^\s*(?:(?:and|so|ok|okay)\s+)?(?:is|are)\s+(?:(?:an?|any)\s+)?(?=(?:[a-z'-]+\s+){1,4}(?:allowed|permitted|welcome|prohibited|banned)\b)/i,
    permission: true,
    kindAsked: true,
  },
  // "What's the phone number for the front desk?", "What time does the computer lab close?", "what hours
  // are the playgrounds open", "which day do the dumpsters get emptied": the thing whose number, hours or
  // day is asked, which the answer must name.
  {
    opens:
      /^\s*(?:(?:and|so|ok|okay)[\s,]+)?(?:(?:what|which)(?:'s|’s|\s+is|\s+are)?\s+(?:the\s+)?(?:(?:phone|contact|telephone)\s+)?(?:number|hours|address|e-?mail(?:\s+address)?)\s+(?:for|of|at)|what\s+time\s+(?:does|do|is|are)|(?:what|which)\s+hours\s+(?:is|are|does|do)|(?:what|which)\s+days?(?:\s+of\s+the\s+week)?\s+(?:is|are|does|do))\s+(?:(?:the|your|our|a|an)\s+)?/i,
    byKind: true,
  },
  {
    opens:
      /^\s*(?:(?:can|could|may) (?:i|we|(?:my|our|the|your)\s+[a-z]+|(?:(?:my|our|the|your)\s+)?[a-z]+\s+(?:tenants|residents|members|guests|renters|owners|kids|children|employees|staff))|(?:am i|are we) allowed to) (?:install|bring|keep|put|have|get|store|park|use|hang|mount|add|build|set up|put up) (?:in )?(?:(?:an?|the|my|our|some|any|their|his|her)\s+)?(?:own\s+)?/i,
    permission: true,
  },
];
/** A bound on something, whatever else the word can mean ("a cap on rentals" is no hat). */
const LIMIT_NOUNS = new Set(['cap', 'limit', 'maximum', 'minimum', 'max', 'min', 'ceiling']);
/** Words after which a measure or charge names the thing it is of ("a maximum height for a pergola"). */
const ATTRIBUTE_OF = new Set(['for', 'of', 'on']);
const ARTICLES = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'their', 'any']);
const THING_STOPS = new Set(
  'for at in on to into onto with by near next from of where that which when while if during so because like than this these those i we you he she they it my our your their me us them is are be was were can could would will should do does did has have had somewhere anywhere someplace anyplace something anything someone anyone'.split(
    ' ',
  ),
);
/** One thing a question asks about: its head noun's lexeme and the lexemes of the words before it. */
export interface AskedThing {
  head: string;
  modifiers: string[];
  /** The modifiers that are nouns first of all ("golf" in "golf carts"): they say which kind of the thing. */
  kinds?: string[];
  /** Named by one of its kinds too: "the garbage truck" comes where "trash pickup" is said. */
  byKind?: boolean;
  /** Its head is a thing one can point at (isThingNoun of the word: WordNet knows no stems). */
  pointable?: boolean;
}

/**
 * "Is there a swimming pool…?", "Do you sell bait and ice…?", "Is the pool heated?", "Can I install a hot
 * tub…?": the head noun of each thing the question asks about (the last noun of its run of nouns, one per
 * "and"/"or"). A sentence that names none of the concrete ones speaks of something else,
 * however many other words it shares ("No swimming in the marina", "a heated water hose"). `exists`: the
 * question asks whether the thing exists or comes included; `permission`: a "can I …" question; `opener`:
 * the lexemes of its opening words.
 */
export function askedThingsOf(question: string): {
  /** The things one can point at (`isThingNoun`), not "a long contract" or "an extra charge". */
  things: AskedThing[];
  /** Every thing named after the opener, the others too. */
  mentioned: AskedThing[];
  exists: boolean;
  permission: boolean;
  /** The question asks of a kind of thing ("is there a swimming pool", "are golf carts allowed"): the words saying which kind must be named too. */
  kindAsked: boolean;
  opener: Set<string>;
} {
  const read = readIdioms(question).toLowerCase();
  for (const { opens, exists = false, permission = false, kindAsked = false, byKind = false } of THING_OPENERS) {
    const m = opens.exec(read);
    if (!m) continue;
    const rest = read.slice(m.index + m[0].length).split(/\s+/);
    const things: AskedThing[] = [];
    const mentioned: AskedThing[] = [];
    let run: string[] = [];
    let attributeRead = false;
    const lexeme = (w: string) => tokenize(w)[0]?.lexeme;
    const close = () => {
      // The last noun, or the last word when WordNet knows none of them ("a jacuzzi").
      const noun = run.findLastIndex((w) => isMostlyNoun(w) || isThingNoun(w));
      const at = noun >= 0 ? noun : run.length - 1;
      const head = run[at];
      const headLexeme = head ? lexeme(head) : undefined;
      if (head && headLexeme) {
        const before = run.slice(0, at);
        const thing = {
          head: headLexeme,
          modifiers: before.flatMap((w) => lexeme(w) ?? []),
          kinds: before.filter((w) => isMostlyNoun(w)).flatMap((w) => lexeme(w) ?? []),
          ...(byKind ? { byKind } : {}),
          ...(isThingNoun(head) ? { pointable: true } : {}),
        };
        // The thing a measure is of counts for what the answer must name, not for whether anything asked exists.
        if (!attributeRead) mentioned.push(thing);
        if (noun >= 0 && thing.pointable) things.push(thing);
      }
      run = [];
    };
    for (const raw of rest) {
      const word = raw.replace(/[^a-z'-]/g, '');
      if (word === 'and' || word === 'or') {
        close();
        continue;
      }
      // "Is there a maximum height for a pergola?": a measure or charge that is no thing is asked of the
      // thing after "for"/"of"/"on", which the answer must name.
      const last = run.at(-1) ?? '';
      if (
        exists &&
        ATTRIBUTE_OF.has(word) &&
        !attributeRead &&
        (LIMIT_NOUNS.has(last) || (isMostlyNoun(last) && !isThingNoun(last)))
      ) {
        // A bound is no thing whose existence is asked: "is there a cap on rentals" asks about rentals.
        if (LIMIT_NOUNS.has(last)) run = [];
        else close();
        attributeRead = true;
        continue;
      }
      if (attributeRead && run.length === 0 && ARTICLES.has(word)) continue;
      if (!word || THING_STOPS.has(word)) break;
      run.push(word.replace(/'s$/, ''));
      if (raw !== word) break;
    }
    close();
    return { things, mentioned, exists, permission, kindAsked: exists || kindAsked, opener: lexemes(m[0]) };
  }
  return { things: [], mentioned: [], exists: false, permission: false, kindAsked: false, opener: new Set() };
}

/**
 * Heads that say only what sort of place or thing ("a fitness room" is the fitness center): named by
 * the words before them alone. "A lawn mower" is not named by "the lawn".
 */
const GENERIC_HEADS = new Set(
  tokenize(
    'room rooms area areas center centre space spaces place spot facility facilities zone station equipment section',
  ).map((t) => t.lexeme),
);
/** Words that say how good, big or dear a thing is, not which kind of thing it is. */
const EVALUATIVE = new Set(
  tokenize(
    `extra cheap cheaper cheapest better best good nice big bigger biggest small smaller large larger long longer
    short shorter new old other more less least minimum maximum ever decent free affordable`,
  ).map((t) => t.lexeme),
);

/** A term's relatives left out, where only its word or the thesaurus may name it. */
const NO_RELATIVES: ReadonlySet<string> = new Set();
/** The unit names the term in its own text, its label, the words around it or (`antecedent`) the sentence it leans on. */
function namedAt(term: QuestionTerm, unit: Unit, antecedent = true): boolean {
  const sets = [unit.own, unit.label, unit.context, ...(antecedent && unit.antecedent ? [unit.antecedent] : [])];
  return sets.some((set) => matchOf(term, set) !== null);
}

/** "a swimming pool": the thesaurus's "swim" for "pool" is the modifier again, which names no pool. */
function withoutWords(term: QuestionTerm, others: readonly QuestionTerm[]): QuestionTerm {
  const drop = new Set(others.map((o) => o.lexeme));
  if (![...term.synonyms, ...term.related].some((l) => drop.has(l))) return term;
  return {
    ...term,
    synonyms: new Set([...term.synonyms].filter((l) => !drop.has(l))),
    related: new Set([...term.related].filter((l) => !drop.has(l))),
  };
}

/**
 * A modifier the unit's own text holds stands before a noun there too ("the *fitness* center" names "a
 * fitness room"); "No *swimming* in the marina" names no swimming pool. Named only around the unit (its
 * label, the sentence before) counts as it is.
 */
function describesThere(term: QuestionTerm, unit: Unit): boolean {
  if (!matchOf(term, unit.own)) return true;
  // Every word, the small ones too: "swimming in the marina" must not read as "swimming marina".
  const words = unit.text.toLowerCase().split(/[^a-z'-]+/);
  return words.some((word, i) => {
    const next = words[i + 1];
    const lexeme = tokenize(word)[0]?.lexeme;
    return (
      next !== undefined &&
      lexeme !== undefined &&
      matchOf(term, new Set([lexeme])) !== null &&
      // WordNet knows "in" as a noun (the inch): a word the index drops is no noun here.
      tokenize(next).length > 0 &&
      isMostlyNoun(next)
    );
  });
}

/** "How many houses are…", "how many parking permits do we get": the thing counted, with its synonyms. */
function countedThingOf(question: string): ReadonlySet<string> | null {
  const m = HOW_MANY_THING.exec(readIdioms(question));
  const head = m?.[1]?.trim().split(/\s+/).pop();
  const lexeme = head ? tokenize(head)[0]?.lexeme : undefined;
  return lexeme ? new Set([lexeme, ...synonymsOf(lexeme)]) : null;
}
const HOW_MANY_THING =
  /\bhow many ((?:(?!(?:are|is|do|does|did|can|could|will|would|should|may|might|must|per|in|at|for|on|of|with|to|we|i|you|they|there|allowed|fit|left|total|come|comes|include|includes|get|gets|go|goes|have|has)\b)[a-z][a-z'-]*\s*){1,3})/i;
/** A number followed within three words by the thing counted ("212 single-family homes", "up to two guests"). */
function countsThing(tokens: readonly { lexeme: string }[], counted: ReadonlySet<string>): boolean {
  return tokens.some(
    (t, i) =>
      (/^\d[\d,]*$/.test(t.lexeme) || COUNT_LEXEMES.has(t.lexeme)) &&
      tokens.slice(i + 1, i + 4).some((u) => counted.has(u.lexeme)),
  );
}
/** The tokenizer drops one-character words, so "no more than 4 guests" lost its count: a lone digit is spelled out. */
const digitsSpelled = (text: string) =>
  text.replace(/(?<![\d.,:$])\b\d\b(?![.,:]\d)/g, (d) => DIGIT_WORDS[Number(d)] ?? d);
const DIGIT_WORDS = 'zero one two three four five six seven eight nine'.split(' ');
const COUNT_LEXEMES = new Set(
  'one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred'
    .split(' ')
    .map((w) => tokenize(w)[0]?.lexeme ?? w),
);

/** Every unit scored against the question, best first. */
export function rankUnits(question: string, units: readonly Unit[], carried = ''): ScoredUnit[] {
  const profile = profileQuestion(question, carried);
  if (profile.terms.length === 0 || units.length === 0) return [];
  const n = units.length;
  const weights = profile.terms.map((term) => {
    let df = 0;
    let exact = 0;
    for (const u of units) {
      const own = matchOf(term, u.own);
      if (own || matchOf(term, u.label)) df++;
      if (own === 'exact') exact++;
    }
    if (term.compound && df === 0) return 0;
    // A word of the scene that no candidate holds ("lost my fob somewhere on the *ferry* lol. how much for
    // a new one?") is circumstance: it cannot say which sentence answers, and weighing it as the rarest
    // word made every sentence look like a poor match. A missing word of the asking clause keeps its weight.
    if (term.scene && df === 0) return 0;
    // "what time can we pull in on friday": a weekday no candidate names says only when the question is
    // asked for; the rules do not change with it. (A month is kept: "what did we pay last January?".)
    if (df === 0 && WEEKDAY_LEXEMES.has(term.lexeme)) return 0;
    // A verb asked about that some candidate uses itself ("Bottom scraping… may not be done") names the
    // topic as much as a noun does: documents mostly say it with other verbs, but where one says it, it
    // says which rule.
    if (term.action && exact > 0) return Math.log(1 + (n + IDF_PRIOR) / (df + 0.5));
    // Words that shape the question ("how much", "allowed") are rarely in the answer: a fixed small weight.
    if (!term.carried && !isTopicTerm(term)) return term.weight;
    // Smoothed with IDF_PRIOR imaginary units, so a handful of candidates (two facts) does not turn one
    // missing word into the whole question.
    return term.weight * Math.log(1 + (n + IDF_PRIOR) / (df + 0.5));
  });
  // Words carried into a follow-up never outweigh the question's own: at most CARRIED_SHARE of them.
  const ownTotal = weights.reduce((a, w, i) => a + (isTopicOrShaping(profile.terms[i]) ? w : 0), 0);
  const carriedTotal = weights.reduce((a, w, i) => a + (isTopicOrShaping(profile.terms[i]) ? 0 : w), 0);
  if (ownTotal > 0 && carriedTotal > CARRIED_SHARE * ownTotal) {
    const scale = (CARRIED_SHARE * ownTotal) / carriedTotal;
    profile.terms.forEach((term, i) => {
      if (!isTopicOrShaping(term)) weights[i] = (weights[i] ?? 0) * scale;
    });
  }
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  // How much of the question each evidence item holds anywhere in its own text (exact or synonym):
  // a question whose topic words are missing from the whole passage is not answered by any of its
  // sentences, however well one of them matches the rest.
  const passageCoverage = new Map<Evidence, number>();
  const byEvidence = new Map<Evidence, Unit[]>();
  for (const u of units) {
    const list = byEvidence.get(u.evidence);
    if (list) list.push(u);
    else byEvidence.set(u.evidence, [u]);
  }
  const topicTotal = profile.terms.reduce((a, t, i) => a + (t.weight < 1 && !t.carried ? 0 : (weights[i] ?? 0)), 0);
  for (const [item, itemUnits] of byEvidence) {
    let got = 0;
    profile.terms.forEach((term, i) => {
      if (term.weight < 1 && !term.carried) return; // words that shape the question are not its topic
      let m = 0;
      for (const u of itemUnits) {
        const own = matchOf(term, u.own) ?? matchOf(term, u.label);
        m = Math.max(m, matchWeight(own));
        if (m === 1) break;
      }
      got += (weights[i] ?? 0) * m;
    });
    passageCoverage.set(item, topicTotal > 0 ? got / topicTotal : 1);
  }
  const topics = profile.terms.filter(isTopicTerm).length;
  // "Can I…?", and "How long can I stay at the chargers?" answered by a limit ("Charging is limited to 4 hours").
  const asksMay =
    (profile.type === 'yesno' || /\bhow (?:long|many|late|early|much|big|tall|high|often)\b/i.test(question)) &&
    ASKS_MAY.test(question);
  // "Can we rent kayaks for the river?": what it is for is no rule's subject ("guests … must move … from the river").
  const purpose = lexemes(/\bfor\s+([^.?!]*)[.?!]*\s*$/i.exec(question)?.[1] ?? '');
  const ruleTerms = asksMay ? profile.terms.filter((t) => isTopicTerm(t) && !purpose.has(t.lexeme)) : [];
  // Only a question about what is not allowed: "Can I smoke here?" may be answered either way.
  const negatedQuestion =
    /\b(not|never|cannot|can't|prohibited|forbidden|banned)\b/i.test(question) && !ASKS_CONSEQUENCE.test(question);
  const qualifiers = qualifiersOf(question);
  // "How much does the garage charge per hour?" is not answered by "$9 a day".
  const askedPeriod = profile.type === 'money' ? (periodsOf(question, ASKED_PERIOD)[0] ?? null) : null;
  const quantities = quantitiesOf(question);
  const pairs = topicPairs(question, profile);
  // "What is your company called?", "Where are you located?": asked of the business, which the owner answered.
  const asksBusiness = asksOfBusiness(question);
  // Each evidence title's words (a file name without its extension), once per title.
  const titleWords = new Map<string, Set<string>>();
  for (const unit of units) {
    const raw = unit.evidence.title;
    if (!titleWords.has(raw)) titleWords.set(raw, lexemes(raw.replace(/\.[a-z0-9]{2,5}$/i, '')));
  }
  // "Does Maplewood Commons have a rooftop deck?": the name says which business, not what is asked. A
  // sentence that shares only the name ("Maplewood Commons is a smoke-free community") does not answer.
  const names = ownNamesOf(question, [...titleWords.values()]);
  const capitalized = capitalizedOf(question);
  const asksIncome = ASKS_INCOME.test(question);
  const asksHowMuch = HOW_MUCH.test(question);
  // "We found roaches in the kitchen, will you pay for the exterminator?": the clause that asks decides.
  const asksWhoPays =
    (ASKS_WHO_PAYS.test(question) || ASKS_WHO_PAYS.test(askingPartOf(question).trim())) && !ASKS_AMOUNT.test(question);
  const asksArea = ASKS_AREA.test(question);
  const counted = profile.type === 'number' ? countedThingOf(question) : null;
  // The candidates that count it, read once.
  const counting = counted
    ? new Set(units.filter((u) => countsThing(tokenize(digitsSpelled(`${u.text} ${u.leadIn ?? ''}`)), counted)))
    : new Set<Unit>();
  // "What time does the roof terrace close?" wants a clock time: a sentence without one does not answer.
  // "What is the exact date of the annual meeting?" wants a day of the calendar: "held in January" does not say it.
  const asksCalendarDate = profile.type === 'date' && ASKS_CALENDAR_DATE.test(question);
  const asksDayInMonth = asksCalendarDate ? monthKey(NAMES_MONTH.exec(question)?.[1]) : null;
  const typeRequired = (profile.type === 'time' && ASKS_CLOCK.test(question)) || asksCalendarDate;
  const lifeSafety = LIFE_SAFETY.test(question);
  const asksWhom = ASKS_WHOM_TO_CALL.test(question);
  // "What's the wifi network called?": a sentence that names something the question does not.
  const asksName = ASKS_NAME.test(question);
  // Only of a person or a firm: "the study of beetles is called coleopterology" names a thing in lower case.
  const asksNameItself = ASKS_NAME_ITSELF.test(question) && PERSON_OR_FIRM.test(question);
  const askedWords = lexemes(question);
  const urgent =
    URGENT_TROUBLE.test(question) ||
    /\b(?:emergenc\w*|urgent\w*|night|weekends?|on[\s-]call)\b/i.test(question) ||
    LATE_HOUR.test(question);
  const asked = askedThingsOf(question);
  const termOf = (lexeme: string | undefined) => profile.terms.find((t) => t.lexeme === lexeme && isTopicTerm(t));
  const termsOf = (things: readonly AskedThing[]) =>
    things.flatMap((thing) => {
      const head = termOf(thing.head);
      const byKind = thing.byKind ? (thing.kinds ?? []).flatMap((k) => termOf(k) ?? []) : [];
      return head ? [{ head, modifiers: thing.modifiers.flatMap((m) => termOf(m) ?? []), byKind }] : [];
    });
  /** The unit names the thing's head noun, or all the words before it ("a fitness room": "the fitness center"). */
  const namesThing = (
    unit: Unit,
    { head, modifiers, byKind = [] }: { head: QuestionTerm; modifiers: QuestionTerm[]; byKind?: QuestionTerm[] },
    antecedent = true,
  ) =>
    namedAt(withoutWords(head, modifiers), unit, antecedent) ||
    byKind.some((kind) => namedAt(kind, unit, antecedent)) ||
    (modifiers.length > 0 &&
      GENERIC_HEADS.has(head.lexeme) &&
      modifiers.every((m) => namedAt(m, unit, antecedent) && describesThere(m, unit)));
  // The thing a question asks exists ("Is there a jacuzzi…?"), when no candidate names it: nothing here
  // answers. A head that only shapes the question ("is there an extra charge") says nothing of what is asked.
  // A thing one can point at is named by the word or the thesaurus: WordNet's relatives are too loose to
  // say it exists ("air": "send"); an agreement may be named by one ("a long contract": "a minimum term").
  // Decided once per thing, not per candidate.
  const existing = (asked.exists ? asked.mentioned : []).flatMap((thing) =>
    termsOf([thing]).map((terms) =>
      thing.pointable ? { ...terms, head: { ...terms.head, related: NO_RELATIVES } } : terms,
    ),
  );
  // "Do the dock bays have three-phase power?", "do the desks have standing desks?": a kind of the thing is
  // named only with the words that say which kind ("power" alone does not name three-phase power); words
  // that only rate it are no kind ("a cheaper pass" asks the price of a pass).
  const namesKind = (unit: Unit, thing: { head: QuestionTerm; modifiers: QuestionTerm[] }) =>
    namesThing(unit, thing, false) && thing.modifiers.every((m) => EVALUATIVE.has(m.lexeme) || namedAt(m, unit, false));
  const absentThing = existing.length > 0 && existing.every((thing) => !units.some((u) => namesKind(u, thing)));
  const askedThings = termsOf(asked.things);
  const headLexemes = new Set(asked.things.map((t) => t.head));
  const otherTerms = profile.terms.filter(
    // A name ("…to Osterly Flats") is said everywhere: naming it tells nothing of the thing.
    (t) =>
      isTopicTerm(t) &&
      !headLexemes.has(t.lexeme) &&
      !asked.opener.has(t.lexeme) &&
      !t.scene &&
      !capitalized.has(t.lexeme),
  );
  // "What's the door code for the loading dock?": a sentence about the dock that names no code does not answer.
  // "What brand of grain do you feed?", "Which company provides internet?": the answer names one.
  const asksMaker = ASKS_MAKER.test(question);
  const codeTerm = ASKS_CODE.test(question) ? profile.terms.find((t) => CODE_LEXEMES.has(t.lexeme)) : undefined;
  // "Are golf carts allowed…?": a unit about carts of another kind ("keep carts in the garage") names
  // no golf cart; the noun saying which kind must be named in it or in its paragraph.
  const kindNouns = (asked.kindAsked ? asked.things : []).flatMap((thing) => {
    const [term] = termsOf([thing]);
    const kinds = (thing.kinds ?? []).flatMap((k) =>
      EVALUATIVE.has(k) || ANY_THING.has(k) || MEASURE_WORDS.has(k) ? [] : (termOf(k) ?? []),
    );
    return term && kinds.length > 0 ? [{ thing: term, kinds }] : [];
  });
  const kindUnnamed = (unit: Unit) =>
    kindNouns.some(
      ({ thing, kinds }) =>
        namesThing(unit, thing) &&
        kinds.some((m) => !namedAt(m, unit) && !(unit.paragraphWords && matchOf(m, unit.paragraphWords))),
    );
  const thingUnnamed = (unit: Unit) =>
    kindUnnamed(unit) ||
    (codeTerm !== undefined && !namedAt(codeTerm, unit)) ||
    (asksMaker && !namesOtherThan(unit.text, askedWords)) ||
    (askedThings.length > 0 &&
      !askedThings.some((thing) => namesThing(unit, thing)) &&
      !(asked.permission && otherTerms.length > 0 && otherTerms.every((t) => namedAt(t, unit))));
  // "How much is the security deposit?" is not answered with the price of something else.
  const pricedTokens = profile.type === 'money' ? pricedThingOf(question) : [];
  const pricedWords = new Set(pricedTokens.map((t) => t.lexeme));
  // WordNet knows words, not stems ("kei" for "key"): the thing nouns are read from the words as said.
  const pricedThings = new Set(pricedTokens.filter((t) => isThingNoun(t.word)).map((t) => t.lexeme));
  const priced = profile.terms.filter((t) => pricedWords.has(t.lexeme) && isTopicTerm(t));
  const pricedHead = priced.at(-1);
  const pricedKinds = pricedKindsOf(priced, pricedThings);
  // "What's the fee if I lose my locker key?": a price of something else around lockers prices no key.
  const pricedHeadThing =
    pricedHead !== undefined &&
    pricedKinds.length > 0 &&
    !ANY_THING.has(pricedHead.lexeme) &&
    pricedThings.has(pricedHead.lexeme);
  // "I lost my mailbox key, what's the replacement fee?": a lost key card is another kind of key. Only the
  // kind is checked: a lost "parking sticker" may be priced as a "decal".
  const lostTokens = profile.type === 'money' ? tokenize(LOST_THING.exec(readIdioms(question))?.[1] ?? '') : [];
  const lost = profile.terms.filter((t) => lostTokens.some((l) => l.lexeme === t.lexeme) && isTopicTerm(t));
  const lostHead = lost.length > 1 ? lost.at(-1) : undefined;
  const lostKinds = pricedKindsOf(lost, new Set(lostTokens.filter((t) => isThingNoun(t.word)).map((t) => t.lexeme)));
  const otherTopics = profile.terms.some((t) => isTopicTerm(t) && !names.has(t.lexeme));
  // "I forgot my sunglasses at the rental. Will you keep them?": an asking part without a topic word of
  // its own points back at the scene, whose words are then what it asks about.
  const sceneShare = profile.terms.some((t) => isTopicTerm(t) && !t.scene && !t.carried) ? SCENE_SHARE : 0;
  // The words an amount's clause must name to price what is asked: the topic words, or the earlier
  // turn's words of a follow-up without its own.
  const amountTopics = profile.terms.filter((t) => isTopicTerm(t) || t.carried);
  // "When can I sign up?", "How early can I come?" after asking about garden plots or the pool: doing
  // something to an unnamed thing names no topic; a unit naming the earlier subject names the question's.
  const ownTopics = profile.terms.filter((t) => isTopicTerm(t) && !t.carried);
  const followUp = profile.terms.some((t) => t.carried);
  const procedureOnly =
    ownTopics.length > 0 &&
    ownTopics.every((t) => PROCEDURE_VERBS.has(t.lexeme) || ATTRIBUTE_NOUNS.has(t.lexeme)) &&
    profile.terms.some((t) => t.carried);
  const scored = units.map((unit): ScoredUnit => {
    const title = titleWords.get(unit.evidence.title) ?? new Set<string>();
    // Named by the word or the thesaurus: a WordNet relative ("contribution": "take part") names no price.
    const pricedNamed = (term: QuestionTerm) => namedAt({ ...term, related: NO_RELATIVES }, unit);
    let got = 0;
    let exactGot = 0;
    let missing = 0;
    let ownTopicHits = 0;
    let aroundHits = 0;
    let unmatchedScene = 0;
    profile.terms.forEach((term, i) => {
      const w = weights[i] ?? 0;
      const own = matchOf(term, unit.own);
      let m = matchWeight(own);
      if (own === 'exact') exactGot += w;
      const counts = (isTopicTerm(term) && !(otherTopics && names.has(term.lexeme))) || (procedureOnly && term.carried);
      const label = matchOf(term, unit.label);
      // What the sentence speaks of without naming it counts as its own topic: what a pronoun stands for ("If it
      // is not, your lease will not be renewed"), a list's lead-in, or the heading above an item without one.
      const subject =
        (unit.antecedent && matchOf(term, unit.antecedent)) ||
        (unit.leadInWords ? matchOf(term, unit.leadInWords) : unit.kind === 'item' && matchOf(term, unit.context));
      if (counts && (own || label || subject)) ownTopicHits++;
      else if (counts && isTopicTerm(term) && unit.paragraphWords && matchOf(term, unit.paragraphWords)) aroundHits++;
      // Around the unit, a synonym counts SYNONYM_WEIGHT of an exact word, as in the unit's own text.
      const around = (match: Match, weight: number) => weight * matchWeight(match);
      m = Math.max(m, around(label, LABEL_WEIGHT), around(matchOf(term, unit.context), CONTEXT_WEIGHT));
      m = Math.max(m, around(matchOf(term, title), TITLE_WEIGHT));
      if (unit.paragraphWords) m = Math.max(m, around(matchOf(term, unit.paragraphWords), PARAGRAPH_WEIGHT));
      if (unit.antecedent) m = Math.max(m, around(matchOf(term, unit.antecedent), ANTECEDENT_WEIGHT));
      if (m === 0 && isTopicTerm(term)) missing = Math.max(missing, w / total);
      if (m === 0 && term.scene && !term.carried) unmatchedScene += w;
      got += w * m;
    });
    const coverage = got / Math.max(total - sceneShare * unmatchedScene, total * SCENE_FLOOR);
    const typed = `${unit.text} ${unit.leadIn ?? ''}`;
    let typeMatch = profile.type ? hasAnswerType(profile.type, typed) : null;
    if (asksCalendarDate) typeMatch = asksDayInMonth ? dayInMonth(typed, asksDayInMonth) : CALENDAR_DATE.test(typed);
    // "Call 911" answers only a question about fire, crime or someone hurt, not a leak or a broken heater.
    if (typeMatch && profile.type === 'phone' && !lifeSafety && !PHONE_NUMBER.test(typed)) typeMatch = false;
    // "Who should we call?" is answered by whom to call ("call the Ashgrove Police Department first").
    if (typeMatch === false && profile.type === 'phone' && asksWhom && namesWhomToCall(unit.text)) typeMatch = true;
    // An income rule is the amount asked only when the question is about earning.
    // "How much is Brightline internet?": "service is not included in your rent" says it costs, not how much.
    if (typeMatch && profile.type === 'money' && asksHowMuch && NOT_INCLUDED.test(typed))
      typeMatch = hasAnswerType('money', typed.replace(NOT_INCLUDED_ALL, ' '));
    if (typeMatch && profile.type === 'money' && !asksIncome && INCOME_MULTIPLE.test(typed)) {
      typeMatch = hasAnswerType('money', typed.replace(INCOME_MULTIPLES, ' '));
    }
    // "How many houses are in the association?" is answered by a number of houses ("212 single-family
    // homes"): when some candidate counts the thing, the others' numbers are no answer.
    if (typeMatch !== null && counting.size > 0) typeMatch = counting.has(unit);
    // "How many square feet is a three-bedroom?" wants an area, not "3 inches of snow".
    if (typeMatch === true && profile.type === 'size' && asksArea && !AREA.test(typed)) typeMatch = false;
    // "Farrier and Vet Days": a few words naming a topic hold no day, time or amount.
    if (typeMatch === true && profile.type !== 'yesno' && unit.kind !== 'fact' && isLabelLike(unit.text))
      typeMatch = false;
    // "Do I pay for heat?" is answered by who pays it ("Heat is paid by the landlord"), not only by an amount.
    if (typeMatch === false && profile.type === 'money' && asksWhoPays && PAYER.test(typed)) typeMatch = true;
    let score = coverage + RANK_WEIGHT * unit.evidence.similarity;
    // A day of the week, a month or a day of the month says when; "each", "within" or "days" barely does.
    const weakDate = profile.type === 'date' && typeMatch === true && !NAMED_WHEN.test(typed);
    // Capitalised words are too common for a name to lift a sentence; only its absence counts.
    if (typeMatch === true && profile.type !== 'named')
      score += profile.type === 'yesno' || weakDate ? TYPE_BONUS / 2 : TYPE_BONUS;
    if (typeMatch === false) score -= typeMissOf(profile.type);
    if (unit.kind === 'heading') score -= 0.1;
    // A few words without a number ("Internet, Cable and Mail", "Smoking") name a topic; they rarely answer.
    else if (unit.kind !== 'fact' && isLabelLike(unit.text)) score -= LABEL_LIKE_PENALTY;
    if (unit.evidence.answersTask) score += HUMAN_BONUS;
    else if (asksBusiness && unit.kind === 'fact' && unit.evidence.fromHuman) score += OWNER_BONUS;
    if (negatedQuestion && PROHIBITION.test(unit.text)) score += NEGATION_BONUS;
    if (pairs.length > 0) score += PAIR_BONUS * Math.min(MAX_PAIRS, pairsNear(pairs, unit));
    if (quantityFits(quantities, unit.text)) score += QUANTITY_FIT_BONUS;
    else if (ageClassExcludes(quantities, unit.text)) score -= QUANTITY_FIT_BONUS;
    if (asksName && namesOtherThan(unit.text, askedWords)) score += NAME_BONUS;
    // "What number should I call to reach you?": the office line, not the emergency line, unless the
    // question speaks of trouble that cannot wait.
    if (profile.type === 'phone' && !urgent && EMERGENCY_LINE.test(`${unit.evidence.title} ${unit.text}`)) {
      score -= NOT_URGENT_PENALTY;
    }
    return {
      ...unit,
      absentThing,
      thingUnnamed: thingUnnamed(unit),
      ...(asksMay && typeMatch !== false && STATES_RULE.test(unit.text) && ruleTerms.some((t) => namedAt(t, unit))
        ? { statesRule: true }
        : {}),
      ...(asksNameItself && !namesOtherThan(unit.text, askedWords) ? { nameMissing: true } : {}),
      pricedMissing:
        priced.length > 0 &&
        (!priced.some(pricedNamed) ||
          (pricedHead !== undefined && pricedNamed(pricedHead) && !pricedKinds.every(pricedNamed)) ||
          (pricedHeadThing && pricedHead !== undefined && !pricedNamed(pricedHead)) ||
          (lostHead !== undefined && lostKinds.length > 0 && pricedNamed(lostHead) && !lostKinds.every(pricedNamed))),
      amountElsewhere:
        profile.type === 'money' &&
        (unit.kind !== 'fact' || !unit.evidence.fromHuman) &&
        pricesOtherThing(unit.text, (own) => amountTopics.some((term) => matchOf(term, own) !== null)),
      conflict:
        (qualifiers.length > 0 && conflicts(qualifiers, unit.text)) ||
        (askedPeriod !== null && periodConflicts(askedPeriod, unit.text)),
      score,
      coverage,
      ownTopicHits,
      ...(followUp && ownTopicHits === 0 && aroundHits > 0 ? { topicAround: true } : {}),
      typeMatch,
      typeRequired,
      type: profile.type,
      margin: 0,
      passage: passageCoverage.get(unit.evidence) ?? 0,
      exact: exactGot / total,
      missing,
      topics,
    };
  });
  // "What number do I call if my sink is leaking?": the handbook says what an emergency is ("a water leak,
  // no heat…") in one sentence and whom to call for one in another. A sentence with a phone number
  // borrows, at BRIDGE_WEIGHT, the match of a sentence of its document it shares a word with: in the same
  // passage, or in another (a quick-reference list of lines, and "The urgent line is answered… Use it for
  // a burst pipe…" two sections on). (Tried for amounts and times too: there it answered questions the
  // documents do not answer.)
  if (profile.type === 'phone') {
    for (const u of scored) {
      if (u.typeMatch !== true || u.kind === 'fact') continue;
      const words = [...u.own].filter((l) => !SHAPING_WORDS.has(l) && l.length > 2);
      let borrowed = 0;
      for (const v of scored) {
        if (v === u || v.typeMatch === true || v.ownTopicHits === 0) continue;
        if (v.evidence !== u.evidence && !sameDocument(v.evidence, u.evidence)) continue;
        if (v.coverage > borrowed && words.some((l) => v.own.has(l))) borrowed = v.coverage;
      }
      const lift = BRIDGE_WEIGHT * borrowed - u.coverage;
      if (lift > 0) {
        u.coverage += lift;
        u.score += lift;
        u.ownTopicHits = Math.max(u.ownTopicHits, 1);
      }
    }
  }
  scored.sort((a, b) => b.score - a.score || b.evidence.similarity - a.evidence.similarity);
  // How far the best unit that could answer stands above the next one that could (0 for every other
  // unit): an FAQ's own question, a sentence without the amount asked for or about another level is
  // passed over by every reader of the ranking, so it does not narrow the margin of the one that answers.
  const eligible = scored.filter((u) => !passedOver(u));
  // The same sentence again (overlapping chunks, a fact read from it) is not a rival.
  const first = eligible[0];
  if (first) {
    // Nor is another candidate giving the same number asked for: the owner's note and the handbook's
    // line both saying "(555) 604-2290" agree.
    const asked = profile.type === 'phone' ? phoneNumbersOf(first.text) : new Set<string>();
    const rival = eligible.find(
      (u) => u !== first && !saysSame(u.text, first.text) && ![...phoneNumbersOf(u.text)].some((p) => asked.has(p)),
    );
    first.margin = first.score - (rival?.score ?? 0);
  }
  return scored;
}

/** The phone numbers a text gives, as their digits. */
function phoneNumbersOf(text: string): Set<string> {
  return new Set([...text.matchAll(PHONE_NUMBERS)].map((m) => m[0].replace(/\D/g, '')));
}
const PHONE_NUMBERS = new RegExp(PHONE_NUMBER.source, 'g');

/** Two passages of one document (by its id; by title for evidence that carries none). */
const sameDocument = (a: Evidence, b: Evidence) =>
  a.kind === 'document' &&
  b.kind === 'document' &&
  (a.documentId !== undefined && b.documentId !== undefined ? a.documentId === b.documentId : a.title === b.title);

/** "What's the wifi network called?", "what's the name of the towing company?" */
const NAME_BONUS = 0.1;
/** "What's the wifi network called?", "the name of the trainer": a name and nothing else answers. */
const ASKS_NAME_ITSELF =
  /\b(?:called|named)\s*[?.!]*\s*$|\bname of\b|\bwhat(?:'s|’s| is| are)\s+(?:the|your|its|their)\s+(?:[\w-]+\s+){0,2}names?\b/i;
const PERSON_OR_FIRM = new RegExp(
  `\\b(?:${ROLE_NOUNS}|trainer|attendant|instructor|teacher|coach|technician|plumber|electrician|driver|person|guy|lady|company|contractor|vendor|provider|firm|service|towing)s?\\b`,
  'i',
);
const ASKS_NAME = new RegExp(
  `${ASKS_NAME_ITSELF.source}|\\bwho\\s+(?:towed|took|has|holds|picks up|picked up|removed|hauls|runs|owns|manages|does|handles|fixes|repairs|provides|supplies)\\b`,
  'i',
);

/** A month or a day of the week, as the schedule patterns read them ("March", "Sat."). */
const CALENDAR_NAME = new RegExp(`^(?:${MONTH_WORD}|${DAY_WORD})$`, 'i');
/** True when a text names something (a capitalised word inside a sentence) that is not a word of the question. */
function namesOtherThan(text: string, asked: ReadonlySet<string>): boolean {
  for (const m of text.matchAll(/(?<=[\p{L}\p{N},;:)]\s+)\p{Lu}[\p{L}\p{N}'-]*/gu)) {
    // A month or a day of the week is no name of a person, a company or a brand.
    if (CALENDAR_NAME.test(m[0])) continue;
    const words = [...lexemes(m[0])];
    if (words.length > 0 && !words.some((w) => asked.has(w))) return true;
  }
  return false;
}

/** True when one text holds the other (the same sentence again, or a fact read from it). */
export function saysSame(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x.includes(y) || y.includes(x);
}

/**
 * "…, and do guests need a permit?", "and how much is it?": a new question after "and". An auxiliary opens
 * one only before its subject ("and do burgers for the crew" goes on with the first question's verb).
 */
const AND_NEW_QUESTION =
  /\s*,?\s*\b(?:and|also|plus)\s+(?=(?:what|when|where|who|whom|which|why|how)\b|(?:is|are|am|do|does|did|can|could|will|would|should|may|might|must|have|has)\s+(?:i|you|we|they|he|she|it|there|my|our|your|his|her|their|the|a|an|any|this|that|these|those|someone|anyone|(?:[a-z-]+\s+)?(?:pets?|dogs?|cats?|guests?|kids|children|visitors?|residents?|tenants?|owners?|members?|people))\b)/i;

/**
 * The parts of a question that asks several things ("When does the office close, and do guests need
 * a permit?"): split at question marks and at "and" before a new question word. Parts without a
 * topic word of their own stay with the part before them.
 */
const BACK_REFERENCE = /\b(?:it|its|them|they|their|those|these|that|this|one|ones)\b/i;

/** A clause that asks, at the start or after a comma or a full stop ("…for the dog, how tall can it be"). */
const ASKS_IN = new RegExp(`(?:^|[.,;:!]\\s*)${QUESTION_OPENER}\\b`, 'i');

export function questionParts(question: string): string[] {
  const pieces = question
    .split(/(?<=\?)\s+/)
    .flatMap((p) => p.split(AND_NEW_QUESTION))
    .map((p) => p.trim())
    .filter(Boolean);
  const parts: string[] = [];
  // "we're towing a jeep and also have a truck, where do we put the second car": words before the first
  // piece that asks set its scene.
  let lead = '';
  for (const raw of pieces) {
    const piece = lead ? `${lead} ${raw}` : raw;
    if (parts.length === 0 && !raw.endsWith('?') && !ASKS_IN.test(raw) && raw !== pieces.at(-1)) {
      lead = piece;
      continue;
    }
    lead = '';
    // A verb asked about of what was named before ("…and do I have to buy them myself?") is no topic of
    // its own; "Where can I fish?" is.
    const verbs = BACK_REFERENCE.test(piece) ? actionVerbsOf(piece) : new Set<string>();
    const own = profileQuestion(piece).terms.some((t) => isTopicTerm(t) && !verbs.has(t.lexeme));
    // A statement after the question ("…a space heater in my room? it gets cold") is context, not a
    // second question that needs its own answer.
    const asks = piece.endsWith('?') || OPENS_AS_QUESTION.test(piece);
    if ((!own || !asks) && parts.length > 0) parts[parts.length - 1] = `${parts[parts.length - 1]} ${piece}`;
    else parts.push(piece);
  }
  return parts.length > 0 ? parts : [question];
}

/**
 * Answer types a quote must hold to answer at all (an amount, a phone number, an e-mail address, a length
 * of time: "How long is the waiting list?" is not answered by "ask the office to put you on the list"; a
 * day: "What days does the garbage truck come?" is not answered by "keep the truck lane clear").
 */
const REQUIRED_TYPES: ReadonlySet<AnswerType> = new Set([
  'money',
  'phone',
  'email',
  'speed',
  'size',
  'duration',
  'day',
  'named',
]);

/** "How much…", "What number do I call…": true for a unit without the amount or number asked for. */
export function lacksRequiredType(unit: ScoredUnit): boolean {
  return (
    unit.typeMatch === false && unit.type !== null && (REQUIRED_TYPES.has(unit.type) || unit.typeRequired === true)
  );
}

/**
 * Answer types specific enough that a sentence holding one answers from its context's words: the exact
 * types but a bare count or frequency ("2", "every week"), which too many sentences hold.
 */
const SPECIFIC_TYPES: ReadonlySet<AnswerType> = new Set(
  [...EXACT_TYPES].filter((type) => type !== 'number' && type !== 'frequency' && type !== 'named'),
);
const CONTEXT_ANSWER_COVERAGE = 0.4;

/** The best unit answers from this score when it stands CLEAR_BEST_MARGIN above the next one. */
const CLEAR_BEST_SCORE = 0.4;
const CLEAR_BEST_MARGIN = 0.08;
/**
 * …unless the question's heaviest topic word is missing from it and around it: then it stands above the
 * rest only because everything here is weak ("Is there a shuttle to the airport?" against a garage
 * clearance that keeps out "large vans"). Of the answers this route gave on sets A–M and O, 17 were right
 * and 14 wrong or false; at 0.4 it keeps 16 right and drops 6 of the wrong (eighteenth round).
 */
const CLEAR_BEST_MAX_MISSING = 0.4;

/** An amount answers only from a sentence holding at least this share of the question's words. */
const MONEY_MIN_COVERAGE = 0.33;

/** Below this score no unit answers the question: the assistant says it does not know. */
export const ANSWER_MIN_SCORE = 0.3;
/** A unit scoring this much answers on its own; below it, its passage must hold the question's words. */
export const ANSWER_STRONG_SCORE = 0.5;
/** The passage a unit comes from must hold at least this share of the question's words. */
export const PASSAGE_MIN_COVERAGE = 0.65;

/**
 * A unit every reader of the ranking passes over for a better one: an FAQ's own question, another level
 * or period than the one asked ("level 1" for "Level 2"), no amount or number where one is asked, or an
 * amount that prices another thing than the one its sentence names.
 */
export function passedOver(unit: ScoredUnit): boolean {
  return (
    unit.asks ||
    unit.conflict ||
    unit.amountElsewhere === true ||
    (unit.nameMissing === true && unit.kind !== 'fact') ||
    lacksRequiredType(unit)
  );
}

/**
 * True when a scored unit carries an answer: its passage holds the question's words (so the question
 * is about something the passage speaks of), and the unit itself holds one of its topic words.
 */
export function answers(unit: ScoredUnit): boolean {
  if (passedOver(unit)) return false;
  if (unit.absentThing && unit.kind !== 'fact') return false;
  // "Is the pool heated?" is not answered by "a heated water hose".
  if (unit.thingUnnamed && !unit.evidence.answersTask) return false;
  if (unit.pricedMissing) return false;
  // The unit holds exactly the kind of thing asked (a phone number, an amount, a time…).
  const carriesAsked = unit.typeMatch === true && unit.type !== null && SPECIFIC_TYPES.has(unit.type);
  // A sentence names none of the question's topic words: it answers only when it holds exactly what is
  // asked ("Charging costs $0.28 per kWh" under "four charging stations for electric vehicles") and the
  // sentences around it carry the topic.
  if (
    unit.ownTopicHits === 0 &&
    unit.kind !== 'fact' &&
    (!carriesAsked || unit.coverage < CONTEXT_ANSWER_COVERAGE) &&
    !(unit.topicAround && unit.score >= ANSWER_STRONG_SCORE)
  ) {
    return false;
  }
  // A price quoted from a sentence that barely speaks of the question's topic is worse than asking a person.
  if (unit.type === 'money' && unit.coverage < MONEY_MIN_COVERAGE) return false;
  if (unit.score >= ANSWER_STRONG_SCORE) return true;
  // A sentence that stands clearly above every other candidate answers a little below the strong score.
  if (
    unit.score >= CLEAR_BEST_SCORE &&
    unit.margin >= CLEAR_BEST_MARGIN &&
    (carriesAsked || unit.missing < CLEAR_BEST_MAX_MISSING)
  ) {
    return true;
  }
  // "Can he leave his RV in the lot?": a rule naming the thing ("motor homes … may not be parked") answers
  // it although the rest of its passage speaks of other things (seen sets +7, none lost; held out +3, −1).
  if (unit.statesRule && unit.score >= ANSWER_MIN_SCORE && unit.ownTopicHits > 0) return true;
  return unit.score >= ANSWER_MIN_SCORE && unit.passage >= PASSAGE_MIN_COVERAGE;
}

/**
 * How well the cited evidence supports an answer to the question (0..1): the best score of a unit of a
 * cited item, ranked among all the evidence the answer was given (word rarity needs the whole set);
 * 0 when none carries an answer. Used for every provider's answers, not only the offline one.
 */
export function answerSupport(
  question: string,
  evidence: readonly Evidence[],
  cited: readonly Evidence[],
  carried = '',
): number {
  const citedSet = new Set(cited);
  const units = unitsOf(evidence);
  // Every part of a question that asks several things must be supported; the weakest part counts.
  let support = 1;
  for (const part of questionParts(question)) {
    const best = rankUnits(part, units, carried).find((u) => citedSet.has(u.evidence) && answers(u));
    support = Math.min(support, best ? Math.min(1, Math.max(0, best.score)) : 0);
  }
  return support;
}

/** A fact is listed for a question only when it scores at least this share of the best fact. */
const FACT_RELATIVE_FLOOR = 0.5;

export interface FactLikeForMatch {
  id: string;
  label: string;
  value: string;
  /** The question a person answered, for facts taught through a task. */
  context?: string;
  fromHuman?: boolean;
}

/** Facts holding the e-mail address or phone number asked for, kept beyond the usual number. */
const TYPED_FACTS_EXTRA = 2;

/**
 * Facts ranked for a question with the same machinery as document sentences (stems, synonyms, rarity
 * among the workspace's facts, answer type), best first; facts matching no word of the question are
 * left out. A paraphrase of a taught question finds the person's answer.
 */
export function rankFactsByMeaning<T extends FactLikeForMatch>(
  question: string,
  facts: readonly T[],
  limit: number,
): { fact: T; score: number }[] {
  const byEvidence = new Map<Evidence, T>();
  const evidence = facts.map((f) => {
    const e: Evidence = {
      kind: 'fact',
      id: f.id,
      title: f.label,
      chunkIndex: null,
      citation: '',
      text: f.value,
      ...(f.context ? { context: f.context } : {}),
      similarity: 0,
      fromHuman: f.fromHuman ?? false,
      answersTask: f.fromHuman ?? false,
    };
    byEvidence.set(e, f);
    return e;
  });
  const ranked = rankUnits(question, unitsOf(evidence)).filter((u) => u.coverage > 0);
  // Facts far below the best match are noise for a search, not alternatives.
  const floor = (ranked[0]?.score ?? 0) * FACT_RELATIVE_FLOOR;
  const kept = ranked.filter((u) => u.score >= floor).slice(0, limit);
  // "What's the best e-mail to reach the owner?": a fact holding an e-mail address (or, asked for a number,
  // a phone number) is a candidate however few words it shares; the answer matcher weighs it.
  const type = ranked[0]?.type;
  if (type === 'email' || type === 'phone') {
    for (const u of ranked) {
      if (kept.length >= limit + TYPED_FACTS_EXTRA) break;
      if (!kept.includes(u) && hasAnswerType(type, u.text)) kept.push(u);
    }
  }
  return kept.flatMap((u) => {
    const fact = byEvidence.get(u.evidence);
    return fact ? [{ fact, score: u.score }] : [];
  });
}

/**
 * The question with the synonyms of its topic words, for a second search: the knowledge index matches
 * words, so "When is garbage picked up?" finds the "Trash is collected…" passage only through them.
 * Null when no topic word has a synonym.
 */
export function synonymQuery(question: string): string | null {
  const extra = new Set<string>();
  for (const term of profileQuestion(question).terms) {
    if (!isTopicTerm(term)) continue;
    for (const s of term.synonyms) extra.add(s);
    for (const s of term.related) extra.add(s);
  }
  return extra.size > 0 ? `${question} ${[...extra].join(' ')}` : null;
}
