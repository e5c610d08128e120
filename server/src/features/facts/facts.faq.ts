import type { FaqPair } from '@helixis/contract';
import { FAQ_DOCUMENT_QUESTIONS, factTerms, faqIdentity, faqQuestionFor } from '@helixis/domain';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { searchDocuments } from './facts.documents';
import * as repo from './facts.repo';
import { listUsableFacts } from './facts.service';

/** Most pairs one generate_faq call adds. */
const MAX_NEW_FAQS = 30;

/**
 * A document passage answers a question only when it contains at least half of the question's
 * words (and at least one): BM25 ranks something first for almost any query, which is not an answer.
 */
function answersQuestion(question: string, matchedTerms: readonly string[]): boolean {
  const wanted = new Set(factTerms(question));
  if (wanted.size === 0) return false;
  const matched = new Set(matchedTerms.flatMap((t) => factTerms(t)));
  let hits = 0;
  for (const w of wanted) if (matched.has(w)) hits += 1;
  return hits >= Math.max(1, Math.ceil(wanted.size / 2));
}

/**
 * knowledge-actions generate_faq: FAQ pairs from what the workspace really knows — one per
 * customer-facing fact (source `fact:<key>`), the copilot profile's services, hours and location,
 * and, for common tenant questions no fact answers, the best matching document passage found by the
 * knowledge search (source `[Doc:Title#Idx]`). Questions already in the workspace's FAQ are skipped;
 * the answer lists only the pairs this call added.
 */
export const knowledgeActions: EndpointHandler<'knowledgeActions'> = async ({ ctx, input }) => {
  const candidates: FaqPair[] = [];
  for (const fact of await listUsableFacts(ctx)) {
    const question = faqQuestionFor(fact);
    if (question) candidates.push({ question, answer: fact.value, source: `fact:${fact.key}` });
  }
  const profile = input.profile;
  if (profile?.services?.length) {
    candidates.push({
      question: 'What services do you offer?',
      answer: profile.services.join(', '),
      source: 'profile:services',
    });
  }
  if (profile?.business_hours) {
    candidates.push({
      question: 'What are your office hours?',
      answer: profile.business_hours,
      source: 'profile:hours',
    });
  }
  if (profile?.location) {
    candidates.push({ question: 'Where are you located?', answer: profile.location, source: 'profile:location' });
  }
  for (const pair of profile?.faq_pairs ?? []) candidates.push({ ...pair, source: pair.source || 'profile:faq' });

  const covered = new Set(candidates.map((c) => faqIdentity(c.question)));
  for (const question of FAQ_DOCUMENT_QUESTIONS) {
    if (covered.has(faqIdentity(question))) continue;
    let hits: Awaited<ReturnType<typeof searchDocuments>>;
    try {
      hits = await searchDocuments(ctx, { query: question, k: 1 });
    } catch (err) {
      throw new AppError('unknown_error', { userMessage: 'The documents could not be searched.', cause: err });
    }
    const best = hits[0];
    if (!best || !answersQuestion(question, best.matched_terms)) continue;
    candidates.push({
      question,
      answer: best.snippet,
      source: `[Doc:${best.document_title}#${best.chunk_index}]`,
    });
  }

  const unique = new Map<string, FaqPair>();
  for (const c of candidates) {
    const key = faqIdentity(c.question);
    if (key && c.answer.trim() && !unique.has(key)) unique.set(key, { ...c, answer: c.answer.trim() });
  }
  const rows = [...unique.entries()].slice(0, MAX_NEW_FAQS).map(([questionKey, pair]) => ({ questionKey, ...pair }));
  const { inserted, total } = await ctx.tenant(async (tx) => {
    const added = await repo.insertFaqs(tx, ctx.workspace.id, rows);
    return { inserted: added, total: await repo.countFaqs(tx, ctx.workspace.id) };
  });
  return {
    faqs: inserted.map((r) => ({ question: r.question, answer: r.answer, source: r.source })),
    total,
  };
};
