import type { ExtPageContext } from '@helixis/contract';
import { contentTerms, termCoverage } from '@helixis/domain';
import { docCitation, type Evidence } from '../../llm/provider';

const PASSAGE_CHARS = 1_200;
const PASSAGES_PER_ANSWER = 3;

/** Splits page text into passages of about PASSAGE_CHARS, on paragraph or sentence ends where possible. */
export function pagePassages(text: string): string[] {
  const clean = text
    .replace(/\r/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const passages: string[] = [];
  let rest = clean;
  while (rest.length > 0) {
    if (rest.length <= PASSAGE_CHARS) {
      passages.push(rest);
      break;
    }
    const window = rest.slice(0, PASSAGE_CHARS);
    const cut = Math.max(window.lastIndexOf('\n'), window.lastIndexOf('. ') + 1);
    const end = cut > PASSAGE_CHARS / 3 ? cut : PASSAGE_CHARS;
    passages.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  return passages.filter(Boolean);
}

/**
 * The passages of the current page that best cover the question, as evidence the answer may cite
 * ("This page (host)"). With nothing in common (e.g. "Summarize this page") the page's opening is used.
 * Used for one answer only; never stored.
 */
export function pageEvidence(question: string, page: ExtPageContext | undefined): Evidence[] {
  const text = page?.text?.trim();
  if (!text) return [];
  let host = 'current page';
  try {
    if (page?.url) host = new URL(page.url).hostname;
  } catch {
    // a URL the contract accepted but URL() does not: keep the generic label
  }
  const title = `This page (${host})`;
  const terms = contentTerms(question);
  const scored = pagePassages(text).map((passage, index) => ({ passage, index, score: termCoverage(terms, passage) }));
  const matching = scored.filter((p) => p.score > 0).sort((a, b) => b.score - a.score || a.index - b.index);
  const picked = (matching.length > 0 ? matching : scored).slice(0, matching.length > 0 ? PASSAGES_PER_ANSWER : 2);
  return picked.map((p) => ({
    kind: 'document',
    id: `page-${p.index}`,
    title,
    chunkIndex: p.index,
    citation: docCitation(title, p.index),
    text: p.passage,
    similarity: Math.round(p.score * 100) / 100,
    fromHuman: false,
  }));
}
