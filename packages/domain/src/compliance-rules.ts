import type { ComplianceFinding, ProtectedClass, StateProtectedClass } from '@helixis/contract';
import { amountClauseStem, amountClauseWords } from './words';

/**
 * The outbound-compliance rule set (issue 30 part 3, decision 034). Data first: each protected class
 * lists the words that name *people* of that class, and a few standing statements; a small set of
 * templates turns "people words" into limitations ("no children"), preferences ("Christian tenants
 * preferred") and steering ("perfect for a young couple"). Following HUD's advertising guidance,
 * words describing the housing, its facilities or its neighbourhood ("family room", "near St.
 * Mary's church", "wheelchair accessible", "no pets") are not flagged; words describing who should
 * or should not live there are.
 *
 * Bump COMPLIANCE_RULES_VERSION whenever a list, template or threshold below changes: every draft
 * stores the version it was checked with.
 */
export const COMPLIANCE_RULES_VERSION = 'fh-2026.11-1';

interface ClassRules {
  /** Regex fragments (no groups needed) naming people of the class. */
  people: string[];
  /**
   * False when praising the home as fit for the group describes a feature, not a preference
   * ("ideal for wheelchair users" tells about access); the negative form is still flagged.
   */
  praise?: boolean;
  /** Statements flagged on their own, with the reason shown to the owner. */
  statements?: { id: string; pattern: string; reason: string }[];
}

// Shared fragments.
const PERSONS =
  '(?:people|persons?|tenants?|applicants?|residents?|renters?|families|family|households?|neighbou?rs|folks|occupants?|roommates?|individuals?|couples?|guys|men|women|owners|buyers)';
const AREA = '(?:neighbou?rhood|area|community|building|block|street|part of town|complex)';
/** Areas described by who lives there ("the white building" is a colour of paint, so no buildings). */
const PEOPLED_AREA =
  '(?:neighbou?rhood|area|community|part of town|enclave|district|parish)(?! (?:cent(?:er|re)|college|hall|room|garden|pool|house|services?|board|church))';
const ARTICLE = '(?:a |an |the |some |any |our |other )?';

const RACE_WORDS =
  '(?:white|black|asian|hispanic|latino|latina|latinx|caucasian|african[- ]american|colou?red|minority)';
const RELIGION_WORDS =
  '(?:christian|catholic|jewish|muslim|islamic|hindu|buddhist|mormon|lds|protestant|evangelical|sikh|atheist|church[- ]going|god[- ]fearing)';
const ORIGIN_WORDS =
  '(?:mexican|chinese|indian|pakistani|arab|arabic|somali|african|haitian|korean|vietnamese|filipino|puerto rican|irish|italian|polish|russian|ukrainian|middle[- ]eastern|foreign|immigrant|non[- ]english[- ]speaking|english[- ]speaking|native[- ]born|american[- ]born)';

