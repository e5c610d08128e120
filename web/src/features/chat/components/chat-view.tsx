import { type ChatSource, chatMessages, type QueryRewrite } from '@helixis/contract';
import { useQueryClient } from '@tanstack/react-query';
import { MessagesSquare, Mic, MicOff, Plus, SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { queryKeys } from '../../../lib/query-keys';
import { cn } from '../../../lib/utils';
import { linkCitations } from '../../knowledge';
import {
  type ChatMessage,
  messagesQueryOptions,
  streamChat,
  useMessages,
  useThreads,
  useVoiceConfig,
} from '../api/chat-api';
import { useVoiceChat } from '../hooks/use-voice-chat';
import { MarkdownMessage } from './markdown-message';
import { MessageSources } from './message-sources';

const HISTORY_SENT = 20;

interface LocalTurn {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  sources: ChatSource[];
  /** How a follow-up question was searched (assistant turns only). */
  rewrite?: QueryRewrite | null;
}

function Bubble({ role, content, sources, rewrite }: Omit<LocalTurn, 'id'>) {
  return (
    <li className={cn('flex', role === 'user' ? 'justify-end' : 'justify-start')} data-testid={`message-${role}`}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2.5',
          role === 'user' ? 'bg-primary text-primary-foreground' : 'border bg-card',
        )}
      >
        {role === 'user' ? (
          <p className="whitespace-pre-wrap text-sm">{content}</p>
        ) : (
          <MarkdownMessage text={linkCitations(content, sources)} />
        )}
        {role === 'assistant' ? <MessageSources sources={sources} rewrite={rewrite ?? null} /> : null}
      </div>
    </li>
  );
}

export interface ChatViewProps {
  className?: string;
  /** 'onboarding' makes the assistant ask about the business instead of answering from documents. */
  assistantMode?: 'onboarding' | 'operational';
  /** Open this stored thread first (e.g. a restored onboarding conversation). */
  initialThreadId?: string | null;
  /** Called with the thread id once a turn is stored on the server. */
  onThreadStored?: (threadId: string) => void;
  /** Called with the user's messages of the shown conversation whenever it changes. */
  onUserMessages?: (messages: string[]) => void;
  /** Shown above the messages (banners, actions). */
  banner?: ReactNode;
  /** Hide the thread list (a single-conversation chat). */
  hideThreads?: boolean;
  /** Replaces the empty-conversation text. */
  intro?: ReactNode;
}

