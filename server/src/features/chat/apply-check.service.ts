import type {
  ApplyChange,
  ApplyCheck,
  ApplyCheckItem,
  Assistant,
  ComparedAnswer,
  ComparedAssistant,
  TestAssistantPair,
} from '@helixis/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { facts } from '../../db/schema';
import { selectProvider } from '../../llm';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import {
  applyTestAssistant as copyTestToLive,
  ensureTestAssistant,
  findTestPair,
  regressionRepo as repo,
} from '../assistants';
import { sameMeaning, statesValue } from '../facts';
import { type AnswerResult, answerQuestion } from './answer';
import * as questionSets from './question-sets.repo';

/**
 * Resolved tasks as regression questions, and the check that runs before Apply to Live (decision 035):
 * the regression set and the saved questions are answered by the live assistant and by the test copy;
 * an answer of the test copy that lost a citation or changed its facts blocks the apply until the owner
 * confirms.
 */

export const listRegressionQuestions: EndpointHandler<'listRegressionQuestions'> = async ({ ctx }) => {
  const rows = await ctx.tenant((tx) => repo.listRegressionQuestions(tx, ctx.workspace.id));
  return {
    questions: rows.map((r) => ({
      id: r.id,
      task_id: r.taskId,
      question: r.question,
      expected_answer: r.expectedAnswer,
      fact_id: r.factId,
      created_at: new Date(r.createdAt).toISOString(),
    })),
  };
};

function compared(a: Assistant): ComparedAssistant {
  return { assistant_id: a.id, name: a.name, system_prompt: a.system_prompt, temperature: a.temperature };
}

const sameSettings = (a: ComparedAssistant, b: Assistant) =>
  a.assistant_id === b.id && a.system_prompt === b.system_prompt && a.temperature === b.temperature;

function toAnswer(result: AnswerResult): ComparedAnswer {
  return {
    answer: result.text,
    confidence: result.confidence,
    sources: result.sources,
    would_create_task: result.taskNeeded,
  };
}

const cites = (a: ComparedAnswer) => new Set(a.sources.map((s) => `${s.kind}:${s.id}`));
const factsOf = (a: ComparedAnswer) =>
  new Map(a.sources.filter((s) => s.kind === 'fact').map((s) => [s.id, s.snippet] as const));

/**
 * What changed between the baseline and the test copy's answer. The baseline is the live answer (a source
 * it cited is gone; the facts it answered from are not the ones the test copy answers from); for a
 * regression question also the person's answer: the fact it became must still be cited, and still say it.
 */
export function changesOf(
  live: ComparedAnswer,
  test: ComparedAnswer,
  expected: { factId: string | null; answer: string; factValue: string | null } | null,
): ApplyChange[] {
  const changes: ApplyChange[] = [];
  const testCites = cites(test);
  let lost = [...cites(live)].some((c) => !testCites.has(c));
  // The person's answer is kept when the test copy cites the fact it became, or states it with a citation.
  const statesAnswer = expected !== null && test.sources.length > 0 && statesValue(test.answer, expected.answer);
  if (expected?.factId && !testCites.has(`fact:${expected.factId}`) && !statesAnswer) lost = true;
  if (lost) changes.push('lost_citation');
  const liveFacts = factsOf(live);
  const testFacts = factsOf(test);
  // An answer that found facts where the live one found none is an improvement, not a change of facts.
  let factsChanged =
    liveFacts.size > 0 &&
    (liveFacts.size !== testFacts.size || [...liveFacts].some(([id, snippet]) => testFacts.get(id) !== snippet));
  if (expected && (expected.factValue === null || !sameMeaning(expected.factValue, expected.answer))) {
    factsChanged = true;
  }
  if (factsChanged) changes.push('facts_changed');
  if (live.answer.trim() !== test.answer.trim()) changes.push('answer_changed');
  return changes;
}

function toCheck(row: repo.ApplyCheckRow, pair: TestAssistantPair | null): ApplyCheck {
  return {
    id: row.id,
    created_at: new Date(row.createdAt).toISOString(),
    live: row.live,
    test: row.test,
    items: row.results,
    blocking: row.blocking,
    stale: !pair || !sameSettings(row.live, pair.live) || !sameSettings(row.test, pair.test),
  };
}

