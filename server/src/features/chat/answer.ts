import {
  type AssistantModeName,
  type ChatSource,
  type ChatTurn,
  chatMessages,
  DEFAULT_ASSISTANT_TEMPERATURE,
  DEFAULT_SYSTEM_PROMPT,
  factLedgerMessages,
  type QueryRewrite,
  type RecentTurn,
} from '@helixis/contract';
import { answerConfidence, isQuestionMessage, mentionsSensitiveTopic, shouldCreateTask } from '@helixis/domain';
import {
  ANSWER_MIN_SCORE,
  answerPointsElsewhere,
  answerSupport,
  asksAboutNow,
  profileQuestion,
  synonymQuery,
} from '../../llm/answer-match';
import { type ChatProvider, docCitation, type Evidence, factCitation, type OnboardingNotes } from '../../llm/provider';
import { synonymSearchDepth, withSynonymHits } from '../../llm/retrieval';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { assistantForChat } from '../assistants';
import { correctSpelling, rewriteFollowUp } from '../knowledge';
import { workspaceRetriever } from './retriever';

const CHUNKS_PER_ANSWER = 5;
/** Fact provenance types that record what a person on the team said. */
const OWNER_PROVENANCE: ReadonlySet<string> = new Set(['task', 'onboarding', 'correction', 'manual']);
const FACTS_PER_ANSWER = 5;
/** Where a supported answer's confidence starts (above the task threshold of 0.7). */
const SUPPORTED_BASE = 0.75;
/** The confidence of an answer a person on the team gave (above the task threshold of 0.7). */
const TEAM_ANSWER_CONFIDENCE = 0.9;

export interface AnswerRequest {
  history: ChatTurn[];
  question: string;
  mode: AssistantModeName;
  testMode: boolean;
  businessContext: string;
  /** Overrides from the caller (ignored in test mode, where the test copy's settings apply). */
  systemPrompt?: string;
  temperature?: number;
  /** Evidence supplied by the caller for this answer only (e.g. the browser extension's page text); never stored. */
  extraEvidence?: Evidence[];
  /** Earlier turns (oldest first): a follow-up question is rewritten with them before retrieval. */
  recentTurns?: RecentTurn[];
  /** Onboarding mode: what this message actually stored and what is still missing (the reply says only that). */
  onboarding?: OnboardingNotes;
}

export interface AnswerResult {
  text: string;
  sources: ChatSource[];
  confidence: number;
  /** The task rule applied (operational mode, a real question). */
  taskNeeded: boolean;
  sensitive: boolean;
  evidence: Evidence[];
  assistantId: string | null;
  /** The question as searched, when a follow-up was rewritten. */
  rewrite: QueryRewrite | null;
  /** Lines appended for quoted facts another source disagrees with (decision 035); residents are not shown them. */
  disagreementNotes?: string[];
}

/**
 * Gathers the workspace's evidence for a question: document chunks (when RAG is on) and facts. A
 * follow-up is first rewritten with the recent turns (followup.ts); the rewrite is returned to show it.
 */
