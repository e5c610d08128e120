import { type ResidentAnswer, renderResidentAnswer } from '@helixis/domain';
import { contentTerms } from '../../llm/text';
import type { AnswerResult } from './answer';

/**
 * An answer as a resident, applicant or website visitor reads it (no citation markers, no file
 * names, sources as document titles). Unsure is read from the answer's fields — task needed,
 * confidence, cited sources — never from the provider's wording, which a model phrases its own way.
 */
export function residentAnswer(
  question: string,
  answer: Pick<AnswerResult, 'text' | 'sources' | 'confidence' | 'taskNeeded'>,
  unsureText?: string,
): ResidentAnswer {
  return renderResidentAnswer({
    text: answer.text,
    sources: answer.sources,
    confidence: answer.confidence,
    taskNeeded: answer.taskNeeded,
    isQuestion: contentTerms(question).length > 0,
    message: question,
    ...(unsureText === undefined ? {} : { unsureText }),
  });
}