export const FAIR_HOUSING_RULES: Readonly<Record<ProtectedClass, ClassRules>> = {
  race: {
    people: [
      `${RACE_WORDS} ${PERSONS}`,
      'whites',
      'blacks',
      'asians',
      'hispanics',
      'latinos',
      'caucasians',
      'african[- ]americans',
      'minorities',
    ],
    statements: [
      {
        id: 'race.area',
        pattern: `(?:(?:mostly|predominantly|largely|mainly|primarily|all|traditionally)[- ])?${RACE_WORDS} ${PEOPLED_AREA}`,
        reason: 'Describes a neighbourhood or building by the race of the people in it (steering).',
      },
    ],
  },
  color: {
    people: ['(?:light|dark|fair)[- ]skinned(?: [a-z]+)?', 'people of colou?r'],
  },
  religion: {
    people: [
      `${RELIGION_WORDS} ${PERSONS}`,
      'christians',
      'catholics',
      'jews',
      'muslims',
      'hindus',
      'buddhists',
      'mormons',
      'protestants',
      'sikhs',
      'atheists',
      'churchgoers',
      'believers',
      'non[- ]believers',
    ],
    statements: [
      {
        id: 'religion.area',
        pattern: `(?:(?:mostly|predominantly|largely|mainly|primarily|all)[- ])?${RELIGION_WORDS} ${PEOPLED_AREA}`,
        reason: 'Describes a neighbourhood or building by the religion of the people in it (steering).',
      },
      {
        id: 'religion.requirement',
        pattern:
          '(?:must|should|required to|expected to) (?:attend|go to|belong to|join) (?:a |our |the )?(?:church|synagogue|mosque|temple|congregation|parish)',
        reason: 'Makes religious practice a condition of the tenancy.',
      },
    ],
  },
  national_origin: {
    people: [
      `${ORIGIN_WORDS} ${PERSONS}`,
      'immigrants',
      'foreigners',
      'foreign nationals',
      'refugees',
      'americans',
      'mexicans',
      'english speakers',
      'non[- ]english speakers',
      '(?<!senior )(?:u\\.?s\\.? |us |american )?citizens',
    ],
    statements: [
      {
        id: 'national_origin.language',
        pattern:
          '(?:must|should|need to|required to) (?:speak|read|understand) (?:fluent |good |perfect )?english|english[- ]speaking only|english only',
        reason: 'Requires a language, which stands for national origin.',
      },
      {
        id: 'national_origin.area',
        pattern: `(?:(?:mostly|predominantly|largely|mainly|primarily|all)[- ])?${ORIGIN_WORDS} ${PEOPLED_AREA}`,
        reason: 'Describes a neighbourhood or building by the national origin of the people in it (steering).',
      },
    ],
  },
  sex: {
    people: [
      'men',
      'women',
      'males?',
      'females?',
      'ladies',
      'lady',
      'gentlem[ae]n',
      'guys',
      'girls',
      'boys',
      'a man',
      'a woman',
      'bachelors?',
      'bachelorettes?',
      `(?:male|female|single (?:man|woman)|working (?:man|woman)|professional (?:man|woman)) ${PERSONS}`,
      '(?:male|female) (?:professionals?|students?)',
    ],
    statements: [
      {
        id: 'sex.pad',
        pattern: 'bachelor pad',
        reason: 'Describes the home by the sex of the person who should live there.',
      },
    ],
  },
  familial_status: {
    people: [
      'children',
      'kids',
      'a child',
      'child',
      'babies',
      'infants',
      'toddlers',
      'teens',
      'teenagers',
      'minors',
      'pregnant (?:women|tenants|applicants)',
      'expecting (?:parents|mothers|couples)',
      'families with (?:young |small )?(?:children|kids)',
      '(?:young |large |big |growing )?families',
      'a (?:young |large |big |growing )?family',
      'adults',
      '(?:mature |young |older |working |professional |quiet |retired )?(?:couples?|singles?|single (?:person|professional|adult)s?)(?! of\\b)',
      'a (?:mature |young |older |working |professional |quiet |retired )?(?:couple|single (?:person|professional|adult))(?! of\\b)',
      'empty[- ]nesters',
      'newlyweds',
    ],
    statements: [
      {
        id: 'familial_status.adults',
        pattern: 'adults?[- ]only|adult (?:building|community|complex|living|household)s?|(?:quiet|mature) adult',
        reason: 'Limits the home to adults: a limitation on familial status.',
      },
      {
        id: 'familial_status.number',
        pattern:
          '(?:no more than|maximum(?: of)?|max\\.?|at most|limit(?: of)?|only) (?:one|two|three|1|2|3) (?:child|children|kid|kids)',
        reason: 'Limits the number of children: a limitation on familial status.',
      },
      {
        id: 'familial_status.age_of_children',
        pattern: '(?:children|kids) (?:must be |need to be )?(?:over|older than|above) (?:the age of )?\\d+',
        reason: 'Limits the ages of children: a limitation on familial status.',
      },
    ],
  },
  disability: {
    praise: false,
    people: [
      'wheelchairs?',
      'wheelchair users',
      'the disabled',
      `disabled ${PERSONS}`,
      'disabled',
      `handicapped(?: ${PERSONS})?`,
      'the handicapped',
      `(?:the )?mentally ill(?: ${PERSONS})?`,
      'people with (?:disabilities|a disability|mental illness|hiv|aids)',
      'invalids',
      'cripples',
      'the (?:blind|deaf)',
      `(?:blind|deaf) ${PERSONS}`,
      '(?:service|assistance|support|emotional[- ]support|therapy|companion) (?:animals?|dogs?)',
      'guide dogs?',
      'seeing[- ]eye dogs?',
    ],
    statements: [
      {
        id: 'disability.ability',
        pattern:
          '(?:must|should|need to|needs to|have to|has to|required to) be (?:able[- ]bodied|in good (?:physical |mental )?health|physically fit|healthy|mobile|able to (?:walk|climb|use) (?:the )?stairs)',
        reason: 'Requires a physical or mental ability: a limitation on disability.',
      },
      {
        id: 'disability.independent',
        pattern: '(?:must|should|need to|have to) (?:be able to )?live independently|capable of independent living',
        reason: 'Requires the ability to live independently: a limitation on disability.',
      },
      {
        id: 'disability.accommodation',
        pattern:
          "(?:we |landlord |management )?(?:do not|don't|does not|doesn't|will not|won't|cannot|can't) (?:make|allow|grant|provide|accept|approve) (?:any )?(?:reasonable )?(?:accommodations?|modifications?)",
        reason: 'Refuses reasonable accommodations or modifications, which the law requires.',
      },
    ],
  },
  source_of_income: {
    people: [
      `section[- ]?8(?: ${PERSONS}| vouchers?| housing)?`,
      '(?:housing |housing choice |rental |government )?vouchers?(?: holders)?',
      'hcv',
      '(?:government|public) assistance',
      `welfare(?: ${PERSONS}| recipients)?`,
      'ssi|ssdi',
      `subsidi[sz]ed ${PERSONS}`,
      `unemployed ${PERSONS}`,
      `(?:employed|working) ${PERSONS}`,
      '(?:employed|working) professionals?',
    ],
    statements: [
      {
        id: 'source_of_income.employment',
        pattern: '(?:must|should|need to|required to) (?:be (?:employed|working)|have a job)',
        reason: 'Requires employment income rather than any lawful income: source of income.',
      },
    ],
  },
  age: {
    people: [
      '(?:young|younger|older|elderly|senior|mature|middle[- ]aged|retired) (?:' +
        PERSONS.slice(3, -1) +
        '|professionals?|crowd|adults?)',
      'seniors',
      'the elderly',
      'retirees',
      'young professionals?',
      'millennials',
      'baby boomers',
    ],
    statements: [
      {
        id: 'age.limit',
        pattern:
          '(?:tenants?|applicants?|residents?|renters?) (?:must be |should be )?(?:over|under|older than|younger than|between) \\d+',
        reason: 'Limits the age of the people who may live there.',
      },
    ],
  },
  sexual_orientation: {
    people: [
      'gays?',
      'lesbians?',
      'homosexuals?',
      `lgbtq?\\+?(?: ${PERSONS})?`,
      `queer ${PERSONS}`,
      `gay ${PERSONS}`,
      `(?:straight|heterosexual|traditional) (?:couples?|families|${PERSONS.slice(3, -1)})`,
    ],
  },
  gender_identity: {
    people: [
      `transgender(?: ${PERSONS})?`,
      'trans (?:people|persons|tenants|applicants|women|men|folks)',
      'transsexuals?',
      `non[- ]binary(?: ${PERSONS})?`,
      'cross[- ]dressers',
    ],
  },
  marital_status: {
    people: [
      `married (?:couples?|${PERSONS.slice(3, -1)})`,
      `unmarried (?:couples?|${PERSONS.slice(3, -1)})`,
      'single (?:mothers|fathers|parents|moms|dads)',
      'divorcees',
      `divorced ${PERSONS}`,
      'widows',
      'widowers',
    ],
    statements: [
      {
        id: 'marital_status.married',
        pattern: '(?:must|should|need to|required to) be married',
        reason: 'Makes marriage a condition of the tenancy.',
      },
    ],
  },
  military_status: {
    people: [
      `military(?: ${PERSONS}| members| personnel| families)?`,
      'service ?members',
      'veterans',
      'soldiers',
      `active[- ]duty(?: ${PERSONS}| military| personnel)?`,
    ],
  },
};

