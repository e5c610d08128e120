import { ANONYMOUS_DEMO_MESSAGES, BRAND_NAME, type DemoChatTurn, demoMessages } from '@helixis/contract';
import { Bot, CircleAlert, Send, Sparkles, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import {
  addLocalKnowledge,
  demoAllowance,
  getLocalProfile,
  loadDemoConversation,
  saveDemoConversation,
} from '../anonymous-profile';
import { useSendDemoMessage } from '../api/send-demo-message';

const STARTERS = ['Which systems does it connect to?', 'Will it reply to residents on its own?'];

/** A turn with a key for the list. */
type Turn = DemoChatTurn & { id: string };

const keyed = (turn: DemoChatTurn): Turn => ({ ...turn, id: globalThis.crypto.randomUUID() });
const plain = (turns: Turn[]): DemoChatTurn[] => turns.map(({ role, content }) => ({ role, content }));

interface DemoChatPanelProps {
  onClose: () => void;
  /** Opens sign-up (the landing page's auth modal). */
  onSignUp: () => void;
}

/** The anonymous demo chat of the landing page: ANONYMOUS_DEMO_MESSAGES answers, then the sign-up prompt. */
export function DemoChatPanel({ onClose, onSignUp }: DemoChatPanelProps) {
  const [turns, setTurns] = useState<Turn[]>(() => loadDemoConversation().map(keyed));
  const [draft, setDraft] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>(STARTERS);
  const send = useSendDemoMessage();
  const { remaining } = demoAllowance(turns);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    getLocalProfile();
    inputRef.current?.focus();
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (list && turns.length > 0) list.scrollTop = list.scrollHeight;
  }, [turns.length]);

  const submit = (text: string) => {
    const message = text.trim();
    if (message === '' || send.isPending || remaining === 0) return;
    const history = turns;
    const asked = keyed({ role: 'user', content: message });
    setTurns([...history, asked]);
    setDraft('');
    send.mutate(
      { message, history: plain(history) },
      {
        onSuccess: (answer) => {
          const next = [...history, asked, keyed({ role: 'assistant', content: answer.reply })];
          setTurns(next);
          saveDemoConversation(plain(next));
          setSuggestions(answer.suggestions);
          // A statement (not a question) is something the visitor taught: kept on this device only.
          if (!message.endsWith('?')) addLocalKnowledge(message);
        },
        // A message that got no answer does not count against the allowance.
        onError: () => {
          setTurns(history);
          setDraft(message);
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit(draft);
    }
  };

  return (
    <section
      aria-label={`${BRAND_NAME} demo chat`}
      className="flex w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border bg-card shadow-2xl"
    >
      <header className="flex items-center justify-between gap-3 bg-primary px-4 py-3 text-primary-foreground">
        <div className="flex items-center gap-2.5">
          <span className="flex size-8 items-center justify-center rounded-full bg-primary-foreground/15">
            <Bot aria-hidden="true" className="size-4" />
          </span>
          <div>
            <h2 className="font-semibold text-sm leading-tight">Ask {BRAND_NAME}</h2>
            <p className="text-primary-foreground/80 text-xs">
              Demo · {remaining} of {ANONYMOUS_DEMO_MESSAGES} messages left
            </p>
          </div>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="cursor-pointer rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-primary-foreground/50"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Close demo chat</span>
        </button>
      </header>

      <ol
        ref={listRef}
        aria-label="Conversation"
        className="flex max-h-[280px] min-h-40 flex-col gap-3 overflow-y-auto p-4 text-sm"
      >
        <li className="w-fit max-w-[90%] rounded-2xl rounded-bl-sm bg-muted px-3.5 py-2">
          Hi! I can answer questions about {BRAND_NAME} for property managers. Ask me anything, such as which systems it
          connects to.
        </li>
        {turns.map((turn) => (
          <li
            key={turn.id}
            data-role={turn.role}
            className={cn(
              'w-fit max-w-[90%] whitespace-pre-wrap rounded-2xl px-3.5 py-2',
              turn.role === 'user'
                ? 'ml-auto rounded-br-sm bg-primary text-primary-foreground'
                : 'rounded-bl-sm bg-muted',
            )}
          >
            {turn.content}
          </li>
        ))}
        {send.isPending ? (
          <li>
            <Spinner label="Thinking..." className="size-4" />
          </li>
        ) : null}
      </ol>

      <div className="border-t p-3">
        {send.isError ? (
          <Alert variant="destructive" role="alert" className="mb-3">
            <CircleAlert aria-hidden="true" />
            <p>{send.error.message}</p>
          </Alert>
        ) : null}
        {remaining === 0 ? (
          <div role="status" className="flex flex-col gap-3 rounded-xl bg-accent p-4 text-accent-foreground">
            <p className="flex items-center gap-2 font-medium text-sm">
              <Sparkles aria-hidden="true" className="size-4 text-primary" />
              {demoMessages.signUpPrompt}
            </p>
            <p className="text-sm">{demoMessages.limitReached}</p>
            <Button onClick={onSignUp}>Sign up to keep chatting</Button>
          </div>
        ) : (
          <>
            {suggestions.length > 0 && !send.isPending ? (
              <div className="mb-2 flex flex-wrap gap-1.5">
                {suggestions.map((s) => (
                  <button
                    key={s}
                    type="button"
                    onClick={() => submit(s)}
                    className="cursor-pointer rounded-full border bg-background px-2.5 py-1 text-muted-foreground text-xs hover:border-primary/40 hover:text-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {s}
                  </button>
                ))}
              </div>
            ) : null}
            <form
              className="flex items-end gap-2"
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                submit(draft);
              }}
            >
              <label htmlFor="demo-chat-input" className="sr-only">
                Your message
              </label>
              <textarea
                id="demo-chat-input"
                ref={inputRef}
                rows={2}
                value={draft}
                maxLength={500}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onKeyDown}
                placeholder="Ask about Helixis..."
                className="min-h-10 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
              />
              <Button type="submit" size="icon" disabled={draft.trim() === '' || send.isPending}>
                <Send aria-hidden="true" />
                <span className="sr-only">Send</span>
              </Button>
            </form>
            <p className="mt-2 text-muted-foreground text-xs">
              Demo answers are about {BRAND_NAME} itself. Nothing you type is saved to an account.
            </p>
          </>
        )}
      </div>
    </section>
  );
}