/** Regression questions answered per check (the newest tasks first); the saved set adds at most 20. */
const REGRESSION_PER_CHECK = 40;

export const runApplyCheck: EndpointHandler<'runApplyCheck'> = async ({ ctx }) => {
  const pair = await ensureTestAssistant({ ctx, input: {} });
  const now = Date.now();
  const { regression, saved, factValues } = await ctx.tenant(async (tx) => {
    const regression = (await repo.listRegressionQuestions(tx, ctx.workspace.id)).slice(0, REGRESSION_PER_CHECK);
    const saved = (await questionSets.findQuestionSet(tx, ctx.workspace.id))?.questions ?? [];
    const ids = regression.flatMap((r) => (r.factId ? [r.factId] : []));
    const rows =
      ids.length === 0
        ? []
        : await tx
            .select({ id: facts.id, value: facts.value, expiresAt: facts.expiresAt })
            .from(facts)
            .where(and(eq(facts.workspaceId, ctx.workspace.id), inArray(facts.id, ids)));
    // An expired fact no longer answers: for the check it holds nothing.
    const factValues = new Map(
      rows.map((r) => [r.id, r.expiresAt && new Date(r.expiresAt).getTime() <= now ? null : r.value]),
    );
    return { regression, saved, factValues };
  });
  const provider = selectProvider(ctx.deps.config);
  const ask = (question: string, testMode: boolean) =>
    answerQuestion(ctx, provider, {
      history: [{ role: 'user', content: question }],
      question,
      mode: 'operational',
      testMode,
      businessContext: '',
    }).then(toAnswer);
  const items: ApplyCheckItem[] = [];
  const seen = new Set<string>();
  const questions = [
    ...regression.map((r) => ({ kind: 'regression' as const, question: r.question, row: r })),
    ...saved.map((q) => ({ kind: 'saved' as const, question: q, row: null })),
  ];
  for (const q of questions) {
    const key = q.question.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    // One question at a time, live then test: a model endpoint sees at most one request from a check.
    const live = await ask(q.question, false);
    const test = await ask(q.question, true);
    const expected = q.row
      ? {
          factId: q.row.factId,
          answer: q.row.expectedAnswer,
          factValue: q.row.factId ? (factValues.get(q.row.factId) ?? null) : q.row.expectedAnswer,
        }
      : null;
    const changes = changesOf(live, test, expected);
    items.push({
      kind: q.kind,
      question: q.question,
      expected_answer: q.row?.expectedAnswer ?? null,
      live,
      test,
      changes,
      blocking: changes.includes('lost_citation') || changes.includes('facts_changed'),
    });
  }
  const row = await ctx.tenant((tx) =>
    repo.insertApplyCheck(tx, ctx.workspace.id, {
      runBy: ctx.user.id,
      live: compared(pair.live),
      test: compared(pair.test),
      results: items,
      blocking: items.filter((i) => i.blocking).length,
    }),
  );
  return toCheck(row, pair);
};

/**
 * Apply to Live behind the check: the named check (else a new one) must be current and have no blocking
 * answer, or the owner confirms having reviewed them.
 */
export const applyTestAssistant: EndpointHandler<'applyTestAssistant'> = async ({ ctx, input }) => {
  let check: ApplyCheck;
  if (input.check_id) {
    const checkId = input.check_id;
    const row = await ctx.tenant((tx) => repo.findApplyCheck(tx, ctx.workspace.id, checkId));
    if (!row) throw new AppError('not_found', { userMessage: 'This check was not found. Run the check again.' });
    check = toCheck(row, await findTestPair(ctx));
    if (check.stale) throw new AppError('apply_check_stale');
  } else {
    check = await runApplyCheck({ ctx, input: {} });
  }
  if (check.blocking > 0 && !input.confirm) {
    throw new AppError('apply_blocked', { details: { check_id: check.id, blocking: check.blocking } });
  }
  return copyTestToLive({ ctx });
};
