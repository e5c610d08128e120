import type { AssistantModeName, ChatTurn } from '@helixis/contract';

/** One piece of evidence the answer may cite, with the marker it must be cited by. */
export interface Evidence {
  kind: 'document' | 'fact';
  id: string;
  title: string;
  chunkIndex: number | null;
  /** A document chunk's document (opens the viewer at the passage); absent for facts and page evidence. */
  documentId?: string;
  /** `[Doc:Title#Idx]` or `[Fact:Label]`. */
  citation: string;
  text: string;
  /** For a fact a person gave: the question it answered (a task) or the sentence it was said in. */
  context?: string;
  /** Retrieval score normalised to 0..1 within this answer's candidates. */
  similarity: number;
  /** Facts a person on the team gave (a task's answer, onboarding, a correction) are trusted over document text. */
  fromHuman: boolean;
  /** A fact a person gave as the answer to a question handed over as a task. */
  answersTask?: boolean;
  /** A disputed fact (decision 035): the note an answer quoting it ends with. */
  disagreement?: string;
  /** For a document chunk: why it was retrieved (matched words, marked snippet, score parts). */
  explain?: {
    snippet: string;
    matchedTerms: string[];
    highlights: [number, number][];
    scoreParts: { lexical: number; vector: number; proximity: number };
  };
}

/** Onboarding mode: what the owner's message actually stored, and the topics still missing. */
export interface OnboardingNotes {
  saved: { label: string; value: string }[];
  missing: { label: string; question: string }[];
}

export interface GenerateRequest {
  mode: AssistantModeName;
  systemPrompt: string;
  temperature: number;
  /** The conversation so far, ending with the user's question. */
  history: ChatTurn[];
  /** The question as searched: a follow-up rewritten with its subject (followup.ts); else the last message. */
  query?: string;
  /** For an offline rewrite: the words carried over from earlier turns (weighed lower than the question's own). */
  carried?: string;
  evidence: Evidence[];
  businessContext: string;
  /** Onboarding mode: the reply is built from these (never claims what was not stored). */
  onboarding?: OnboardingNotes;
}

export interface ProviderName {
  name: 'offline' | 'openai-compatible';
}

/** A model provider: streams the answer text in pieces. */
export interface ChatProvider extends ProviderName {
  stream(request: GenerateRequest, signal?: AbortSignal): AsyncIterable<string>;
}

export function lastUserMessage(history: ChatTurn[]): string {
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i];
    if (turn?.role === 'user') return turn.content.trim();
  }
  return '';
}

/** Collects a streamed answer. */
export async function generate(provider: ChatProvider, request: GenerateRequest, signal?: AbortSignal) {
  let text = '';
  for await (const piece of provider.stream(request, signal)) text += piece;
  return text;
}

/** Marker for a document chunk (spec: [Doc:Title#Idx]); brackets in titles would break parsing. */
export function docCitation(title: string, index: number): string {
  return `[Doc:${title.replace(/[[\]]/g, '')}#${index}]`;
}
export function factCitation(label: string): string {
  return `[Fact:${label.replace(/[[\]]/g, '')}]`;
}
