/** What answer-dump.ts and wiki-dump.ts store of one answered question (answer-eval.ts reads it back). */
import { readFileSync } from 'node:fs';
import type { answerQuestion } from '../../src/features/chat/answer';
import { rankUnits, unitsOf } from '../../src/llm/answer-match';
import type { Evidence } from '../../src/llm/provider';

type Answered = Awaited<ReturnType<typeof answerQuestion>>;

export function answeredFields(result: Answered) {
  return {
    rewrite: result.rewrite,
    evidence: result.evidence.map(({ explain: _explain, ...e }) => e),
    answer: result.text,
    taskNeeded: result.taskNeeded,
  };
}

/** One stored question as the re-scoring tools read it back. */
export interface DumpRow {
  id: string;
  kind: string;
  question: string;
  expected?: string[];
  before?: string;
  rewrite: { rewritten: string; original: string; method: string } | null;
  evidence: Evidence[];
}

export function readDump(file: string): DumpRow[] {
  return JSON.parse(readFileSync(file, 'utf8')) as DumpRow[];
}

/**
 * What the answer pipeline searched and which words it carried from earlier turns: an offline rewrite
 * appends the carried words to the question, which is searched as typed; a model's rewrite is searched.
 */
export function searchedAndCarried(row: DumpRow): { searched: string; carried: string } {
  const rewrite = row.rewrite;
  const offline = rewrite?.method === 'offline' && rewrite.rewritten.startsWith(rewrite.original);
  return {
    searched: offline && rewrite ? rewrite.original : (rewrite?.rewritten ?? row.question),
    carried: offline && rewrite ? rewrite.rewritten.slice(rewrite.original.length).trim() : '',
  };
}

/** Every answerable and unanswerable question of the dumps, with the matcher's ranking of its evidence. */
export function* rankedRows(files: readonly string[]) {
  for (const file of files) {
    for (const row of readDump(file)) {
      if (row.kind !== 'answerable' && row.kind !== 'unanswerable') continue;
      const { searched, carried } = searchedAndCarried(row);
      yield { row, ranked: rankUnits(searched, unitsOf(row.evidence), carried) };
    }
  }
}
