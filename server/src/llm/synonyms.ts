/**
 * Words residents, applicants and owners use for the same thing, so a question in their words finds
 * a sentence in the handbook's words ("Can I pay with cash?" → "We do not accept cash payments";
 * "get my deposit back" → "deposits are returned within 31 days"). Written for small businesses and
 * property management; each group is a set of words that can stand for each other in a question.
 * Groups are stored as the search index's lexemes, so every inflection of a word matches.
 */
import { tokenize } from '@helixis/domain';

const GROUPS: readonly string[] = [
  'pay payment paying paid remit',
  'cash currency bills',
  'check cheque',
  'card credit debit visa mastercard',
  'online portal website app internet',
  'call phone telephone contact reach dial ring hotline line number',
  'text sms message',
  'email e-mail mail inbox',
  'car vehicle auto automobile truck suv',
  'park parking garage spot space permit',
  'pet pets animal animals dog dogs cat cats puppy kitten',
  'smoke smoking cigarette cigarettes vape vaping tobacco cigar',
  'deposit deposits',
  'return returned refund refunded refundable back reimburse',
  'trash garbage rubbish waste refuse dumpster bin bins',
  'recycle recycling recyclables',
  'pickup pick collect collected collection',
  'repair repairs fix fixed broken maintenance service',
  'emergency emergencies urgent urgently',
  'night overnight evening nights after-hours',
  'weekend weekends saturday sunday',
  'leave vacate vacating depart departure',
  'move moving relocate',
  'lease leases tenancy agreement',
  'renew renewal renewing extend extension',
  'sublet sublease subletting subleasing airbnb vrbo short-term',
  'late overdue past-due',
  'fee fees charge charges cost costs price prices pricing rate rates penalty penalties fine fines',
  'hour hours open opening closing schedule operating',
  'office headquarters front-desk desk reception leasing-office',
  'quiet noise noisy loud',
  'guest guests visitor visitors company friend friends',
  'pool swimming swim',
  'gym fitness exercise workout',
  'laundry washer washers dryer dryers washing',
  'key keys lockout locked fob',
  'insurance insured coverage policy',
  'package packages parcel parcels delivery deliveries',
  'bike bikes bicycle bicycles',
  'grill grills barbecue bbq',
  'apartment unit home flat place residence house',
  'cancel cancellation cancelling canceling refund',
  'book booking reserve reservation reservations appointment schedule',
  'arrive arrival check-in checkin',
  'tenant tenants resident residents renter renters occupant occupants',
  'landlord owner owners management manager managers',
  'wifi wi-fi wireless internet',
  'storage locker lockers',
  'paint painting decorate decorating',
  'wall walls nail nails hang hanging',
  'heat heating heater furnace',
  'ac air-conditioning cooling hvac a/c aircon',
  'water leak leaking flood flooding plumbing burst',
  'noise disturbance',
  'roommate roommates occupant',
  'start begin begins starts',
  'end ends finish finishes stop',
  'allow allowed permit permitted let ok okay',
  'prohibit prohibited forbid forbidden ban banned',
  'need needs require required requirement must',
  'business company firm office',
  'area areas region neighborhood neighbourhood city cities town towns serve location located',
  'price quote estimate',
  'clean cleaning',
  'inspection inspect walkthrough walk-through',
  'rent rental',
  'notice notify notification',
  'due deadline',
  'application apply applying applicant',
  'background screening credit-check',
  'balcony patio deck',
  'window windows blinds',
  'lock locks',
  'mold mould',
  'pest pests bug bugs insects rodent rodents mice exterminator',
  'alarm alarms detector detectors',
  'weight weigh weighs pounds lbs heavy',
  'bounce bounced bounces nsf insufficient returned-payment',
  'midnight 24-hour anytime around-the-clock',
  'owe owed balance',
  'party parties event events gathering celebration',
  'kid kids child children minor minors',
  'staff employee employees worker workers personnel',
  'extra additional',
  'permit permits pass passes decal decals hangtag',
  'raise raising increase increases hike',
  'forgot forgotten left lost found',
  'earn earning income salary',
  'qualify qualification eligible approved approval',
  'internet provider broadband fiber',
  'checkin arrival',
  'checkout departure',
  'break terminate termination',
  'dues assessment assessments hoa',
  'mow mowing cut cutting',
  'lawn grass yard',
  'minimum shortest least fewest',
  'maximum longest most',
  'cheap cheapest cheaper inexpensive affordable lowest',
  'expensive priciest highest',
  'roach roaches cockroach cockroaches ant ants spider spiders termite termites pest exterminator',
  'fridge refrigerator mini-fridge',
  'couch sofa furniture mattress',
  'thermostat temperature',
  'holiday holidays vacation break',
  'guest guests visitor visitors girlfriend boyfriend partner relative relatives brother sister parent parents',
  'belongings possessions items stuff',
  'roommate roommates suitemate suitemates housemate housemates',
  'guarantor guarantors cosigner co-signer',
  'evict evicted eviction evictions',
  'access entry enter',
  'dog dogs lab labrador breed puppy',
  'floor floors flooring hardwood carpet',
  'party parties birthday celebration',
  'clubhouse clubroom community-room party-room',
  'upfront up-front prepay prepayment',
  'week weeks weekly',
  'night nights nightly',
  'month months monthly',
  'year years yearly annual annually',
  'location located address situated based',
  'problem problems issue issues wrong trouble',
  'fob fobs clicker clickers remote remotes transponder transponders gate-card',
  'rv rvs camper campers motorhome motorhomes trailer trailers fifth-wheel',
  'bounce bounced rejected declined',
  'meal meals dinner dinners lunch lunches breakfast dining',
  'pendant pendants necklace lanyard',
  'haul hauled haul-away dispose disposal bulk',
  'sign signs banner banners poster posters signage',
  'tornado tornadoes storm storms shelter',
  'rule rules policy policies regulation regulations',
  'cancel cancelled canceled cancellation',
  'snow snowfall plow plowing plowed shovel shoveling shoveled',
  'boat boats vessel vessels watercraft',
  'slip slips berth berths mooring moorings',
  'discount discounts promotion promotions',
  'neighbor neighbors neighbour neighbours',
  'complain complaint complaints',
  'accessible accessibility wheelchair handicap disabled disability ada',
];

