import { HINT_FAQS_BELOW, HINT_SERVICES_BELOW, teachMessages } from '@helixis/contract';
import { BookOpenCheck, HelpCircle, Send, Sparkles } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';
import { askAssistant, useFactProfile, useGenerateFaq, useIngestFacts, useSuggestions } from '../api/facts';

interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  ts: number;
}

const GREETING =
  'Hi! Teach me about your business. Write facts like "Pet policy: Cats only" or just tell me how things work — I will remember them.';

const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Unknown error');

/**
 * Knowledge Copilot: a chat that learns facts from what the owner writes (facts-ingest),
 * answers questions through rag-answer with their sources, quizzes the essential gaps, lists suggestions and generates FAQs.
 */
export function KnowledgeCopilot() {
  const [messages, setMessages] = useState<ChatMessage[]>([{ role: 'assistant', content: GREETING, ts: Date.now() }]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const history = useRef<HTMLDivElement>(null);
  const ingest = useIngestFacts();
  const generateFaq = useGenerateFaq();
  const profile = useFactProfile();
  const suggestions = useSuggestions();

  const say = (role: ChatMessage['role'], content: string) =>
    setMessages((list) => [...list, { role, content, ts: Date.now() }]);

  useEffect(() => {
    const box = history.current;
    if (box && messages.length > 0) box.scrollTop = box.scrollHeight;
  }, [messages]);

  const send = async (text: string) => {
    const content = text.trim();
    if (!content || busy) return;
    setDraft('');
    say('user', content);
    setBusy(true);
    try {
      const result = await ingest.mutateAsync({ content, source: 'chat' });
      if (result.facts.length > 0) {
        toast.success(teachMessages.informationUpdated);
        say('assistant', `Got it. I now know:\n${result.facts.map((f) => `• ${f.label}: ${f.value}`).join('\n')}`);
        return;
      }
      const reply = await askAssistant(content);
      const answer = reply.answer.trim();
      if (!answer) {
        say('assistant', teachMessages.copilotEmpty);
        return;
      }
      const sources = reply.sources.map((s) => `${s.citation} (${Math.round(s.similarity * 100)}%)`);
      say('assistant', sources.length > 0 ? `${answer}\n\nSources: ${sources.join(', ')}` : answer);
    } catch (err) {
      toast.error(teachMessages.informationFailed);
      say('assistant', teachMessages.copilotFailed(errorText(err)));
    } finally {
      setBusy(false);
    }
  };

  const quiz = () => {
    const gap = profile.data?.knowledgeGaps[0];
    if (!gap) {
      say('assistant', 'You have covered every essential fact. Tell me about your pet policy or late fees next.');
      return;
    }
    const label = profile.data?.essentialFacts.find((e) => e.key === gap.field)?.label ?? gap.field;
    say('assistant', `Quiz: ${gap.description} ${gap.suggestedActions[0] ?? `What is your ${label}?`}`);
  };

  const smarter = () => {
    const top = suggestions.data ?? [];
    if (top.length === 0) {
      say('assistant', 'Nothing to suggest right now. I know what I need for the moment.');
      return;
    }
    say('assistant', `To get smarter:\n${top.map((s, i) => `${i + 1}. ${s.title} — ${s.description}`).join('\n')}`);
  };

  const faq = async () => {
    setBusy(true);
    try {
      const result = await generateFaq.mutateAsync({ action: 'generate_faq' });
      const n = result.faqs.length;
      if (n === 0) {
        toast(teachMessages.faqNone);
        say('assistant', teachMessages.faqNone);
      } else {
        toast.success(teachMessages.faqAdded(n));
        say(
          'assistant',
          `${teachMessages.faqAdded(n)}\n${result.faqs.map((f) => `Q: ${f.question}\nA: ${f.answer}`).join('\n')}`,
        );
      }
    } catch (err) {
      toast.error(teachMessages.faqFailed(errorText(err)));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send(draft);
    }
  };

  const hints: string[] = [];
  if (profile.data) {
    if (profile.data.servicesCount < HINT_SERVICES_BELOW) hints.push(teachMessages.hintServices);
    if (profile.data.faqCount < HINT_FAQS_BELOW) hints.push(teachMessages.hintFaqs);
  }

  return (
    <Card className="flex h-[420px] flex-col" data-testid="knowledge-copilot">
      <CardHeader className="gap-2 pb-2">
        <CardTitle as="h2">Knowledge Copilot</CardTitle>
        <div className="flex flex-wrap gap-1.5">
          <Button
            variant="outline"
            size="sm"
            className="h-7 gap-1 px-2 text-xs [&_svg]:size-3.5"
            onClick={quiz}
            disabled={busy}
          >
            <HelpCircle />
            Quiz me
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="h-7 gap-1 px-2 text-xs [&_svg]:size-3.5"
            onClick={smarter}
            disabled={busy}
          >
            <Sparkles />
            Get me Smarter
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="h-7 gap-1 px-2 text-xs [&_svg]:size-3.5"
            onClick={faq}
            disabled={busy}
          >
            <BookOpenCheck />
            Generate FAQ
          </Button>
        </div>
        {hints.length > 0 ? (
          <ul className="flex flex-wrap gap-2 text-muted-foreground text-xs" aria-label="Quick-quiz hints">
            {hints.map((h) => (
              <li key={h} className="rounded-full bg-muted px-2 py-0.5">
                {h}
              </li>
            ))}
          </ul>
        ) : null}
      </CardHeader>
      <CardContent className="flex min-h-0 flex-1 flex-col gap-2">
        <div
          ref={history}
          className="max-h-[280px] min-h-0 flex-1 space-y-2 overflow-y-auto rounded-md border bg-muted/30 p-2"
          role="log"
          aria-label="Copilot conversation"
        >
          {messages.map((m) => (
            <div
              key={`${m.ts}-${m.role}-${m.content.slice(0, 12)}`}
              className={cn(
                'max-w-[90%] whitespace-pre-line rounded-lg px-3 py-2 text-sm',
                m.role === 'user' ? 'ml-auto bg-primary text-primary-foreground' : 'bg-card shadow-xs',
              )}
            >
              {m.content}
            </div>
          ))}
          {busy ? <p className="text-muted-foreground text-xs">Thinking…</p> : null}
        </div>
        <form onSubmit={onSubmit} className="flex items-end gap-2">
          <textarea
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            rows={2}
            placeholder="Tell me something about your business…"
            aria-label="Message the Knowledge Copilot"
            className="min-h-0 flex-1 resize-none rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
          />
          <Button type="submit" size="icon" disabled={busy || !draft.trim()} aria-label="Send">
            <Send />
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
