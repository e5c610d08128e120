import type { ExtractedBusinessInfo, OnboardingChatMessage } from '@helixis/contract';
import { onboardingTexts, REQUIRED_FIELD_QUESTIONS } from '@helixis/contract';
import {
  extractBusinessInfo,
  isQuestionMessage,
  missingRequiredFields,
  statementsOf,
  stripCitations,
} from '@helixis/domain';
import { Send } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/textarea';
import { invoke } from '../../../lib/api-client';
import type { BusinessProfileResult, ProfileChanges } from '../../profile';

const FIELD_LABELS: Record<string, string> = {
  officialName: 'Business Name',
  industry: 'Industry',
  businessDescription: 'Business Description',
  serviceArea: 'Service Area',
  primaryContact: 'Primary Contact',
  paymentsAccepted: 'Payments accepted',
};

/** What a chat message changes in the profile (labelled lines, payment words, places). */
export function changesFromChat(info: ExtractedBusinessInfo): { changes: ProfileChanges; fields: string[] } {
  const { paymentsAccepted, _sources, ...data } = info;
  const fields = Object.keys(data);
  const changes: ProfileChanges = {};
  if (fields.length > 0) changes.business_data = { ...data, _sources: _sources ?? {} };
  if (paymentsAccepted?.length) {
    changes.essential_info = { paymentsAccepted, _sources: { paymentsAccepted: 'chat' } };
    fields.push('paymentsAccepted');
  }
  return { changes, fields };
}

const MAX_KEPT_MESSAGES = 50;

function listOf(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The chat to finish onboarding. Labelled lines ('Business name: …', 'Industry: …', 'Primary contact: …')
 * update the profile at once; the assistant then answers in onboarding mode with the profile as context.
 */
export function OnboardingChat({
  businessContext,
  onProfileChanges,
  nextQuestion,
  initialMessages,
  onPersist,
}: {
  businessContext: string;
  onProfileChanges: (changes: ProfileChanges) => Promise<BusinessProfileResult | null>;
  nextQuestion: string | null;
  /** The conversation kept in onboarding_data.messages. */
  initialMessages: readonly OnboardingChatMessage[];
  /** Stores the conversation after each answer (quietly: a lost copy of the chat is no lost profile data). */
  onPersist: (messages: OnboardingChatMessage[]) => void;
}) {
  const [messages, setMessages] = useState<OnboardingChatMessage[]>(() => [...initialMessages]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // One thread for the whole onboarding conversation, not one per message.
  const threadId = useRef<string | undefined>(undefined);
  const listRef = useRef<HTMLDivElement>(null);

  // Keep the newest message in view.
  useEffect(() => {
    if (messages.length > 0) listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [messages.length]);

  const add = (role: OnboardingChatMessage['role'], content: string) =>
    setMessages((m) => [...m, { role, content, ts: new Date().toISOString() }]);

  // After each answer the conversation is stored once.
  const persisted = useRef(initialMessages.length);
  useEffect(() => {
    if (messages.length > persisted.current && messages.at(-1)?.role === 'assistant') {
      persisted.current = messages.length;
      onPersist(messages.slice(-MAX_KEPT_MESSAGES));
    }
  }, [messages, onPersist]);

  const send = async () => {
    const content = text.trim();
    if (!content || busy) return;
    setText('');
    const history = [...messages, { role: 'user' as const, content, ts: new Date().toISOString() }];
    setMessages(history);
    setBusy(true);
    try {
      // A question is answered by the assistant, never read as profile details.
      const { changes, fields } = isQuestionMessage(content)
        ? { changes: {}, fields: [] }
        : changesFromChat(extractBusinessInfo(statementsOf(content), 'chat'));
      if (fields.length > 0) {
        const saved = await onProfileChanges(changes);
        const labels = fields.map((f) => FIELD_LABELS[f] ?? f);
        const stillMissing = saved ? missingRequiredFields(saved.profile?.business_data)[0] : undefined;
        const follow = stillMissing
          ? ` ${REQUIRED_FIELD_QUESTIONS[stillMissing]}`
          : ' All five required fields are filled; you can Apply & Continue.';
        add('assistant', saved ? `Thanks, I updated ${listOf(labels)}.${follow}` : onboardingTexts.chatError);
        return;
      }
      const answer = await invoke('chatWithContext', {
        messages: history.slice(-12).map((m) => ({ role: m.role, content: m.content })),
        assistantMode: 'onboarding',
        businessContext,
        threadId: threadId.current,
      });
      threadId.current = answer.thread_id;
      // This compact chat shows no sources: the answer without its citation markers ("[Fact:Customers]").
      add('assistant', stripCitations(answer.message) || onboardingTexts.chatError);
    } catch {
      add('assistant', onboardingTexts.chatError);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Finish onboarding in chat</CardTitle>
        <CardDescription>
          Tell me what is missing. Lines like "Business name: …", "Industry: …", "Description: …", "Service area: …" or
          "Primary contact: name, role, e-mail" update your profile right away.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div
          ref={listRef}
          role="log"
          aria-label="Onboarding chat"
          className="max-h-[280px] min-h-24 space-y-2 overflow-y-auto rounded-lg border bg-muted/40 p-3"
        >
          {messages.length === 0 ? (
            <p className="text-muted-foreground text-sm">{nextQuestion ?? 'Ask me anything about your setup.'}</p>
          ) : null}
          {messages.map((m) => (
            <div
              key={`${m.ts}-${m.role}`}
              className={`max-w-[85%] whitespace-pre-wrap rounded-lg px-3 py-2 text-sm ${
                m.role === 'user' ? 'ml-auto bg-primary text-primary-foreground' : 'bg-card shadow-xs'
              }`}
            >
              {m.content}
            </div>
          ))}
          {busy ? <p className="text-muted-foreground text-xs">Thinking…</p> : null}
        </div>
        <div className="flex items-end gap-2">
          <Textarea
            aria-label="Message"
            rows={2}
            value={text}
            placeholder="Business name: …  (Enter sends, Shift+Enter adds a line)"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button aria-label="Send" size="icon" onClick={() => void send()} disabled={!text.trim() || busy}>
            <Send aria-hidden="true" />
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
