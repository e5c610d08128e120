import type { BusinessProfile, ConfidenceInput, OnboardingRound } from '@helixis/contract';
import { detectContradictions, extractBusinessInfo, scoreConfidence } from '@helixis/domain';

const LABEL_LINE =
  /^\s*(?:[-*•]\s*)?(?:business name|company name|official name|legal name|industry|business type|service areas?|primary contact|main contact)\s*:/i;

/**
 * The confidence the profile will have once the answers on screen are saved, so the meter moves as the
 * user types. It reads the answers the way the server feeds them into the profile: labelled lines
 * through extractBusinessInfo, each question into its field, the description from all answers.
 */
export function liveConfidenceInput(
  profile: BusinessProfile | null | undefined,
  rounds: readonly OnboardingRound[],
  roundNumber: number,
  draft: readonly string[],
): ConfidenceInput {
  const byTarget: Record<string, string> = {};
  for (const round of rounds) {
    const answers = round.roundNumber === roundNumber ? draft : round.answers;
    round.questions.forEach((q, i) => {
      const answer = answers[i]?.trim();
      if (answer) byTarget[q.target] = answer;
    });
  }
  const info = profile?.essential_info ?? {};
  const extracted = extractBusinessInfo(Object.values(byTarget).join('\n'));
  const what = (byTarget.businessDescription ?? '')
    .split(/\r?\n/)
    .filter((line) => !LABEL_LINE.test(line))
    .join('\n')
    .trim();
  const parts = [
    what,
    byTarget.target_audience ? `Customers: ${byTarget.target_audience}` : '',
    byTarget.services ? `Services: ${byTarget.services}` : '',
    byTarget.hours ? `Hours and channels: ${byTarget.hours}` : '',
  ].filter(Boolean);
  const description =
    parts.length > 0
      ? parts.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`)).join('\n')
      : (profile?.business_description ?? '');
  return {
    description,
    business_name: extracted.officialName ?? info.business_name,
    business_type: extracted.industry ?? info.business_type,
    location: byTarget.serviceArea ?? info.location,
    services: byTarget.services ?? info.services,
    target_audience: byTarget.target_audience ?? info.target_audience,
    contradictions: detectContradictions(description),
  };
}

export function liveConfidence(input: ConfidenceInput) {
  return { score: scoreConfidence(input), contradictions: input.contradictions ?? [] };
}
