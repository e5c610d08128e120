import {
  type AssistantModeName,
  type ChatSource,
  type ChatTurn,
  chatMessages,
  DEFAULT_ASSISTANT_TEMPERATURE,
  DEFAULT_SYSTEM_PROMPT,
  type QueryRewrite,
  type RecentTurn,
} from '@helixis/contract';
import { answerConfidence, isQuestionMessage, mentionsSensitiveTopic, shouldCreateTask } from '@helixis/domain';
import { type ChatProvider, docCitation, type Evidence, factCitation, type OnboardingNotes } from '../../llm/provider';
import { contentTerms, sentences, termCoverage } from '../../llm/text';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { assistantForChat } from '../assistants/assistants.service';
import { rewriteFollowUp } from '../knowledge/followup';
import { workspaceRetriever } from './retriever';

const CHUNKS_PER_ANSWER = 5;
const FACTS_PER_ANSWER = 5;
/** A taught answer counts when it covers at least half of the question's words. */
const TEAM_ANSWER_MIN_COVERAGE = 0.5;
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
  /** Doc 3 §5 rule applied (operational mode, a real question). */
  taskNeeded: boolean;
  sensitive: boolean;
  evidence: Evidence[];
  assistantId: string | null;
  /** The question as searched, when a follow-up was rewritten. */
  rewrite: QueryRewrite | null;
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
  const rewrite = recentTurns.length > 0 ? await rewriteFollowUp(ctx.deps.config, typed, recentTurns, ctx.log) : null;
  const question = rewrite?.rewritten ?? typed;
  const [chunks, facts] = await Promise.all([
    useRag ? workspaceRetriever.search(ctx, question, CHUNKS_PER_ANSWER) : Promise.resolve([]),
    workspaceRetriever.facts(ctx, question, FACTS_PER_ANSWER),
  ]);
  const top = Math.max(0, ...chunks.map((c) => c.score));
  const terms = contentTerms(question);
  const evidence: Evidence[] = facts.map((f) => {
    const fromHuman = f.provenance.type === 'task';
    const context = fromHuman ? f.provenance.context : undefined;
    return {
      kind: 'fact',
      id: f.id,
      title: f.label,
      chunkIndex: null,
      citation: factCitation(f.label),
      text: f.value,
      context,
      similarity: Math.round(termCoverage(terms, `${f.label} ${context ?? ''} ${f.value}`) * 100) / 100,
      fromHuman,
    };
  });
  for (const c of chunks) {
    evidence.push({
      kind: 'document',
      id: c.chunk_id,
      title: c.document_title,
      chunkIndex: c.chunk_index,
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

/** How well the cited evidence covers the question: the best sentence's share of the question's terms. */
export function citedCoverage(question: string, cited: readonly Evidence[]): number {
  const terms = contentTerms(question);
  let best = 0;
  for (const e of cited) {
    const parts = e.kind === 'fact' ? [`${e.title} ${e.context ?? ''} ${e.text}`] : sentences(e.text);
    for (const p of parts) best = Math.max(best, termCoverage(terms, p));
  }
  return best;
}

/**
 * The answer's confidence: the spec heuristic on the text (doc 3 §5), shifted by how well the cited
 * sources cover the question. An answer that cites nothing is capped at 0.3.
 */
export function combinedConfidence(text: string, coverage: number): number {
  const heuristic = answerConfidence(text);
  if (coverage <= 0) return Math.min(heuristic, 0.3);
  return Math.round(Math.min(1, Math.max(0, heuristic - 0.2 + 0.5 * coverage)) * 100) / 100;
}

function toSource(e: Evidence): ChatSource {
  return {
    kind: e.kind,
    id: e.id,
    title: e.title,
    chunk_index: e.chunkIndex,
    similarity: Math.min(1, Math.max(0, e.similarity)),
    citation: e.citation,
    snippet: e.explain?.snippet ?? (e.text.length > 240 ? `${e.text.slice(0, 239)}…` : e.text),
    ...(e.explain
      ? { matched_terms: e.explain.matchedTerms, highlights: e.explain.highlights, score_parts: e.explain.scoreParts }
      : {}),
  };
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

  let text = '';
  try {
    for await (const piece of provider.stream(
      {
        mode,
        systemPrompt,
        temperature,
        history: request.history,
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

  const cited = evidence.filter((e) => text.includes(e.citation));
  const coverage = citedCoverage(request.question, cited);
  // A person already answered this (a fact taught through a task that covers the question): trust it.
  const answeredByTeam = operational && cited.some((e) => e.fromHuman) && coverage >= TEAM_ANSWER_MIN_COVERAGE;
  const scored = operational ? combinedConfidence(text, coverage) : answerConfidence(text);
  const confidence = answeredByTeam ? Math.max(scored, TEAM_ANSWER_CONFIDENCE) : scored;
  const isQuestion = contentTerms(request.question).length > 0;
  const sensitive = mentionsSensitiveTopic(request.question);
  const taskNeeded =
    operational && isQuestion && !answeredByTeam && shouldCreateTask(`${request.question}\n${text}`, confidence);
  return {
    text,
    sources: cited.map(toSource),
    confidence,
    taskNeeded,
    sensitive,
    evidence,
    assistantId: assistant?.id ?? null,
    rewrite,
  };
}
