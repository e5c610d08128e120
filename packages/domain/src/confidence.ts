import {
  CONFIDENCE_ALL_FOUR_BONUS,
  CONFIDENCE_BUSINESS_NAME,
  CONFIDENCE_DESCRIPTION_STEPS,
  CONFIDENCE_FIELD_RULES,
  CONFIDENCE_SCORE_MAX,
  CONFIDENCE_SCORE_MIN,
  CONFIDENCE_SENTENCE_MIN_CHARS,
  CONFIDENCE_SENTENCE_STEPS,
  CONFIDENCE_TIER_HIGH,
  CONFIDENCE_TIER_HIGH_TEXT,
  CONFIDENCE_TIER_LOW_TEXT,
  CONFIDENCE_TIER_MID,
  CONFIDENCE_TIER_MID_TEXT,
  CONFIDENCE_WORD_MIN_CHARS,
  CONFIDENCE_WORD_STEPS,
  CONTRADICTION_EXTRA_PENALTY,
  CONTRADICTION_PENALTIES,
  type ConfidenceInput,
  type ConfidenceTierText,
  type ContradictionType,
} from '@helixis/contract';

/** Typed view of the penalty table: a missing contradiction type fails to compile here. */
const PENALTIES: Readonly<Record<ContradictionType, number>> = CONTRADICTION_PENALTIES;

type FieldRule = { longerThan: number; points: number; placeholders: readonly string[] };

/** Points for steps whose (exclusive) threshold the value exceeds. */
function stepPoints(value: number, steps: readonly { above: number; points: number }[]): number {
  return steps.reduce((sum, step) => (value > step.above ? sum + step.points : sum), 0);
}

/** True when the trimmed value is longer than the rule's threshold and is not a placeholder. */
function fieldEarns(value: string | null | undefined, rule: FieldRule): boolean {
  const v = (value ?? '').trim();
  return v.length > rule.longerThan && !rule.placeholders.includes(v.toLowerCase());
}

/** Whitespace-separated tokens with leading and trailing punctuation removed, longer than 2 characters. */
function countWords(text: string): number {
  return text
    .split(/\s+/)
    .map((token) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length > CONFIDENCE_WORD_MIN_CHARS).length;
}

/** Pieces between '.', '!', '?' or line breaks whose trimmed length is over 10 characters. */
function countSentences(text: string): number {
  return text
    .split(/[.!?\r\n]+/)
    .map((s) => s.trim())
    .filter((s) => s.length > CONFIDENCE_SENTENCE_MIN_CHARS).length;
}

/**
 * The confidence score (penalties and bonuses from the table in constants), an integer clamped to 0-100.
 * All lengths are measured on trimmed values. Each contradiction costs its type's penalty; when there
 * is more than one contradiction each one costs a further 10 (two contradictions: -20 on top).
 * A contradiction type outside the table carries no type penalty but still counts for the -10s.
 */
export function scoreConfidence(input: ConfidenceInput): number {
  const description = (input.description ?? '').trim();
  let score = stepPoints(description.length, CONFIDENCE_DESCRIPTION_STEPS);

  const location = fieldEarns(input.location, CONFIDENCE_FIELD_RULES.location);
  const services = fieldEarns(input.services, CONFIDENCE_FIELD_RULES.services);
  const audience = fieldEarns(input.target_audience, CONFIDENCE_FIELD_RULES.target_audience);
  const type = fieldEarns(input.business_type, CONFIDENCE_FIELD_RULES.business_type);
  if (location) score += CONFIDENCE_FIELD_RULES.location.points;
  if (services) score += CONFIDENCE_FIELD_RULES.services.points;
  if (audience) score += CONFIDENCE_FIELD_RULES.target_audience.points;
  if (type) score += CONFIDENCE_FIELD_RULES.business_type.points;
  if ((input.business_name ?? '').trim().length > CONFIDENCE_BUSINESS_NAME.longerThan) {
    score += CONFIDENCE_BUSINESS_NAME.points;
  }

  score += stepPoints(countWords(description), CONFIDENCE_WORD_STEPS);
  score += stepPoints(countSentences(description), CONFIDENCE_SENTENCE_STEPS);
  if (location && services && audience && type) score += CONFIDENCE_ALL_FOUR_BONUS;

  const contradictions = input.contradictions ?? [];
  for (const c of contradictions) {
    score += Object.hasOwn(PENALTIES, c.type) ? PENALTIES[c.type] : 0;
  }
  if (contradictions.length > 1) score += CONTRADICTION_EXTRA_PENALTY * contradictions.length;

  return Math.round(Math.min(CONFIDENCE_SCORE_MAX, Math.max(CONFIDENCE_SCORE_MIN, score)));
}

/** Tiers: 0-40, 41-75, 76 and up. */
export function confidenceTier(score: number): ConfidenceTierText {
  if (score >= CONFIDENCE_TIER_HIGH) return CONFIDENCE_TIER_HIGH_TEXT;
  if (score >= CONFIDENCE_TIER_MID) return CONFIDENCE_TIER_MID_TEXT;
  return CONFIDENCE_TIER_LOW_TEXT;
}
