import { AutomationConfig } from '@helixis/contract';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { type Automation, useUpdateAutomation } from '../api/automations';
import { intentLabel } from '../lib/intent-label';

interface RuleDraft {
  intent: string;
  keywords: string;
}

const textareaClass =
  'min-h-16 rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** Intents an automation can produce: its routing rules, the fallback, and the missed call of call follow-up. */
function intentsOf(kind: Automation['kind'], rules: RuleDraft[]): string[] {
  const named = rules.map((r) => r.intent.trim()).filter(Boolean);
  const extra = kind === 'call_followup' ? ['missed_call'] : ['general_inquiry'];
  return [...new Set([...named, ...extra])];
}

/** Routing rules, approval policy (auto-send per intent, off by default), quiet hours and reply templates. */
export function AutomationConfigEditor({ automation }: { automation: Automation }) {
  const update = useUpdateAutomation();
  const { config } = automation;
  const [rules, setRules] = useState<RuleDraft[]>(
    config.routing.map((r) => ({ intent: r.intent, keywords: r.keywords.join(', ') })),
  );
  const [autoSend, setAutoSend] = useState<string[]>(config.approval.autoSendIntents);
  const [quiet, setQuiet] = useState(config.quietHours !== null);
  const [quietStart, setQuietStart] = useState(config.quietHours?.start ?? '21:00');
  const [quietEnd, setQuietEnd] = useState(config.quietHours?.end ?? '08:00');
  const [templates, setTemplates] = useState<Record<string, string>>(config.templates);
  const [error, setError] = useState<string | null>(null);
  const intents = intentsOf(automation.kind, rules);

  const save = (e: FormEvent) => {
    e.preventDefault();
    const candidate = {
      routing: rules.map((r) => ({
        intent: r.intent.trim(),
        keywords: r.keywords
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      })),
      approval: { autoSendIntents: autoSend.filter((i) => intents.includes(i)) },
      quietHours: quiet ? { start: quietStart, end: quietEnd } : null,
      templates: Object.fromEntries(Object.entries(templates).filter(([k, v]) => k === 'default' || v.trim())),
    };
    const parsed = AutomationConfig.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue ? `${issue.path.join(' › ')}: ${issue.message}` : 'The settings are not valid.');
      return;
    }
    setError(null);
    update.mutate(
      { id: automation.id, config: parsed.data },
      { onSuccess: () => toast.success('Settings saved'), onError: (err) => setError(err.message) },
    );
  };

  return (
    <form onSubmit={save} aria-label="Routing and approvals" className="flex flex-col gap-4 text-sm">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Routing</legend>
        <p className="text-muted-foreground text-xs">
          A message mentioning a keyword gets that intent; the first rule wins.
        </p>
        {rules.map((rule, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id and are edited in place
          <div key={i} className="grid grid-cols-[1fr_auto] gap-1 rounded-md border p-2">
            <Input
              aria-label={`Intent of rule ${i + 1}`}
              value={rule.intent}
              className="font-mono text-xs md:text-xs"
              onChange={(e) => setRules(rules.map((r, j) => (j === i ? { ...r, intent: e.target.value } : r)))}
            />
            <Input
              aria-label={`Keywords of rule ${i + 1}`}
              value={rule.keywords}
              placeholder="comma-separated keywords"
              className="col-span-2 order-last"
              onChange={(e) => setRules(rules.map((r, j) => (j === i ? { ...r, keywords: e.target.value } : r)))}
            />
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Remove rule ${i + 1}`}
              onClick={() => setRules(rules.filter((_, j) => j !== i))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="self-start"
          onClick={() => setRules([...rules, { intent: '', keywords: '' }])}
        >
          <Plus aria-hidden="true" /> Add rule
        </Button>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Approvals</legend>
        <p className="text-muted-foreground text-xs">
          Every reply waits for your approval. Tick an intent only if its replies may go out on their own.
        </p>
        {intents.map((intent) => (
          <label key={intent} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={autoSend.includes(intent)}
              onChange={(e) =>
                setAutoSend(e.target.checked ? [...autoSend, intent] : autoSend.filter((x) => x !== intent))
              }
            />
            Send “{intentLabel(intent)}” replies without approval
          </label>
        ))}
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Quiet hours (UTC)</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={quiet} onChange={(e) => setQuiet(e.target.checked)} />
          Hold automatic sends during quiet hours
        </label>
        {quiet && (
          <div className="flex items-center gap-2">
            <Input
              aria-label="Quiet hours start"
              type="time"
              value={quietStart}
              className="w-32"
              onChange={(e) => setQuietStart(e.target.value)}
            />
            <span>to</span>
            <Input
              aria-label="Quiet hours end"
              type="time"
              value={quietEnd}
              className="w-32"
              onChange={(e) => setQuietEnd(e.target.value)}
            />
          </div>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Reply openings</legend>
        {['default', ...intents].map((key) => (
          <div key={key} className="flex flex-col gap-1">
            <Label htmlFor={`template-${automation.id}-${key}`} className="font-mono text-xs">
              {key}
            </Label>
            <textarea
              id={`template-${automation.id}-${key}`}
              value={templates[key] ?? ''}
              maxLength={2000}
              placeholder={key === 'default' ? 'Hi, thank you for your message.' : 'Leave empty to use the default'}
              onChange={(e) => setTemplates({ ...templates, [key]: e.target.value })}
              className={textareaClass}
            />
          </div>
        ))}
      </fieldset>

      {error && <Alert variant="destructive">{error}</Alert>}
      <Button type="submit" size="sm" className="self-start" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save settings'}
      </Button>
    </form>
  );
}