/**
 * Templates around a "people" phrase P. Limitations and preferences name P as who may or may not
 * live there; steering praises the home as fit for P. "P are welcome" is not flagged: welcoming a
 * group limits nobody.
 */
const TEMPLATES: readonly { id: 'limitation' | 'preference' | 'steering'; build: (p: string) => string }[] = [
  { id: 'limitation', build: (p) => `\\bno ${ARTICLE}${p}(?: allowed| permitted| accepted| please)?` },
  {
    id: 'limitation',
    build: (p) =>
      `\\b(?:do not|don't|does not|doesn't|will not|won't|cannot|can't|can not|never|unable to|not able to|refuse to|(?:would )?prefer not to|would rather not|rather not) (?:rent to|accept|allow|permit|take|house|lease to|welcome|consider|work with) ${ARTICLE}${p}`,
  },
  {
    id: 'limitation',
    build: (p) =>
      `\\b${p},? (?:only|need not apply|should not apply|(?:are |is )?not (?:allowed|permitted|welcome|accepted|considered|eligible)|(?:are |is )?(?:prohibited|banned|excluded))`,
  },
  {
    id: 'limitation',
    build: (p) =>
      `\\b(?:not|isn't|is not|aren't|are not|no longer|never) (?:available|open|offered|rented|leased|shown) (?:to|for) ${ARTICLE}${p}`,
  },
  { id: 'limitation', build: (p) => `\\b(?:only|exclusively) (?:(?:rent|lease|renting|leasing) to )?${ARTICLE}${p}` },
  {
    id: 'preference',
    build: (p) =>
      `\\b(?:(?:we )?prefer(?:s|red)?|preferably|(?:we are |we're )?(?:seeking|looking for|hoping for)) ${ARTICLE}${p}`,
  },
  { id: 'preference', build: (p) => `\\b${p},? (?:preferred|wanted|desired|a plus|ideal)` },
  {
    id: 'steering',
    build: (p) =>
      `\\b(?:perfect|ideal|ideally suited|best suited|well suited|made|meant|intended|designed|geared|tailored|just right|a great fit|a perfect fit|the right fit) (?:for|to|toward|towards) ${ARTICLE}${p}`,
  },
  {
    id: 'steering',
    build: (p) =>
      `\\bnot (?:really |very |exactly |quite |particularly |the most )?(?:suitable|suited|ideal|appropriate|good|safe|meant|intended|designed|right|a good fit|the right place) for ${ARTICLE}${p}`,
  },
];

