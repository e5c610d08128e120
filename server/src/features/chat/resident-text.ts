import { contentTerms, type ResidentAnswer, renderResidentAnswer } from '@helixis/domain';
import type { AnswerResult } from './answer';

/**
 * An answer as a resident, applicant or website visitor reads it (no citation markers, no file
 * names, sources as document titles). Unsure is read from the answer's fields — task needed,
 * confidence, cited sources — never from the provider's wording, which a model phrases its own way.
 */
export function residentAnswer(
  question: string,
  answer: Pick<AnswerResult, 'text' | 'sources' | 'confidence' | 'taskNeeded' | 'disagreementNotes'>,
  unsureText?: string,
): ResidentAnswer {
  // A note that two of the business's sources disagree is for the team, not for residents (decision 035).
  const text = (answer.disagreementNotes ?? []).reduce(
    (t, note) => t.replace(`\n\n${note}`, '').replace(note, ''),
    answer.text,
  );
  return renderResidentAnswer({
    text,
    sources: answer.sources,
    confidence: answer.confidence,
    taskNeeded: answer.taskNeeded,
    isQuestion: contentTerms(question).length > 0,
    message: question,
    ...(unsureText === undefined ? {} : { unsureText }),
  });
}
