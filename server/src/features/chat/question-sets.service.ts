import type { Assistant, ComparedAnswer, ComparedAssistant, Comparison, QuestionSet } from '@helixis/contract';
import { selectProvider } from '../../llm';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { ensureTestAssistant, findTestPair } from '../assistants';
import { type AnswerResult, answerQuestion } from './answer';
import * as repo from './question-sets.repo';

function toQuestionSet(row: repo.QuestionSetRow | undefined): QuestionSet {
  return {
    questions: row?.questions ?? [],
    updated_at: row ? new Date(row.updatedAt).toISOString() : null,
  };
}

function compared(a: Assistant): ComparedAssistant {
  return { assistant_id: a.id, name: a.name, system_prompt: a.system_prompt, temperature: a.temperature };
}

function toAnswer(result: AnswerResult): ComparedAnswer {
  return {
    answer: result.text,
    confidence: result.confidence,
    sources: result.sources,
    would_create_task: result.taskNeeded,
  };
}

const mean = (xs: number[]) =>
  xs.length === 0 ? 0 : Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 1000) / 1000;
const sameSettings = (a: ComparedAssistant, b: Assistant) =>
  a.assistant_id === b.id && a.system_prompt === b.system_prompt && a.temperature === b.temperature;

function toComparison(row: repo.ComparisonRow, current: { live: Assistant; test: Assistant } | null): Comparison {
  return {
    id: row.id,
    created_at: new Date(row.createdAt).toISOString(),
    live: row.live,
    test: row.test,
    results: row.results,
    summary: {
      live_mean_confidence: mean(row.results.map((r) => r.live.confidence)),
      test_mean_confidence: mean(row.results.map((r) => r.test.confidence)),
      live_would_create_tasks: row.results.filter((r) => r.live.would_create_task).length,
      test_would_create_tasks: row.results.filter((r) => r.test.would_create_task).length,
    },
    stale: !current || !sameSettings(row.live, current.live) || !sameSettings(row.test, current.test),
  };
}

export const getQuestionSet: EndpointHandler<'getQuestionSet'> = async ({ ctx }) => {
  return toQuestionSet(await ctx.tenant((tx) => repo.findQuestionSet(tx, ctx.workspace.id)));
};

export const saveQuestionSet: EndpointHandler<'saveQuestionSet'> = async ({ ctx, input }) => {
  const row = await ctx.tenant((tx) => repo.upsertQuestionSet(tx, ctx.workspace.id, ctx.user.id, input.questions));
  return toQuestionSet(row);
};

/**
 * Answers every saved question with the live assistant and with its test copy (created when missing),
 * the way rag-answer does but creating no task on either side, and stores the comparison.
 */
export const runComparison: EndpointHandler<'runComparison'> = async ({ ctx }) => {
  const set = await ctx.tenant((tx) => repo.findQuestionSet(tx, ctx.workspace.id));
  if (!set || set.questions.length === 0) throw new AppError('question_set_empty');
  const pair = await ensureTestAssistant({ ctx, input: {} });
  const provider = selectProvider(ctx.deps.config);
  const results: repo.ComparisonRow['results'] = [];
  for (const question of set.questions) {
    const ask = (testMode: boolean) =>
      answerQuestion(ctx, provider, {
        history: [{ role: 'user', content: question }],
        question,
        mode: 'operational',
        testMode,
        businessContext: '',
      });
    // One question at a time, live then test: a model endpoint sees at most one request from a run.
    const live = await ask(false);
    const test = await ask(true);
    results.push({ question, live: toAnswer(live), test: toAnswer(test) });
  }
  const row = await ctx.tenant((tx) =>
    repo.insertComparison(tx, ctx.workspace.id, {
      runBy: ctx.user.id,
      live: compared(pair.live),
      test: compared(pair.test),
      results,
    }),
  );
  return toComparison(row, pair);
};

export const latestComparison: EndpointHandler<'latestComparison'> = async ({ ctx }) => {
  const row = await ctx.tenant((tx) => repo.findLatestComparison(tx, ctx.workspace.id));
  if (!row) return { comparison: null };
  return { comparison: toComparison(row, await findTestPair(ctx)) };
};
