import { ONBOARDING_ROUNDS, type OnboardingProgress, type OnboardingQuestionTarget } from '@helixis/contract';
import { extractBusinessInfo, findPaymentTypes, findStates, parsePrimaryContact } from '@helixis/domain';
import { type ProfilePatch, patchFromExtracted } from '../profile';

/**
 * How round answers feed the profile: labelled lines ('Business name: ...') and payment
 * types go through extractBusinessInfo; each question's answer also fills the field it asks about;
 * the description is rebuilt from all answers so far.
 */

const SOURCE = 'onboarding';
/** Lines that carry a labelled field, left out of the description text. */
const LABEL_LINE =
  /^\s*(?:[-*•]\s*)?(?:business name|company name|official name|legal name|industry|business type|service areas?|primary contact|main contact)\s*:/i;
/** The pricing phrase of a services answer: '8% of collected rent', 'a flat fee of $95 a month', '$40 per visit'. */
const PRICING =
  /\b\d+(?:\.\d+)?\s*(?:%|percent)[^.,;\n]*|\b(?:a\s+)?flat[\s-]+(?:fee|rate)s?\b[^.,;\n]*|\$\s?\d[^;\n]*?(?=[.,;](?:\s|$)|$)/i;

function withoutLabelLines(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => !LABEL_LINE.test(line))
    .join('\n')
    .trim();
}

/** Answers of every round (the saved ones with `round` replaced), by question target. */
export function answersAfter(
  progress: OnboardingProgress,
  roundNumber: number,
  answers: readonly string[],
): Partial<Record<OnboardingQuestionTarget, string>> {
  const rounds = progress.rounds.filter((r) => r.roundNumber !== roundNumber);
  rounds.push({ roundNumber, completed: false, answers: [...answers] });
  const out: Partial<Record<OnboardingQuestionTarget, string>> = {};
  for (const round of rounds) {
    const def = ONBOARDING_ROUNDS.find((r) => r.roundNumber === round.roundNumber);
    def?.questions.forEach((q, i) => {
      const answer = round.answers[i]?.trim();
      if (answer) out[q.target] = answer;
    });
  }
  return out;
}

export function patchFromAnswers(byTarget: Partial<Record<OnboardingQuestionTarget, string>>): ProfilePatch {
  const allText = Object.values(byTarget).join('\n');
  const extracted = extractBusinessInfo(allText, SOURCE);
  const patch = patchFromExtracted(extracted);
  const data = { ...(patch.business_data ?? {}) };
  const essential = { ...(patch.essential_info ?? {}) };
  const dataSources: Record<string, string> = { ...(data._sources ?? {}) };
  const essentialSources: Record<string, string> = { ...(essential._sources ?? {}) };

  const what = byTarget.businessDescription ? withoutLabelLines(byTarget.businessDescription) : '';
  if (what && !data.businessDescription) {
    data.businessDescription = what;
    dataSources.businessDescription = SOURCE;
  }
  const area = byTarget.serviceArea;
  if (area) {
    const states = findStates(area);
    if (!extracted.serviceArea || !LABEL_LINE.test(area)) {
      data.serviceArea = withoutLabelLines(area) || states.join(', ') || area;
      dataSources.serviceArea = SOURCE;
    }
    essential.location = data.serviceArea ?? area;
    essentialSources.location = SOURCE;
  }
  if (byTarget.target_audience) {
    essential.target_audience = byTarget.target_audience;
    essentialSources.target_audience = SOURCE;
  }
  if (byTarget.services) {
    essential.services = byTarget.services;
    essentialSources.services = SOURCE;
    const pricing = byTarget.services.match(PRICING)?.[0].trim();
    if (pricing) {
      essential.pricingModel = pricing;
      essentialSources.pricingModel = SOURCE;
    }
  }
  if (byTarget.primaryContact && !data.primaryContact) {
    const contact = parsePrimaryContact(byTarget.primaryContact);
    if (contact) {
      data.primaryContact = contact;
      dataSources.primaryContact = SOURCE;
    }
  }
  const payments = findPaymentTypes(allText);
  if (payments.length > 0) {
    essential.paymentsAccepted = payments;
    essentialSources.paymentsAccepted = SOURCE;
  }

  const description = [
    what,
    byTarget.target_audience ? `Customers: ${byTarget.target_audience}` : '',
    byTarget.services ? `Services: ${byTarget.services}` : '',
    byTarget.hours ? `Hours and channels: ${byTarget.hours}` : '',
  ]
    .filter(Boolean)
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
    .join('\n');

  const out: ProfilePatch = {};
  if (Object.keys(data).length > 0) out.business_data = { ...data, _sources: dataSources };
  if (Object.keys(essential).length > 0) out.essential_info = { ...essential, _sources: essentialSources };
  if (description) out.business_description = description;
  if (allText) out.onboarding_data = { userInput: allText, businessInfo: { description } };
  return out;
}
