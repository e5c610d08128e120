import {
  accentTextColor,
  DEFAULT_WIDGET_APPEARANCE,
  WIDGET_ACCENT_PATTERN,
  WIDGET_GREETING_MAX,
  WIDGET_SUGGESTION_MAX_CHARS,
  WIDGET_SUGGESTIONS_MAX,
  WidgetAppearance,
  type WidgetPosition,
} from '@helixis/contract';
import { hasRole } from '@helixis/domain';
import { MessageCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/utils';
import { useBusinessRole } from '../../workspaces';
import { useSaveWidgetAppearance, useWidgetAppearance } from '../api/widget-appearance';

type Draft = { greeting: string; accent_color: string; questions: string[]; position: WidgetPosition };

const slots = (questions: string[]) => Array.from({ length: WIDGET_SUGGESTIONS_MAX }, (_, i) => questions[i] ?? '');

function toDraft(a: WidgetAppearance): Draft {
  return {
    greeting: a.greeting,
    accent_color: a.accent_color,
    questions: slots(a.suggested_questions),
    position: a.position,
  };
}

/** The draft as the contract reads it: empty question boxes are left out. */
function parse(draft: Draft) {
  return WidgetAppearance.safeParse({
    greeting: draft.greeting,
    accent_color: draft.accent_color,
    suggested_questions: draft.questions.map((q) => q.trim()).filter(Boolean),
    position: draft.position,
  });
}

/**
 * Settings → Website chat widget: the greeting, accent colour, up to four suggested questions and the
 * corner, with a live preview. Owners and admins only (the server enforces the same).
 */
export function WidgetAppearanceSection() {
  const { role, settled } = useBusinessRole();
  const allowed = hasRole(role, 'manager');
  if (!settled || !allowed) return null;
  return <WidgetAppearanceCard />;
}

function WidgetAppearanceCard() {
  const appearance = useWidgetAppearance(true);
  const save = useSaveWidgetAppearance();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tried, setTried] = useState(false);
  const ids = useId();

  useEffect(() => {
    if (appearance.data && draft === null) setDraft(toDraft(appearance.data));
  }, [appearance.data, draft]);

  if (appearance.isPending || draft === null) {
    return (
      <Card>
        <CardContent>
          <Spinner label="Loading the widget settings" />
        </CardContent>
      </Card>
    );
  }
  if (appearance.isError) {
    return (
      <Card>
        <CardContent>
          <p role="alert" className="text-destructive text-sm">
            Failed to load the widget settings: {appearance.error.message}
          </p>
        </CardContent>
      </Card>
    );
  }

  const parsed = parse(draft);
  const errors = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (!errors.has(key)) errors.set(key, issue.message);
    }
  }
  const show = (key: string) => (tried ? errors.get(key) : undefined);
  const accentValid = WIDGET_ACCENT_PATTERN.test(draft.accent_color.trim());
  const previewed: WidgetAppearance = {
    greeting: draft.greeting.trim() || DEFAULT_WIDGET_APPEARANCE.greeting,
    accent_color: accentValid ? draft.accent_color.trim().toLowerCase() : DEFAULT_WIDGET_APPEARANCE.accent_color,
    suggested_questions: draft.questions.map((q) => q.trim()).filter(Boolean),
    position: draft.position,
  };
  const update = (change: Partial<Draft>) => setDraft({ ...draft, ...change });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: (data) => {
        setDraft(toDraft(data));
        setTried(false);
        toast.success('Widget saved. Your website shows it on the next page load.');
      },
      onError: (err) => toast.error('Failed to save the widget', { description: err.message }),
    });
  };

  const field = (key: string) => `${ids}-${key}`;
  const errorOf = (key: string) => {
    const message = show(key);
    return message ? (
      <p id={`${field(key)}-error`} className="text-destructive text-sm">
        {message}
      </p>
    ) : null;
  };
  const questionError = (i: number) =>
    show(`suggested_questions.${draft.questions.filter((q, j) => j < i && q.trim()).length}`);

  return (
    <Card data-testid="widget-appearance">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <MessageCircle aria-hidden="true" className="size-5 text-primary" />
          Website chat widget
        </CardTitle>
        <CardDescription>
          How the chat button looks on your website: the first message visitors read, your colour, questions they can
          ask with one click, and the corner it sits in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <form className="flex min-w-0 flex-col gap-4" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor={field('greeting')}>Greeting</Label>
            <Textarea
              id={field('greeting')}
              value={draft.greeting}
              maxLength={WIDGET_GREETING_MAX}
              rows={2}
              aria-invalid={show('greeting') ? true : undefined}
              aria-describedby={show('greeting') ? `${field('greeting')}-error` : undefined}
              onChange={(e) => update({ greeting: e.target.value })}
            />
            {errorOf('greeting')}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={field('accent')}>Accent colour</Label>
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Colour picker"
                className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-card p-1"
                value={accentValid ? draft.accent_color.trim().toLowerCase() : DEFAULT_WIDGET_APPEARANCE.accent_color}
                onChange={(e) => update({ accent_color: e.target.value })}
              />
              <Input
                id={field('accent')}
                className="max-w-36 font-mono"
                value={draft.accent_color}
                maxLength={7}
                spellCheck={false}
                aria-invalid={show('accent_color') ? true : undefined}
                aria-describedby={show('accent_color') ? `${field('accent_color')}-error` : `${field('accent')}-hint`}
                onChange={(e) => update({ accent_color: e.target.value })}
              />
            </div>
            <p id={`${field('accent')}-hint`} className="text-muted-foreground text-xs">
              A # and six digits or letters a–f, like #1d4ed8. Text on it turns dark or white to stay readable.
            </p>
            {errorOf('accent_color')}
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-medium text-sm">Suggested questions (up to {WIDGET_SUGGESTIONS_MAX})</legend>
            {draft.questions.map((q, i) => {
              const message = q.trim() ? questionError(i) : undefined;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: four fixed boxes, identified by their place
                <div key={i} className="flex flex-col gap-1">
                  <Input
                    aria-label={`Suggested question ${i + 1}`}
                    value={q}
                    maxLength={WIDGET_SUGGESTION_MAX_CHARS}
                    placeholder={i === 0 ? 'For example: When is the leasing office open?' : undefined}
                    aria-invalid={message ? true : undefined}
                    onChange={(e) =>
                      update({ questions: draft.questions.map((x, j) => (j === i ? e.target.value : x)) })
                    }
                  />
                  {message ? <p className="text-destructive text-sm">{message}</p> : null}
                </div>
              );
            })}
            <p className="text-muted-foreground text-xs">
              Each up to {WIDGET_SUGGESTION_MAX_CHARS} characters. Leave a box empty to show fewer.
            </p>
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-medium text-sm">Position on the page</legend>
            <div className="flex flex-wrap gap-4">
              {(
                [
                  ['bottom-right', 'Bottom right'],
                  ['bottom-left', 'Bottom left'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={field('position')}
                    value={value}
                    checked={draft.position === value}
                    onChange={() => update({ position: value })}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save widget'}
            </Button>
          </div>
        </form>
        <WidgetPreview appearance={previewed} />
      </CardContent>
    </Card>
  );
}

/** A picture of the widget as visitors will see it, drawn from the unsaved draft. */
export function WidgetPreview({ appearance }: { appearance: WidgetAppearance }) {
  const accent = appearance.accent_color;
  const onAccent = accentTextColor(accent);
  const left = appearance.position === 'bottom-left';
  return (
    <figure className="flex min-w-0 flex-col gap-2" data-testid="widget-preview" data-position={appearance.position}>
      <figcaption className="font-medium text-sm">Preview</figcaption>
      <div
        className="relative h-[26rem] overflow-hidden rounded-lg border bg-muted/60"
        aria-label="Preview of the chat widget on your website"
        role="img"
      >
        <div aria-hidden="true" className="space-y-2 p-4">
          <div className="h-3 w-1/2 rounded bg-muted-foreground/20" />
          <div className="h-2 w-3/4 rounded bg-muted-foreground/15" />
          <div className="h-2 w-2/3 rounded bg-muted-foreground/15" />
        </div>
        <div
          aria-hidden="true"
          className={cn(
            'absolute bottom-16 flex w-[calc(100%-1.5rem)] max-w-72 flex-col rounded-xl border bg-white text-[13px] text-zinc-900 shadow-lg',
            left ? 'left-3' : 'right-3',
          )}
        >
          <div className="border-b px-3 py-2 font-semibold">Ask us anything</div>
          <div className="flex flex-col gap-2 p-3">
            <p
              className="max-w-[85%] self-start whitespace-pre-wrap rounded-lg bg-zinc-100 px-2.5 py-1.5"
              data-testid="preview-greeting"
            >
              {appearance.greeting}
            </p>
          </div>
          {appearance.suggested_questions.length > 0 ? (
            <div className="flex flex-wrap gap-1.5 px-3 pb-2">
              {appearance.suggested_questions.map((q) => (
                <span
                  key={q}
                  className="rounded-full border bg-white px-2 py-1 text-xs"
                  style={{ borderColor: accent }}
                >
                  {q}
                </span>
              ))}
            </div>
          ) : null}
          <div className="flex gap-1.5 border-t p-2">
            <span className="flex-1 rounded-md border px-2 py-1 text-zinc-500">Type your question…</span>
            <span className="rounded-md px-2 py-1" style={{ background: accent, color: onAccent }}>
              Send
            </span>
          </div>
        </div>
        <span
          aria-hidden="true"
          data-testid="preview-button"
          className={cn(
            'absolute bottom-3 rounded-full px-4 py-2 font-semibold text-sm shadow-md',
            left ? 'left-3' : 'right-3',
          )}
          style={{ background: accent, color: onAccent }}
        >
          Chat with us
        </span>
      </div>
    </figure>
  );
}