export async function gatherEvidence(
  ctx: WorkspaceContext,
  typed: string,
  useRag: boolean,
  recentTurns: readonly RecentTurn[] = [],
): Promise<{ evidence: Evidence[]; rewrite: QueryRewrite | null }> {
  // Typing slips are mended from the workspace's own words first ("parkign" → "parking").
  const spelled = useRag ? await correctSpelling(ctx, typed) : typed;
  const followUp =
    recentTurns.length > 0 ? await rewriteFollowUp(ctx.deps.config, spelled, recentTurns, ctx.log) : null;
  const rewrite: QueryRewrite | null =
    followUp ?? (spelled !== typed ? { original: typed, rewritten: spelled, method: 'spelling' } : null);
  const question = rewrite?.rewritten ?? typed;
  const expanded = useRag ? synonymQuery(question) : null;
  const [ranked, viaSynonyms, facts] = await Promise.all([
    useRag ? workspaceRetriever.search(ctx, question, CHUNKS_PER_ANSWER) : Promise.resolve([]),
    expanded ? workspaceRetriever.search(ctx, expanded, synonymSearchDepth(CHUNKS_PER_ANSWER)) : Promise.resolve([]),
    workspaceRetriever.facts(ctx, question, FACTS_PER_ANSWER),
  ]);
  const chunks = withSynonymHits(ranked, viaSynonyms);
  const top = Math.max(0, ...chunks.map((c) => c.score));
  const evidence: Evidence[] = facts.map((f, rank) => {
    // What a person on the team said (a task's answer, onboarding, a correction, a fact typed in) is
    // trusted over document text; its context (the question answered, the owner's sentence) helps match it.
    const fromHuman = OWNER_PROVENANCE.has(f.provenance.type);
    const context = fromHuman ? f.provenance.context : undefined;
    return {
      kind: 'fact',
      id: f.id,
      title: f.label,
      chunkIndex: null,
      citation: factCitation(f.label),
      text: f.value,
      context,
      // Facts arrive ranked for the question (facts.service findFacts); the first is the best match.
      similarity: Math.round(Math.max(0.2, 1 - rank * 0.2) * 100) / 100,
      fromHuman,
      answersTask: f.provenance.type === 'task',
      ...(f.disagreement
        ? { disagreement: factLedgerMessages.disagreementNote(f.label, f.disagreement.value, f.disagreement.source) }
        : {}),
    };
  });
  for (const c of chunks) {
    evidence.push({
      kind: 'document',
      id: c.chunk_id,
      title: c.document_title,
      chunkIndex: c.chunk_index,
      documentId: c.document_id,
      citation: docCitation(c.document_title, c.chunk_index),
      text: c.content,
      similarity: top > 0 ? Math.round((c.score / top) * 100) / 100 : 0,
      fromHuman: false,
      explain: {
        snippet: c.snippet,
        matchedTerms: c.matched_terms,
        highlights: c.highlights ?? [],
        scoreParts: c.score_parts ?? { lexical: c.score, vector: 0, proximity: 0 },
      },
    });
  }
  return { evidence, rewrite };
}

/**
 * The answer's confidence (decision 028): how well the cited sources support an answer to the question
 * (answer-match.ts, the same scoring the offline assistant quotes by) sets the base, and the spec's
 * wording heuristic moves it by half its own offset from 0.5 — so hedging ("I'm not sure",
 * -0.3) pulls a supported answer below the task threshold, and policy wording or a useful length lift a
 * weak one a little. A supported answer starts at 0.75 (above the 0.7 threshold); an answer that
 * cites nothing is capped at 0.3.
 */
export function combinedConfidence(text: string, support: number, cites: boolean): number {
  const heuristic = answerConfidence(text);
  if (!cites) return Math.min(heuristic, 0.3);
  const supported = support >= ANSWER_MIN_SCORE;
  const base = supported
    ? SUPPORTED_BASE + 0.2 * Math.min(1, (support - ANSWER_MIN_SCORE) / (1 - ANSWER_MIN_SCORE))
    : 0.3 + 0.5 * support;
  return Math.round(Math.min(1, Math.max(0, base + (heuristic - 0.5) / 2)) * 100) / 100;
}

function toSource(e: Evidence): ChatSource {
  return {
    kind: e.kind,
    id: e.id,
    title: e.title,
    chunk_index: e.chunkIndex,
    ...(e.documentId ? { document_id: e.documentId } : {}),
    similarity: Math.min(1, Math.max(0, e.similarity)),
    citation: e.citation,
    snippet: e.explain?.snippet ?? (e.text.length > 240 ? `${e.text.slice(0, 239)}…` : e.text),
    ...(e.explain
      ? { matched_terms: e.explain.matchedTerms, highlights: e.explain.highlights, score_parts: e.explain.scoreParts }
      : {}),
  };
}

export interface AnswerAssessment {
  cited: Evidence[];
  confidence: number;
  taskNeeded: boolean;
  sensitive: boolean;
}

/**
 * What an answer's text is worth (decision 028): the evidence it cites, its confidence, whether a person
 * must take the question over as a task, and whether the question touches a sensitive topic. Pure, so
 * the development-set tools can re-assess stored evidence.
 */
