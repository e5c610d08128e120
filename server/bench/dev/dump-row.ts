/** What answer-dump.ts and wiki-dump.ts store of one answered question (answer-eval.ts reads it back). */
import type { answerQuestion } from '../../src/features/chat/answer';

type Answered = Awaited<ReturnType<typeof answerQuestion>>;

export function answeredFields(result: Answered) {
  return {
    rewrite: result.rewrite,
    evidence: result.evidence.map(({ explain: _explain, ...e }) => e),
    answer: result.text,
    taskNeeded: result.taskNeeded,
  };
}
