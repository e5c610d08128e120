import { onboardingAnswer } from './offline-onboarding';
import { type ChatProvider, type Evidence, type GenerateRequest, lastUserMessage } from './provider';
import { contentTerms, sentences, termCoverage } from './text';

export { missingProfileTopics } from './offline-onboarding';

/** Below this share of the question's terms, a sentence does not answer it. */
export const MIN_ANSWER_COVERAGE = 0.5;
const MAX_QUOTES = 3;

export const OFFLINE_ABSTAIN =
  "I don't know the answer to that yet: it is not in this workspace's documents or in what your team has taught me.";
export const OFFLINE_GREETING =
  'Hello! Ask me anything about your business. I answer from your documents and from what your team has taught me, and I cite where each answer comes from.';

export interface Quote {
  evidence: Evidence;
  sentence: string;
  coverage: number;
}

/** The sentences of the evidence that answer the question best, most covering first. */
export function bestQuotes(question: string, evidence: readonly Evidence[]): Quote[] {
  const terms = contentTerms(question);
  if (terms.length === 0) return [];
  const candidates: Quote[] = [];
  for (const item of evidence) {
    if (item.kind === 'fact') {
      // A fact answers the question it was taught for: match its label and the question asked.
      const coverage = termCoverage(terms, `${item.title} ${item.context ?? ''} ${item.text}`);
      candidates.push({ evidence: item, sentence: item.text, coverage });
      continue;
    }
    for (const sentence of sentences(item.text)) {
      candidates.push({ evidence: item, sentence, coverage: termCoverage(terms, sentence) });
    }
  }
  candidates.sort(
    (a, b) =>
      b.coverage - a.coverage ||
      Number(b.evidence.fromHuman) - Number(a.evidence.fromHuman) ||
      b.evidence.similarity - a.evidence.similarity,
  );
  const best = candidates[0];
  if (!best || best.coverage < MIN_ANSWER_COVERAGE) return [];
  const picked: Quote[] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    if (picked.length >= MAX_QUOTES || c.coverage < Math.max(MIN_ANSWER_COVERAGE, best.coverage * 0.75)) break;
    const key = c.sentence.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(c);
  }
  return picked;
}

function operationalAnswer(request: GenerateRequest): string {
  const question = lastUserMessage(request.history);
  if (contentTerms(question).length === 0) return OFFLINE_GREETING;
  const quotes = bestQuotes(question, request.evidence);
  if (quotes.length === 0) return OFFLINE_ABSTAIN;
  const [first] = quotes;
  if (quotes.length === 1 && first) {
    return first.evidence.kind === 'fact'
      ? `${first.sentence} ${first.evidence.citation}`
      : `According to your documents: "${first.sentence}" ${first.evidence.citation}`;
  }
  const lines = quotes.map((q) =>
    q.evidence.kind === 'fact' ? `- ${q.sentence} ${q.evidence.citation}` : `- "${q.sentence}" ${q.evidence.citation}`,
  );
  return `Here is what I found:\n\n${lines.join('\n')}`;
}

/**
 * The offline default: no model, no download. Operational mode quotes the sentences of the retrieved
 * chunks and facts that answer the question, each with its citation, or says plainly that it does not
 * know; onboarding mode asks at most three questions about what the profile still lacks.
 */
export function createOfflineProvider(): ChatProvider {
  return {
    name: 'offline',
    async *stream(request) {
      const text = request.mode === 'onboarding' ? onboardingAnswer(request) : operationalAnswer(request);
      // Stream word by word so the browser path is the same as with a model.
      for (const piece of text.match(/\S+\s*|\s+/g) ?? []) yield piece;
    },
  };
}