/**
 * Irregular verb forms, which stemming cannot join ("lost" is not "lose"): each line one verb. General
 * English, not a thesaurus.
 */
const IRREGULAR_VERBS: readonly string[] = [
  'lose lost',
  'leave left',
  'forget forgot forgotten',
  'break broke broken',
  'find found',
  'keep kept',
  'buy bought',
  'bring brought',
  'take took taken',
  'give gave given',
  'get got gotten',
  'pay paid',
  'send sent',
  'spend spent',
  'lend lent',
  'hold held',
  'tell told',
  'sell sold',
  'steal stole stolen',
  'hide hid hidden',
  'drive drove driven',
  'ride rode ridden',
  'write wrote written',
  'choose chose chosen',
  'freeze froze frozen',
  'fall fell fallen',
  'hang hung',
  'shut shut',
  'stick stuck',
  'throw threw thrown',
  'wear wore worn',
  'sleep slept',
  'meet met',
  'run ran',
  'come came',
  'go goes went gone',
];

function tableOf(groups: readonly string[]): Map<string, Set<string>> {
  const table = new Map<string, Set<string>>();
  for (const group of groups) {
    // A hyphenated entry ("front-desk", "short-term") is one word, never its parts: "term" alone is no
    // synonym of "sublet".
    const words = group.split(/\s+/).map((w) => w.replace(/-/g, ''));
    const lexemes = [...new Set(tokenize(words.join(' ')).map((t) => t.lexeme))];
    for (const l of lexemes) {
      const set = table.get(l) ?? new Set<string>();
      for (const other of lexemes) if (other !== l) set.add(other);
      table.set(l, set);
    }
  }
  return table;
}

const thesaurus = tableOf(GROUPS);
const irregular = tableOf(IRREGULAR_VERBS);
const merged = new Map<string, ReadonlySet<string>>();

const EMPTY: ReadonlySet<string> = new Set();

/** The lexemes that may stand for `lexeme` in a question (never the lexeme itself). */
export function synonymsOf(lexeme: string): ReadonlySet<string> {
  const known = merged.get(lexeme);
  if (known) return known;
  const a = thesaurus.get(lexeme);
  const b = irregular.get(lexeme);
  const out = a && b ? new Set([...a, ...b]) : (a ?? b ?? EMPTY);
  merged.set(lexeme, out);
  return out;
}

/** True when the thesaurus (not only an irregular verb form) gives `lexeme` synonyms: a word naming a topic. */
export function inThesaurus(lexeme: string): boolean {
  return thesaurus.has(lexeme);
}
