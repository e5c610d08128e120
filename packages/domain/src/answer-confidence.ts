/**
 * The confidence heuristic for an answer and the rule for handing a question to a human.
 * base 0.5; +0.2 when policy words appear; +0.1 when the text is 100-1000 characters long;
 * +0.1 for "specific" or "exactly"; -0.3 for hedging words; clamped to 0..1. Each adjustment counts once.
 */
const POLICY_WORDS = /\b(polic(y|ies)|procedures?|rules?|guidelines?|terms)\b/i;
const PRECISION_WORDS = /\b(specific(ally)?|exactly)\b/i;
const HEDGING_WORDS =
  /\b(maybe|perhaps|possibly|probably|might|unsure|not sure|i think|i believe|i don't know|i do not know|don't have|do not have|unclear|not certain)\b/i;
/**
 * The sensitive topics (legal, medical, financial, contract, liability), with the words people
 * use for them: "legally", "liable", "sue", "lawyer", "withhold rent", "lien", "foreclose", "bankruptcy",
 * "probate", "small claims", "press charges", "take the garage to court", "responsible for what was
 * stolen", "pay for the damage", "medically", "medicine", "diagnosed", "hurt", "injured", "hardship", and
 * the words of a medical emergency ("his face is swelling up, should I give him Benadryl?",
 * "hospitalized", "bleeding"); taxes, business structures and savings ("write it off", "an LLC or a
 * C-corp" as a choice, not "mail for my LLC"; "my 401k", "Medicaid"), rights under law ("tenant rights", "HIPAA", "on the hook"), health and
 * doses ("I'm pregnant", "headaches", "how much banamine should I give her"), illness ("is the mold making him
 * sick?", asthma, "my doctor thinks…"), bills for care ("my hospital bills"), holding back rent, and making
 * someone pay for a loss ("can I make the upstairs neighbor pay for it?"). Not "hospital", where people work, nor
 * "eviction", "credit score" or "court": applicants ask about their history ("I had an eviction 6 years
 * ago, can I still rent?") and residents about the tennis court as ordinary questions.
 */
const SENSITIVE_TOPICS =
  /\b(legal(ly)?|illegal(ly)?|lawyers?|attorneys?|sue|suing|lawsuits?|withhold(ing)?|medical(ly)?|medicines?|diagnos(is|ed|e)|medications?|prescriptions?|injur(y|ies|ed)|hurt|financial(ly)?|hardship|contracts?|liab(ility|le)|liens?|foreclos(e|ed|ure|ing)|bankrupt(cy)?|probate|small claims|press(ing)? charges|hospitali[sz]ed|ambulance|allergic reaction|swelling|swollen|bleeding|unconscious|overdosed?|concussion|poison(ed|ing)|benadryl|epi-?pens?|(take|taking|took) \w+(?: \w+)? to court|(better|good|bad|worse|hurt|help|build|damage|ruin|affect)\w* (for )?my credit|evict (me|us)|(responsible|pay|reimburse|compensate) (me |us )?for (what|the|my|our|any)? ?(was |got |is )?(stolen|damaged?|losses|loss)|on the hook|(set up|form|start|create|be|become|stay|put \w+(?: \w+)? in|or) (an? )?(llc|c-?corp|s-?corp|sole proprietor(ship)?)|(llc|c-?corp|s-?corp|sole proprietor(ship)?) or|write (it |this |that |them )?off|tax (reasons|advice|purposes|deductions?|deductible|return|write-?offs?|benefits?)|on (my|our) taxes|401\(?k\)?|retirement (account|savings|money)|medicaid|medicare|(tenant|legal|my|our) rights|under (state|federal|local|the) laws?|hipaa|pregnan(t|cy)|(my|his|her|our|their) health|headaches?|(safe|unsafe|dangerous) (for (me|us|him|her|the baby|my \w+) )?to (eat|drink|breathe)|dos(e|age)|how (much|many) \w+ should (i|we) give|(making|make|makes|made) (me|him|her|us|them|my \w+|our \w+) sick|asthma|coughing|(my|his|her) (doctor|physician) (says|said|thinks|thought|told|wants|recommends|recommended)|(hospital|doctor'?s?|medical|vet) bills|hold(ing)? back (my |the |our )?rent|make (the |my |our )?(\w+ ){1,4}pay for (it|this|that|the|my|our))\b/i;

/** Below this confidence an answer is handed to a human. */
export const TASK_CONFIDENCE_THRESHOLD = 0.7;

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
/** Keeps one decimal step exact (0.1 + 0.2 = 0.30000000000000004 otherwise). */
const round2 = (n: number) => Math.round(n * 100) / 100;

export function answerConfidence(text: string): number {
  let score = 0.5;
  if (POLICY_WORDS.test(text)) score += 0.2;
  if (text.length >= 100 && text.length <= 1000) score += 0.1;
  if (PRECISION_WORDS.test(text)) score += 0.1;
  if (HEDGING_WORDS.test(text)) score -= 0.3;
  return round2(clamp01(score));
}

/** True when the text mentions legal, medical, financial, contract or liability matters. */
export function mentionsSensitiveTopic(text: string): boolean {
  return SENSITIVE_TOPICS.test(text) || (LOSS_BY_OTHERS.test(text) && WHO_BEARS_IT.test(text));
}

/**
 * A loss someone else caused ("smashed my car window … took my laptop", "our unit was broken into") with
 * the question of who bears it ("Is Osterly Flats responsible for paying for it?"): liability. Either alone
 * is ordinary ("someone broke into my car, can I get the camera footage?", "who pays for the carpet
 * cleaning?").
 */
const LOSS_BY_OTHERS =
  /\b(?:smash(?:ed|es)?|stole|stolen|steal(?:s|ing)?|theft|thie(?:f|ves)|broke into|broken into|break-?ins?|vandali[sz](?:ed|m)|robbed|robbery|burglar(?:y|ized|ised)?)\b/i;
const WHO_BEARS_IT =
  /\b(?:responsible|liable|pay(?:s|ing)? for|cover(?:s|ing)? (?:it|this|that|the)|reimburs\w*|compensat\w*)\b/i;

export function shouldCreateTask(text: string, confidence: number): boolean {
  return confidence < TASK_CONFIDENCE_THRESHOLD || mentionsSensitiveTopic(text);
}