const TEMPLATE_REASON: Readonly<Record<'limitation' | 'preference' | 'steering', string>> = {
  limitation: 'States a limitation on who may live there',
  preference: 'States a preference for who should live there',
  steering: 'Describes the people the home suits rather than the home (steering)',
};

/** Statements that steer without naming a class: a person is told where they would "fit". */
export const GENERAL_STEERING: readonly { id: string; pattern: string; reason: string }[] = [
  {
    id: 'steering.people_like_you',
    pattern:
      '\\b(?:people|folks|families|tenants) like (?:you|yours|yourself|your family)|\\byour (?:own )?kind\\b|\\byou people\\b',
    reason: 'Refers to the person as a kind of people: steering by who they are.',
  },
  {
    id: 'steering.fit_in',
    pattern:
      "\\b(?:you|your family)(?: would| will| might| may)?(?: probably| likely)? (?:fit in|feel (?:more )?(?:at home|comfortable)|be (?:happier|more comfortable)) (?:better |more )?(?:elsewhere|somewhere else|in (?:another|a different|the other) (?:building|neighbou?rhood|area|part of town|property|community)|with (?:your own|people like|others like))|\\b(?:you|your family) (?:won't|wouldn't|will not|would not|may not|might not) (?:fit in|feel comfortable|feel at home|be comfortable|like it here)|\\b(?:another|a different|the other) (?:building|neighbou?rhood|area|part of town|property|community) (?:would|might|will) (?:be|suit) (?:a better fit|better|more suitable|more comfortable)(?: for (?:you|your family))?",
    reason: 'Tells the person where they would fit in or feel comfortable: steering.',
  },
  {
    id: 'steering.changing_area',
    pattern: `\\b(?:the|this|that) ${AREA} (?:is|has been) (?:changing|going downhill|turning)|\\b(?:changing|transitional) ${AREA}`,
    reason: 'Describes a neighbourhood as "changing", a common steering phrase.',
  },
];