/** Threads sidebar, messages with sources, and the input (Enter sends, Shift+Enter is a new line). */
export function ChatView({
  className,
  assistantMode,
  initialThreadId = null,
  onThreadStored,
  onUserMessages,
  banner,
  hideThreads = false,
  intro,
}: ChatViewProps) {
  const client = useQueryClient();
  const threads = useThreads();
  const [threadId, setThreadId] = useState<string | null>(initialThreadId);
  const messages = useMessages(threadId);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<LocalTurn[]>([]);
  const [sending, setSending] = useState(false);
  // A message sent while the previous answer is still coming waits in the box and goes right after it.
  const [queued, setQueued] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const voice = useVoiceChat();
  const voiceActive = voice.state === 'connecting' || voice.state === 'connected';
  const voiceConfig = useVoiceConfig();
  // Without a realtime model the button says what to configure instead of connecting.
  const voiceMissing = voiceConfig.data?.available === false ? voiceConfig.data.message : null;
  const [voiceHint, setVoiceHint] = useState(false);
  const [threadsOpen, setThreadsOpen] = useState(false);
  const drawerId = useId();
  const drawerFirst = useRef<HTMLButtonElement>(null);
  const drawerToggle = useRef<HTMLButtonElement>(null);
  // The phone drawer takes focus when it opens and gives it back on Escape.
  useEffect(() => {
    if (!threadsOpen) return;
    drawerFirst.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setThreadsOpen(false);
      drawerToggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [threadsOpen]);

  const stored: ChatMessage[] = threadId ? (messages.data?.messages ?? []) : [];
  // Once the answer is stored, reloading the thread brings the same two messages the pending turns hold
  // (with the same ids): show each once, or the question and answer flash twice until pending clears.
  const storedIds = new Set(stored.map((m) => m.id));
  const turns: LocalTurn[] = [
    ...stored.map((m) => ({ id: m.id, role: m.role, content: m.content, sources: m.sources, rewrite: m.rewrite })),
    ...pending.filter((p) => !storedIds.has(p.id)),
  ];

  const userTexts = turns.filter((t) => t.role === 'user').map((t) => t.content);
  const userKey = userTexts.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: report only when the user's messages change
  useEffect(() => {
    onUserMessages?.(userTexts);
  }, [userKey]);

  const progress = turns.length + (pending.at(-1)?.content.length ?? 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the conversation grows
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [progress]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fires when the previous answer is stored
  useEffect(() => {
    if (sending || !queued) return;
    setQueued(false);
    void send();
  }, [sending, queued]);

  async function send() {
    const text = draft.trim();
    if (!text) return;
    if (sending) {
      setQueued(true);
      return;
    }
    setDraft('');
    setSending(true);
    const history = [
      ...stored.map((m) => ({ role: m.role, content: m.content })),
      { role: 'user' as const, content: text },
    ];
    setPending([
      { id: 'pending-user', role: 'user', content: text, sources: [] },
      { id: 'pending-assistant', role: 'assistant', content: '', sources: [] },
    ]);
    try {
      const result = await streamChat(
        { messages: history.slice(-HISTORY_SENT), threadId: threadId ?? undefined, assistantMode },
        (piece) =>
          setPending((p) => {
            const [user, answer] = p;
            return user && answer ? [user, { ...answer, content: answer.content + piece }] : p;
          }),
      );
      setPending([
        { id: result.user_message.id, role: 'user', content: result.user_message.content, sources: [] },
        {
          id: result.assistant_message.id,
          role: 'assistant',
          content: result.message,
          sources: result.sources,
          rewrite: result.rewrite,
        },
      ]);
      if (result.task) void client.invalidateQueries({ queryKey: queryKeys.tasks });
      // Load the stored thread before switching to it, so the conversation never flickers.
      await Promise.all([
        client.fetchQuery({ ...messagesQueryOptions(result.thread_id), staleTime: 0 }),
        client.invalidateQueries({ queryKey: queryKeys.threads, exact: true }),
      ]);
      setThreadId(result.thread_id);
      setPending([]);
      onThreadStored?.(result.thread_id);
    } catch (err) {
      setPending((p) => {
        const [user] = p;
        return user
          ? [user, { id: 'pending-assistant', role: 'assistant', content: chatMessages.error, sources: [] }]
          : p;
      });
      toast.error(chatMessages.sendFailed, { description: err instanceof Error ? err.message : undefined });
      // Nothing typed is lost: the failed message comes back, above anything written since.
      setQueued(false);
      setDraft((current) => (current.trim() ? `${text}\n\n${current}` : text));
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  function openThread(id: string | null) {
    setThreadId(id);
    setPending([]);
    setThreadsOpen(false);
  }

  return (
    <div className={cn('relative flex min-h-80 overflow-hidden rounded-xl border bg-background', className)}>
      {/* The thread list: a column from md up; on phones a drawer over the conversation ("Chats"). */}
      {threadsOpen ? (
        <button
          type="button"
          aria-label="Close chats"
          tabIndex={-1}
          className="absolute inset-0 z-10 bg-black/30 md:hidden"
          onClick={() => setThreadsOpen(false)}
        />
      ) : null}
      <aside
        id={drawerId}
        aria-label="Chat threads"
        className={cn(
          'hidden w-60 shrink-0 flex-col border-r bg-muted/30 p-3',
          !hideThreads && 'md:flex',
          threadsOpen && !hideThreads && 'absolute inset-y-0 left-0 z-20 flex w-72 max-w-[85%] bg-background shadow-lg',
        )}
        data-testid="chat-threads"
      >
        <Button ref={drawerFirst} variant="outline" onClick={() => openThread(null)}>
          <Plus aria-hidden="true" />
          {chatMessages.newChat}
        </Button>
        <nav aria-label="Chats" className="mt-3 flex-1 overflow-y-auto">
          {threads.isPending ? <Spinner label="Loading chats" /> : null}
          {threads.isError ? <p className="text-destructive text-xs">{chatMessages.workspaceLoadFailed}</p> : null}
          <ul className="flex flex-col gap-1">
            {threads.data?.threads.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => openThread(t.id)}
                  aria-current={t.id === threadId ? 'true' : undefined}
                  className={cn(
                    'w-full truncate rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted',
                    t.id === threadId && 'bg-accent font-medium text-accent-foreground',
                  )}
                  title={t.title}
                >
                  {t.title}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <section className="flex min-w-0 flex-1 flex-col" aria-label="Conversation">
        {hideThreads ? null : (
          <div className="flex items-center justify-between gap-2 border-b px-3 py-2 md:hidden">
            <Button
              ref={drawerToggle}
              variant="ghost"
              size="sm"
              aria-expanded={threadsOpen}
              aria-controls={drawerId}
              onClick={() => setThreadsOpen((v) => !v)}
            >
              <MessagesSquare aria-hidden="true" />
              Chats
            </Button>
            <Button variant="outline" size="sm" onClick={() => openThread(null)}>
              <Plus aria-hidden="true" />
              {chatMessages.newChat}
            </Button>
          </div>
        )}
        {banner}
        <div className="min-h-0 flex-1 overflow-y-auto p-4">
          {threadId && messages.isPending ? <Spinner label="Loading messages" /> : null}
          {turns.length === 0 && !(threadId && messages.isPending) ? (
            <div className="mx-auto mt-16 max-w-md text-center text-muted-foreground text-sm">
              {intro ?? (
                <>
                  <p className="font-medium text-foreground">Ask anything about your business.</p>
                  <p className="mt-1">
                    Answers come from your documents and what your team taught the assistant, with sources. When it is
                    not sure, it creates a task for a person.
                  </p>
                </>
              )}
            </div>
          ) : null}
          <ul className="flex flex-col gap-3">
            {turns.map((turn) =>
              turn.role === 'assistant' && turn.content === '' ? (
                <li key={turn.id}>
                  <Spinner label="Thinking..." />
                </li>
              ) : (
                <Bubble
                  key={turn.id}
                  role={turn.role}
                  content={turn.content}
                  sources={turn.sources}
                  rewrite={turn.rewrite ?? null}
                />
              ),
            )}
          </ul>
          <div ref={bottom} />
        </div>
        {voice.state !== 'idle' ? (
          <p
            className="flex flex-wrap items-center gap-2 border-t px-4 py-1.5 text-muted-foreground text-xs"
            data-testid="voice-status"
            data-state={voice.state}
            data-played={voice.played}
          >
            <span
              className={cn(
                'size-2 rounded-full',
                voice.state === 'connected' ? 'bg-emerald-500' : 'bg-muted-foreground/40',
              )}
            />
            <span>Voice: {voice.state}</span>
            {voice.transcript ? <span data-testid="voice-transcript">You said: "{voice.transcript}"</span> : null}
          </p>
        ) : null}
        {voiceHint && voiceMissing ? (
          <p
            className="border-t bg-amber-50 px-4 py-1.5 text-amber-900 text-xs"
            role="note"
            data-testid="voice-not-configured"
          >
            {voiceMissing}
          </p>
        ) : null}
        <form
          className="flex items-end gap-2 border-t p-3"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Button
            type="button"
            variant={voiceActive ? 'secondary' : 'ghost'}
            size="icon"
            aria-label={voiceActive ? 'End voice chat' : 'Voice chat'}
            aria-pressed={voiceActive}
            title={voiceMissing ?? undefined}
            onClick={() => {
              if (voiceActive) voice.stop();
              else if (voiceMissing) setVoiceHint((v) => !v);
              else void voice.start();
            }}
          >
            {voiceActive ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
          </Button>
          <textarea
            aria-label="Message"
            placeholder={chatMessages.placeholder}
            rows={1}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            className="max-h-40 min-h-10 flex-1 resize-none rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
          />
          <Button
            type="submit"
            size="icon"
            aria-label="Send"
            disabled={!draft.trim() || queued}
            aria-busy={sending || undefined}
          >
            <SendHorizontal aria-hidden="true" />
          </Button>
        </form>
      </section>
    </div>
  );
}
