import { z } from 'zod';
import { ComparedAnswer, ComparedAssistant } from './assistants';
import { type Endpoint, NoInput } from './endpoint';
import { Uuid } from './workspaces';

/**
 * Resolved tasks as regression questions and the check before Apply to Live (issue 30 §2, decision 035).
 */

/** A completed task's question with the person's answer. */
export const RegressionQuestion = z.object({
  id: Uuid,
  task_id: Uuid,
  question: z.string(),
  expected_answer: z.string(),
  fact_id: Uuid.nullable(),
  created_at: z.string(),
});
export type RegressionQuestion = z.infer<typeof RegressionQuestion>;
export const RegressionSet = z.object({ questions: z.array(RegressionQuestion) });
export type RegressionSet = z.infer<typeof RegressionSet>;

/**
 * What changed for one question. lost_citation: a source the baseline cited (the live answer, or the
 * fact the person's answer became) is not cited by the test copy; facts_changed: the facts the test copy
 * cites differ from the baseline's (or no longer hold the person's answer); answer_changed: other wording.
 */
export const ApplyChange = z.enum(['lost_citation', 'facts_changed', 'answer_changed']);
export type ApplyChange = z.infer<typeof ApplyChange>;

export const ApplyCheckItem = z.object({
  kind: z.enum(['regression', 'saved']),
  question: z.string(),
  /** Regression questions: the person's answer. */
  expected_answer: z.string().nullable(),
  live: ComparedAnswer,
  test: ComparedAnswer,
  changes: z.array(ApplyChange),
  /** Lost a citation or changed facts: applying needs the owner's confirmation. */
  blocking: z.boolean(),
});
export type ApplyCheckItem = z.infer<typeof ApplyCheckItem>;

export const ApplyCheck = z.object({
  id: Uuid,
  created_at: z.string(),
  live: ComparedAssistant,
  test: ComparedAssistant,
  items: z.array(ApplyCheckItem),
  blocking: z.number().int(),
  /** The live assistant or the test copy changed since the check ran. */
  stale: z.boolean(),
});
export type ApplyCheck = z.infer<typeof ApplyCheck>;

export const applyCheckMessages = {
  blocked: (n: number) =>
    `${n} answer${n === 1 ? '' : 's'} lost a citation or changed facts on the test copy. Confirm to apply anyway.`,
  clean: 'No answer lost a citation or changed its facts.',
  empty: 'No regression questions or saved questions yet: nothing to check.',
  confirmLabel: 'I have reviewed the changes and want to apply anyway',
} as const;

export const applyCheckEndpoints = {
  listRegressionQuestions: {
    method: 'GET',
    path: '/api/v1/assistants/regression-set',
    access: 'workspace',
    role: 'manager',
    summary: "Completed tasks' questions with the person's answers.",
    input: NoInput,
    output: RegressionSet,
  },
  runApplyCheck: {
    method: 'POST',
    path: '/api/v1/assistants/test-copy/apply-check',
    access: 'workspace',
    role: 'manager',
    summary:
      'Answers the regression set and the saved questions with the live assistant and the test copy; reports what changed.',
    input: NoInput,
    output: ApplyCheck,
  },
} as const satisfies Record<string, Endpoint>;
