import {
  type ChatMessage,
  type ChatTurn,
  type ChatWithContextInput,
  type ChatWithContextOutput,
  chatMessages,
  RECENT_TURNS_MAX,
  type RecentTurn,
  type Thread,
} from '@helixis/contract';
import { hasRole } from '@helixis/domain';
import type { z } from 'zod';
import { hasModelEndpoint, selectProvider } from '../../llm';
import { lastUserMessage } from '../../llm/provider';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { recordQuestion } from '../facts';
import { learnFromOnboardingMessage } from '../onboarding';
import { createTaskForQuestion } from '../tasks';
import { type AnswerResult, answerQuestion } from './answer';
import * as repo from './chat.repo';

const THREAD_TITLE_MAX = 60;

function toThread(row: repo.ThreadRow): Thread {
  return {
    id: row.id,
    title: row.title,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

function toMessage(row: repo.MessageRow): ChatMessage {
  return {
    id: row.id,
    thread_id: row.threadId,
    role: row.role,
    content: row.content,
    sources: row.sources,
    confidence: row.confidence === null ? null : Math.round(row.confidence * 100) / 100,
    task_id: row.taskId,
    rewrite: row.rewrite ?? null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

function titleFrom(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > THREAD_TITLE_MAX ? `${flat.slice(0, THREAD_TITLE_MAX - 1)}…` : flat || chatMessages.newChat;
}

export const listThreads: EndpointHandler<'listThreads'> = async ({ ctx }) => {
  const rows = await ctx.tenant((tx) => repo.listThreads(tx, ctx.workspace.id, ctx.user.id));
  return { threads: rows.map(toThread) };
};

export const createThread: EndpointHandler<'createThread'> = async ({ ctx, input }) => {
  const row = await ctx.tenant((tx) =>
    repo.insertThread(tx, ctx.workspace.id, ctx.user.id, input.title || chatMessages.newChat),
  );
  return { thread: toThread(row) };
};

export const listMessages: EndpointHandler<'listMessages'> = async ({ ctx, input }) => {
  return ctx.tenant(async (tx) => {
    const thread = await repo.findThread(tx, ctx.workspace.id, ctx.user.id, input.id);
    if (!thread) throw new AppError('thread_not_found');
    const rows = await repo.listMessages(tx, ctx.workspace.id, thread.id);
    return { thread: toThread(thread), messages: rows.map(toMessage) };
  });
};

/** Test mode is for managers with a test copy. */
function assertMayTest(ctx: WorkspaceContext, testMode: boolean): void {
  if (testMode && !hasRole(ctx.workspace.businessRole, 'manager')) {
    throw new AppError('insufficient_role', { userMessage: 'Test Assistant Mode requires manager permissions' });
  }
}

/** Tasks come from unsure answers to real questions in operational mode, never in test mode. */
async function taskFor(
  ctx: WorkspaceContext,
  question: string,
  answer: AnswerResult,
  threadId: string | null,
  testMode: boolean,
) {
  if (!answer.taskNeeded || testMode) return null;
  const { task } = await createTaskForQuestion(ctx, {
    question,
    attemptedAnswer: answer.text,
    sourcesConsulted: [...new Set(answer.evidence.map((e) => e.citation))].slice(0, 10),
    threadId,
    sensitive: answer.sensitive,
    confidence: answer.confidence,
  });
  return task;
}

/**
 * chat-with-context: stores the user's message (so nothing is lost if the model fails),
 * answers from the workspace knowledge, hands the question to a person when unsure, and stores the
 * answer with its sources. `onDelta` receives the streamed text.
 */
export async function chatWithContext(
  {
    ctx,
    input,
  }: {
    ctx: WorkspaceContext;
    input: z.output<typeof ChatWithContextInput>;
  },
  onDelta?: (text: string) => void,
  signal?: AbortSignal,
): Promise<ChatWithContextOutput> {
  assertMayTest(ctx, input.isTestMode);
  const question = lastUserMessage(input.messages);
  const { thread, userMessage } = await ctx.tenant(async (tx) => {
    const existing = input.threadId
      ? await repo.findThread(tx, ctx.workspace.id, ctx.user.id, input.threadId)
      : await repo.insertThread(tx, ctx.workspace.id, ctx.user.id, titleFrom(question));
    if (!existing) throw new AppError('thread_not_found');
    const userMessage = await repo.insertMessage(tx, ctx.workspace.id, {
      threadId: existing.id,
      role: 'user',
      content: question,
    });
    // A thread started with 'New chat' is named after its first question.
    if (existing.title === chatMessages.newChat) {
      existing.title = titleFrom(question);
    }
    await repo.touchThread(tx, ctx.workspace.id, existing.id, existing.title);
    return { thread: existing, userMessage };
  });
  if (input.assistantMode === 'operational') await recordQuestion(ctx, question);
  // Onboarding: a statement is stored (profile and facts) before the reply, which says what was stored.
  const onboarding =
    input.assistantMode === 'onboarding' && !input.isTestMode ? await learnFromOnboardingMessage(ctx, question) : null;

  const provider = selectProvider(ctx.deps.config);
  const answer = await answerQuestion(
    ctx,
    provider,
    {
      history: input.messages,
      question,
      mode: input.assistantMode,
      testMode: input.isTestMode,
      businessContext: input.businessContext ?? '',
      systemPrompt: input.systemPrompt,
      temperature: input.temperature,
      recentTurns: recentTurnsOf(input.messages),
      ...(onboarding && !onboarding.question
        ? { onboarding: { saved: onboarding.saved, missing: onboarding.missing } }
        : {}),
    },
    onDelta,
    signal,
  );
  // During onboarding the owner is the one teaching: an unsure answer hands nothing to the team.
  const task = onboarding ? null : await taskFor(ctx, question, answer, thread.id, input.isTestMode);
  let text = answer.text;
  if (task) {
    const notice = `\n\n${chatMessages.taskCreated}`;
    text += notice;
    onDelta?.(notice);
  }
  const next = onboarding?.question ? onboarding.missing[0] : undefined;
  if (next) {
    const prompt = `\n\nWhen you're ready to continue setting up: ${next.question}`;
    text += prompt;
    onDelta?.(prompt);
  }
  const assistantMessage = await ctx.tenant((tx) =>
    repo.insertMessage(tx, ctx.workspace.id, {
      threadId: thread.id,
      role: 'assistant',
      content: text,
      sources: answer.sources,
      confidence: answer.confidence,
      taskId: task?.id ?? null,
      rewrite: answer.rewrite,
    }),
  );
  return {
    message: text,
    thread_id: thread.id,
    user_message: toMessage(userMessage),
    assistant_message: toMessage(assistantMessage),
    sources: answer.sources,
    confidence: answer.confidence,
    task,
    provider: provider.name,
    rewrite: answer.rewrite,
  };
}

/** The turns before the last message, user and assistant only, the newest RECENT_TURNS_MAX. */
function recentTurnsOf(messages: readonly ChatTurn[]): RecentTurn[] {
  return messages
    .slice(0, -1)
    .filter((m): m is ChatTurn & { role: RecentTurn['role'] } => m.role !== 'system')
    .slice(-RECENT_TURNS_MAX)
    .map((m) => ({ role: m.role, content: m.content }));
}

/** rag-answer: answer, confidence and sources; creates a task when unsure, except in test mode. */
export const ragAnswer: EndpointHandler<'ragAnswer'> = async ({ ctx, input }) => {
  assertMayTest(ctx, input.is_test);
  const provider = selectProvider(ctx.deps.config);
  const answer = await answerQuestion(ctx, provider, {
    history: [{ role: 'user', content: input.query }],
    question: input.query,
    mode: input.mode,
    testMode: input.is_test,
    businessContext: '',
    ...(input.recent_turns ? { recentTurns: input.recent_turns } : {}),
  });
  const task = await taskFor(ctx, input.query, answer, null, input.is_test);
  return {
    answer: answer.text,
    confidence: answer.confidence,
    sources: answer.sources,
    factsUsed: answer.sources.filter((s) => s.kind === 'fact').map((s) => s.title),
    would_create_task: answer.taskNeeded,
    task_id: task?.id ?? null,
    assistant_id: answer.assistantId,
    rewrite: answer.rewrite,
  };
};

/** helixis-assistant: a one-shot answer (no thread, no task) from the chosen provider. */
export const helixisAssistant: EndpointHandler<'helixisAssistant'> = async ({ ctx, input }) => {
  const configured = hasModelEndpoint(ctx.deps.config);
  if (input.provider === 'openai-compatible' && !configured && input.force) throw new AppError('llm_not_configured');
  const choice = input.provider === 'openai-compatible' && !configured ? 'offline' : input.provider;
  const provider = selectProvider(ctx.deps.config, choice);
  const answer = await answerQuestion(ctx, provider, {
    history: [{ role: 'user', content: input.message }],
    question: input.message,
    mode: 'operational',
    testMode: false,
    businessContext: '',
  });
  return { text: answer.text, provider: provider.name };
};