/** A state class applies only when the owner enabled it; federal classes always apply. */
export const STATE_CLASS_IDS: readonly StateProtectedClass[] = [
  'source_of_income',
  'age',
  'sexual_orientation',
  'gender_identity',
  'marital_status',
  'military_status',
];

interface CompiledRule {
  id: string;
  cls: ProtectedClass | null;
  re: RegExp;
  reason: (excerpt: string) => string;
}

const CLASS_NAMES: Readonly<Record<ProtectedClass, string>> = {
  race: 'race',
  color: 'colour',
  religion: 'religion',
  national_origin: 'national origin',
  sex: 'sex',
  familial_status: 'familial status',
  disability: 'disability',
  source_of_income: 'source of income',
  age: 'age',
  sexual_orientation: 'sexual orientation',
  gender_identity: 'gender identity',
  marital_status: 'marital status',
  military_status: 'military status',
};

function compile(): CompiledRule[] {
  const rules: CompiledRule[] = [];
  for (const [cls, def] of Object.entries(FAIR_HOUSING_RULES) as [ProtectedClass, ClassRules][]) {
    const people = `(?:${def.people.join('|')})`;
    for (const template of TEMPLATES) {
      if (def.praise === false && template.id === 'steering' && !template.build('').startsWith('\\bnot')) continue;
      rules.push({
        id: `${cls}.${template.id}`,
        cls,
        re: new RegExp(`${template.build(people)}(?![a-z])`, 'gi'),
        reason: (excerpt) =>
          `${TEMPLATE_REASON[template.id]} based on ${CLASS_NAMES[cls]} ("${excerpt}"). Describe the home, not the people.`,
      });
    }
    for (const s of def.statements ?? []) {
      rules.push({
        id: s.id,
        cls,
        re: new RegExp(`\\b(?:${s.pattern})(?![a-z])`, 'gi'),
        reason: (excerpt) => `${s.reason} ("${excerpt}")`,
      });
    }
  }
  for (const s of GENERAL_STEERING) {
    rules.push({
      id: s.id,
      cls: null,
      re: new RegExp(`(?:${s.pattern})(?![a-z])`, 'gi'),
      reason: (excerpt) => `${s.reason} ("${excerpt}")`,
    });
  }
  return rules;
}

const COMPILED = compile();

/** Curly quotes, dashes and spacing made plain so one pattern fits what people type. */
export function normaliseForRules(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ');
}

/**
 * Fair-housing findings in a text: one per class and rule family, the first excerpt each. State
 * classes count only when listed in `stateClasses`.
 */
export function fairHousingFindings(
  text: string,
  stateClasses: readonly StateProtectedClass[] = [],
): ComplianceFinding[] {
  const plain = normaliseForRules(text);
  const enabled = new Set<string>(stateClasses);
  const findings: ComplianceFinding[] = [];
  const seen = new Set<string>();
  for (const rule of COMPILED) {
    if (rule.cls && (STATE_CLASS_IDS as readonly string[]).includes(rule.cls) && !enabled.has(rule.cls)) continue;
    rule.re.lastIndex = 0;
    const match = rule.re.exec(plain);
    if (!match) continue;
    const excerpt = match[0].trim();
    const key = `${rule.id}|${excerpt.toLowerCase()}`;
    if (seen.has(key) || seen.has(`${rule.cls}|${excerpt.toLowerCase()}`)) continue;
    seen.add(key);
    seen.add(`${rule.cls}|${excerpt.toLowerCase()}`);
    findings.push({ kind: 'fair_housing', rule: rule.id, class: rule.cls, excerpt, reason: rule.reason(excerpt) });
  }
  return findings;
}