export function assessAnswer(a: {
  text: string;
  /** The question as typed. */
  question: string;
  /** The question as searched (a rewritten follow-up's own words). */
  searched: string;
  carried: string;
  evidence: readonly Evidence[];
  operational: boolean;
}): AnswerAssessment {
  const { text, searched, carried, evidence, operational } = a;
  const cited = evidence.filter((e) => text.includes(e.citation));
  const support = operational ? answerSupport(searched, evidence, cited, carried) : 0;
  // A person already answered this (a fact taught through a task that supports the answer): trust it.
  const answeredByTeam =
    operational &&
    support >= ANSWER_MIN_SCORE &&
    cited.some((e) => e.answersTask === true && answerSupport(searched, evidence, [e], carried) > 0);
  const scored = operational ? combinedConfidence(text, support, cited.length > 0) : answerConfidence(text);
  const confidence = answeredByTeam ? Math.max(scored, TEAM_ANSWER_CONFIDENCE) : scored;
  const isQuestion = profileQuestion(searched, carried).terms.length > 0;
  // Sensitive topics are read in the question, not in the quoted answer (a handbook sentence about
  // "financial responsibility" does not make a question about parking sensitive).
  const sensitive = mentionsSensitiveTopic(a.question);
  const taskNeeded =
    operational &&
    isQuestion &&
    !answeredByTeam &&
    (shouldCreateTask(a.question, confidence) || asksAboutNow(searched, text) || answerPointsElsewhere(searched, text));
  return { cited, confidence, taskNeeded, sensitive };
}

/**
 * Answers one question with the workspace's assistant settings and evidence, streaming the text to
 * `onDelta`. Creates nothing: callers decide about tasks and persistence.
 */
export async function answerQuestion(
  ctx: WorkspaceContext,
  provider: ChatProvider,
  request: AnswerRequest,
  onDelta?: (text: string) => void,
  signal?: AbortSignal,
): Promise<AnswerResult> {
  const assistant = await assistantForChat(ctx, request.testMode);
  const systemPrompt = request.testMode
    ? (assistant?.system_prompt ?? DEFAULT_SYSTEM_PROMPT)
    : request.systemPrompt?.trim() || assistant?.system_prompt || DEFAULT_SYSTEM_PROMPT;
  const temperature = request.testMode
    ? (assistant?.temperature ?? DEFAULT_ASSISTANT_TEMPERATURE)
    : (request.temperature ?? assistant?.temperature ?? DEFAULT_ASSISTANT_TEMPERATURE);
  // A question asked during onboarding is answered from the workspace's knowledge like any other.
  const mode = request.mode === 'onboarding' && isQuestionMessage(request.question) ? 'operational' : request.mode;
  const operational = mode === 'operational';
  const { evidence, rewrite } = operational
    ? await gatherEvidence(ctx, request.question, assistant?.use_rag ?? true, request.recentTurns ?? [])
    : { evidence: [], rewrite: null };
  if (operational && request.extraEvidence) evidence.push(...request.extraEvidence);
  // An offline rewrite appends the earlier turns' words to the question: they weigh less than its own.
  const offlineRewrite = rewrite?.method === 'offline' && rewrite.rewritten.startsWith(rewrite.original);
  const searched = offlineRewrite ? rewrite.original : (rewrite?.rewritten ?? request.question);
  const carried = offlineRewrite && rewrite ? rewrite.rewritten.slice(rewrite.original.length).trim() : '';

  let text = '';
  try {
    for await (const piece of provider.stream(
      {
        mode,
        systemPrompt,
        temperature,
        history: request.history,
        query: searched,
        carried,
        evidence,
        businessContext: request.businessContext,
        ...(request.onboarding ? { onboarding: request.onboarding } : {}),
      },
      signal,
    )) {
      text += piece;
      onDelta?.(piece);
    }
  } catch (err) {
    ctx.log.warn({ err, provider: provider.name }, 'model provider failed');
    throw new AppError('llm_failed', { cause: err });
  }
  text = text.trim() || chatMessages.error;
  // A quoted fact another source disagrees with says so (decision 035), once per fact.
  const quoted = evidence.filter((e) => text.includes(e.citation));
  const notes = [...new Set(quoted.flatMap((e) => (e.disagreement ? [e.disagreement] : [])))];
  if (operational && notes.length > 0) {
    const note = `\n\n${notes.join('\n')}`;
    text += note;
    onDelta?.(note);
  }
  const { cited, confidence, taskNeeded, sensitive } = assessAnswer({
    text,
    question: request.question,
    searched,
    carried,
    evidence,
    operational,
  });
  return {
    text,
    sources: cited.map(toSource),
    confidence,
    taskNeeded,
    sensitive,
    evidence,
    assistantId: assistant?.id ?? null,
    rewrite,
    ...(operational && notes.length > 0 ? { disagreementNotes: notes } : {}),
  };
}
