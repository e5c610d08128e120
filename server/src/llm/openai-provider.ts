import { ONBOARDING_MAX_QUESTIONS } from '@helixis/contract';
import OpenAI from 'openai';
import type { ChatProvider, Evidence, GenerateRequest } from './provider';

export interface OpenAICompatibleOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  maxRetries?: number;
}

const ABSTAIN_RULE =
  'If the sources do not contain the answer, say plainly "I don\'t know" and that a person on the team will follow up. Never guess or invent facts, prices, policies or names.';

function sourcesBlock(evidence: readonly Evidence[]): string {
  if (evidence.length === 0) return 'Sources: none were found for this question.';
  const items = evidence.map(
    (e) => `${e.citation}\n${e.kind === 'fact' && e.context ? `(answer to: ${e.context})\n` : ''}${e.text}`,
  );
  return `Sources:\n\n${items.join('\n\n')}`;
}

/** The system message: the assistant's own prompt, then the mode's instructions and the retrieved context. */
export function buildSystemMessage(request: GenerateRequest): string {
  const parts = [request.systemPrompt.trim()];
  if (request.mode === 'onboarding') {
    parts.push(
      `You are in onboarding mode: learn about the business. Ask at most ${ONBOARDING_MAX_QUESTIONS} short clarifying questions at a time, only about what you do not know yet.`,
    );
    if (request.businessContext.trim())
      parts.push(`What the owner has told you so far:\n${request.businessContext.trim()}`);
    if (request.onboarding) {
      const saved = request.onboarding.saved.map((s) => `- ${s.label}: ${s.value}`).join('\n');
      parts.push(
        saved
          ? `Saved from the owner's last message (say you noted these and nothing else):\n${saved}`
          : "Nothing was saved from the owner's last message: do not say you noted anything.",
      );
      const missing = request.onboarding.missing.map((m) => `- ${m.question}`).join('\n');
      if (missing) parts.push(`Still unknown, ask about these first:\n${missing}`);
    }
  } else {
    parts.push(
      'Answer the last user message only from the sources below. Quote or paraphrase the relevant sentences and cite every source you use with its marker exactly as written (for example [Doc:Title#0] or [Fact:Label]).',
      ABSTAIN_RULE,
      sourcesBlock(request.evidence),
    );
    if (request.businessContext.trim()) parts.push(`Business context:\n${request.businessContext.trim()}`);
  }
  return parts.filter(Boolean).join('\n\n');
}

/** Any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, ...), streamed. */
export function createOpenAICompatibleProvider(options: OpenAICompatibleOptions): ChatProvider {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Local servers (Ollama, vLLM) accept any key; the client insists on one.
    apiKey: options.apiKey || 'not-needed',
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
  });
  return {
    name: 'openai-compatible',
    async *stream(request, signal) {
      const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
        { role: 'system', content: buildSystemMessage(request) },
        ...request.history
          .filter((m) => m.role !== 'system')
          .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content })),
      ];
      const stream = await client.chat.completions.create(
        { model: options.model, messages, temperature: request.temperature, stream: true },
        { signal },
      );
      let chunks = 0;
      for await (const chunk of stream) {
        chunks++;
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) yield piece;
      }
      // A body that is not an event stream (a proxy's error page, truncated JSON) parses to no chunk at
      // all; a real answer, even an empty one, has at least its finishing chunk.
      if (chunks === 0) throw new Error('The model endpoint answered without a chat-completion stream.');
    },
  };
}