// ── notice periods ──────────────────────────────────────────────────────────────────────────────

export interface NoticeSettings {
  entryNoticeHours: number | null;
  rentIncreaseNoticeDays: number | null;
  terminationNoticeDays: number | null;
}

const MONTHS = [
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
const MONTH_RE =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

const TOPICS: readonly { id: 'entry' | 'rent_increase' | 'termination'; re: RegExp }[] = [
  {
    id: 'entry',
    re: /\b(?:enter|entering|entry|access (?:your|the) (?:unit|apartment|home)|inspect|inspection|come (?:in|by|into)|stop by|let (?:ourselves|themselves|him|her) in|technician|plumber|electrician|exterminator|pest control|maintenance (?:visit|team|crew|will)|repair (?:team|crew|visit))\b/i,
  },
  {
    id: 'rent_increase',
    re: /\b(?:rent (?:increase|will increase|increases|is increasing|will go up|goes up|will rise|adjustment)|(?:increase|raise|raising) (?:in |of )?(?:your |the )?rent|new (?:monthly )?rent)\b/i,
  },
  {
    id: 'termination',
    re: /\b(?:terminat(?:e|ed|ing|ion)|end (?:your|the) (?:lease|tenancy)|(?:must|need to|have to|required to) (?:vacate|move out|leave)|notice to (?:quit|vacate)|non-?renewal|not (?:be )?renew(?:ing|ed)?|will not renew)\b/i,
  },
];

const DAY_MS = 86_400_000;

/** The moment a sentence promises, relative to `now`, or null when it names none. */
export function promisedMoment(sentence: string, now: Date): Date | null {
  const s = sentence.toLowerCase();
  const at = (days: number, hour: number | null) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
    const h = hour ?? (days === 0 ? now.getUTCHours() + 1 : 9);
    d.setUTCHours(h, 0, 0, 0);
    return d;
  };
  const clock = /\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)/.exec(s);
  const hour = clock ? (Number(clock[1]) % 12) + (clock[3]?.startsWith('p') ? 12 : 0) : null;
  const within = /\b(?:in|within) (?:the next )?(\d+|an?|one|two|three|few) (minutes?|hours?|days?|weeks?)\b/.exec(s);
  if (within) {
    const words: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, few: 3 };
    const n = words[within[1] ?? ''] ?? Number(within[1]);
    const unit = within[2] ?? 'days';
    const ms = unit.startsWith('minute')
      ? 60_000
      : unit.startsWith('hour')
        ? 3_600_000
        : unit.startsWith('week')
          ? 7 * DAY_MS
          : DAY_MS;
    return new Date(now.getTime() + n * ms);
  }
  if (/\b(?:right now|immediately|today|tonight|this (?:morning|afternoon|evening))\b/.test(s)) return at(0, hour);
  if (/\btomorrow\b/.test(s)) return at(1, hour);
  if (/\bnext week\b/.test(s)) return at(7, hour);
  if (
    /\b(?:next month|beginning of (?:next|the) month|first of (?:next|the) month|1st of (?:next|the) month)\b/.test(s)
  ) {
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 9));
  }
  const iso = /\b(20\d\d)-(\d\d)-(\d\d)\b/.exec(s);
  if (iso) return new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]), hour ?? 9));
  const named = new RegExp(`\\b(${MONTH_RE})\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(20\\d\\d))?`).exec(s);
  const namedFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?(${MONTH_RE})(?:,?\\s+(20\\d\\d))?`).exec(s);
  const slash = /\b(\d{1,2})\/(\d{1,2})(?:\/(20\d\d|\d\d))?\b/.exec(s);
  let month: number | null = null;
  let day: number | null = null;
  let year: number | null = null;
  if (named) {
    month = MONTHS.findIndex((m) => m.startsWith((named[1] ?? '').replace('.', '').slice(0, 3)));
    day = Number(named[2]);
    year = named[3] ? Number(named[3]) : null;
  } else if (namedFirst) {
    month = MONTHS.findIndex((m) => m.startsWith((namedFirst[2] ?? '').replace('.', '').slice(0, 3)));
    day = Number(namedFirst[1]);
    year = namedFirst[3] ? Number(namedFirst[3]) : null;
  } else if (slash) {
    month = Number(slash[1]) - 1;
    day = Number(slash[2]);
    year = slash[3] ? Number(slash[3].length === 2 ? `20${slash[3]}` : slash[3]) : null;
  }
  if (month === null || month < 0 || month > 11 || day === null || day < 1 || day > 31) return null;
  let date = new Date(Date.UTC(year ?? now.getUTCFullYear(), month, day, hour ?? 9));
  // A date without a year that already passed means next year's.
  if (year === null && date.getTime() < now.getTime() - DAY_MS) {
    date = new Date(Date.UTC(now.getUTCFullYear() + 1, month, day, hour ?? 9));
  }
  return date;
}

function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => normaliseForRules(line).split(/(?<=[.!?])\s+(?=[A-Z0-9"'($])/))
    .map((s) => s.trim())
    .filter(Boolean);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Sentences promising an entry, rent increase or termination sooner than the configured notice. */
export function noticeFindings(text: string, settings: NoticeSettings, now: Date): ComplianceFinding[] {
  const findings: ComplianceFinding[] = [];
  for (const sentence of sentences(text)) {
    for (const topic of TOPICS) {
      if (!topic.re.test(sentence)) continue;
      const when = promisedMoment(sentence, now);
      if (!when) continue;
      const hours = (when.getTime() - now.getTime()) / 3_600_000;
      const excerpt = sentence.length > 200 ? `${sentence.slice(0, 197)}...` : sentence;
      if (topic.id === 'entry' && settings.entryNoticeHours !== null && hours < settings.entryNoticeHours) {
        findings.push({
          kind: 'notice_period',
          rule: 'notice.entry',
          class: null,
          excerpt,
          reason: `Promises an entry about ${plural(Math.max(0, Math.round(hours)), 'hour')} from now; your entry notice is ${plural(settings.entryNoticeHours, 'hour')}.`,
        });
      }
      const days = hours / 24;
      if (
        topic.id === 'rent_increase' &&
        settings.rentIncreaseNoticeDays !== null &&
        days < settings.rentIncreaseNoticeDays
      ) {
        findings.push({
          kind: 'notice_period',
          rule: 'notice.rent_increase',
          class: null,
          excerpt,
          reason: `A rent increase taking effect in about ${plural(Math.max(0, Math.round(days)), 'day')}; your rent-increase notice is ${plural(settings.rentIncreaseNoticeDays, 'day')}.`,
        });
      }
      if (
        topic.id === 'termination' &&
        settings.terminationNoticeDays !== null &&
        days < settings.terminationNoticeDays
      ) {
        findings.push({
          kind: 'notice_period',
          rule: 'notice.termination',
          class: null,
          excerpt,
          reason: `A termination or move-out in about ${plural(Math.max(0, Math.round(days)), 'day')}; your termination notice is ${plural(settings.terminationNoticeDays, 'day')}.`,
        });
      }
    }
  }
  return findings;
}

// ── money against known facts ───────────────────────────────────────────────────────────────────

export interface KnownAmount {
  /** The fact key, e.g. `security_deposit`, `monthly_rent`, `application_fee`. */
  key: string;
  label: string;
  cents: number;
}

const GENERIC_TOKENS = new Set(['amount', 'monthly', 'price', 'cost', 'the', 'per', 'usd', 'total', 'standard', 'our']);

/** "$1,250.00", "1250 dollars", "USD 1,250" → cents; null when the text is not one amount. */
export function parseMoneyCents(value: string): number | null {
  const all = [
    ...value.matchAll(
      /(?:\$|usd\s*)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?|(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(?:dollars|usd)\b/gi,
    ),
  ];
  if (all.length !== 1) return null;
  const m = all[0];
  if (!m) return null;
  const whole = (m[1] ?? m[3] ?? '').replace(/,/g, '');
  const frac = m[2] ?? m[4] ?? '';
  return Number(whole) * 100 + (frac ? Number(frac.padEnd(2, '0')) : 0);
}

/** Facts whose value is one money amount become KnownAmounts. */
export function knownAmountsFromFacts(facts: readonly { key: string; label: string; value: string }[]): KnownAmount[] {
  const out: KnownAmount[] = [];
  for (const f of facts) {
    const cents = parseMoneyCents(f.value);
    if (cents !== null) out.push({ key: f.key, label: f.label, cents });
  }
  return out;
}

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/**
 * Money amounts in the draft near the words of a known fact ("the security deposit is $900") that
 * differ from the fact's amount. The fact whose key words best match the words before the amount
 * (its last word, e.g. "deposit", must be among them) is the one compared; an amount equal to any
 * equally good fact is fine.
 */
export function moneyFindings(text: string, known: readonly KnownAmount[]): ComplianceFinding[] {
  if (known.length === 0) return [];
  const findings: ComplianceFinding[] = [];
  const facts = known.map((k) => {
    const tokens = k.key
      .split(/[_\s]+/)
      .filter((t) => t && !GENERIC_TOKENS.has(t))
      .map(amountClauseStem);
    return { ...k, tokens, head: tokens[tokens.length - 1] ?? '' };
  });
  for (const sentence of sentences(text)) {
    const re =
      /(?:\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?|(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*dollars\b)/gi;
    for (const m of sentence.matchAll(re)) {
      const whole = (m[1] ?? m[3] ?? '').replace(/,/g, '');
      const frac = m[2] ?? m[4] ?? '';
      const cents = Number(whole) * 100 + (frac ? Number(frac.padEnd(2, '0')) : 0);
      const before = sentence.slice(Math.max(0, (m.index ?? 0) - 80), m.index ?? 0);
      const after = sentence.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 30);
      // Words of the clause the amount belongs to: stop at the previous amount or clause break.
      const clause = `${before.split(/\$\s?\d|[;:]|,\s(?:and|but)\s/).pop() ?? ''} ${after.split(/[,;.]/)[0] ?? ''}`;
      const words = new Set(amountClauseWords(clause));
      let best = 0;
      let candidates: typeof facts = [];
      for (const f of facts) {
        if (!f.head || !words.has(f.head)) continue;
        const score = f.tokens.filter((t) => words.has(t)).length;
        if (score > best) {
          best = score;
          candidates = [f];
        } else if (score === best) candidates.push(f);
      }
      if (candidates.length === 0 || candidates.some((c) => c.cents === cents)) continue;
      const fact = candidates[0];
      if (!fact) continue;
      findings.push({
        kind: 'money',
        rule: 'money.fact',
        class: null,
        excerpt: m[0].trim(),
        reason: `Says ${dollars(cents)} where the known ${fact.label.toLowerCase()} is ${dollars(fact.cents)}.`,
      });
    }
  }
  return findings;
}

export interface OutboundCheckOptions {
  stateClasses?: readonly StateProtectedClass[];
  notice?: NoticeSettings;
  knownAmounts?: readonly KnownAmount[];
  now?: Date;
}

/** Every check on one outbound text, with the rule-set version that produced it. */
export function checkOutbound(
  text: string,
  options: OutboundCheckOptions = {},
): { version: string; findings: ComplianceFinding[] } {
  const now = options.now ?? new Date();
  return {
    version: COMPLIANCE_RULES_VERSION,
    findings: [
      ...fairHousingFindings(text, options.stateClasses ?? []),
      ...(options.notice ? noticeFindings(text, options.notice, now) : []),
      ...moneyFindings(text, options.knownAmounts ?? []),
    ],
  };
}
