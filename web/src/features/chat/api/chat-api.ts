import {
  CHAT_STREAM_PATH,
  ChatStreamEvent,
  type ChatWithContextInput,
  type ChatWithContextOutput,
  chatMessages,
  type EndpointOutput,
} from '@helixis/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, invoke } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/auth-client';
import { queryKeys } from '../../../lib/query-keys';

export type ThreadList = EndpointOutput<'listThreads'>;
export type Thread = ThreadList['threads'][number];
export type MessageList = EndpointOutput<'listMessages'>;
export type ChatMessage = MessageList['messages'][number];

export function threadsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.threads,
    queryFn: ({ signal }) => invoke('listThreads', {}, { signal }),
  });
}
export function useThreads() {
  return useQuery(threadsQueryOptions());
}

export function messagesQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: [...queryKeys.threads, threadId, 'messages'],
    queryFn: ({ signal }) => invoke('listMessages', { id: threadId }, { signal }),
  });
}
export function useMessages(threadId: string | null) {
  return useQuery({ ...messagesQueryOptions(threadId ?? ''), enabled: threadId !== null });
}

/**
 * POST /functions/v1/chat-with-context/stream: calls `onDelta` with each piece of the answer and
 * resolves with the stored result. Errors carry the server's user-facing text.
 */
export async function streamChat(
  input: ChatWithContextInput,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<ChatWithContextOutput> {
  const token = await getAccessToken();
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(CHAT_STREAM_PATH, { method: 'POST', headers, body: JSON.stringify(input), signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('service_unavailable', chatMessages.sendFailed, 0);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    throw new ApiError(
      body?.error?.code ?? 'unknown_error',
      body?.error?.message ?? chatMessages.sendFailed,
      response.status,
    );
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let outcome: { result: ChatWithContextOutput } | { error: ApiError } | null = null;
  // Read to the end of the stream, past the `done` event: the server ends the response right after it,
  // and a body left unread is cancelled by the browser, which logs the POST as failed (aborted).
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (outcome) continue;
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf('\n\n');
    while (boundary !== -1 && !outcome) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      boundary = buffer.indexOf('\n\n');
      if (!block.startsWith('data: ')) continue;
      const event = ChatStreamEvent.parse(JSON.parse(block.slice(6)));
      if (event.type === 'delta') onDelta(event.text);
      else if (event.type === 'done') outcome = { result: event.result };
      else outcome = { error: new ApiError(event.code, event.message, 200) };
    }
  }
  if (outcome && 'result' in outcome) return outcome.result;
  throw outcome?.error ?? new ApiError('unknown_error', chatMessages.error, 200);
}

/** Whether the server has a realtime model for voice, and what to configure when it has not. */
export function useVoiceConfig() {
  return useQuery({
    queryKey: ['voice-config'],
    queryFn: ({ signal }) => invoke('voiceConfig', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}
