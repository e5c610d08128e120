import {
  AUTOMATION_KIND_LABELS,
  AUTOMATION_PROVIDER_LABELS,
  AUTOMATION_TEST_MAX_CHARS,
  type AutomationProvider,
  type AutomationTestResult,
} from '@helixis/contract';
import { AUTOMATION_PROVIDERS } from '@helixis/domain';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { useOAuthReadiness } from '../../integrations/api/mail';
import {
  type Automation,
  useAutomationRuns,
  useDeleteAutomation,
  useTestAutomation,
  useToggleAutomation,
} from '../api/automations';
import { intentLabel } from '../lib/intent-label';
import { AutomationConfigEditor } from './automation-config-editor';
import { StatusPill } from './automation-visuals';
import { TwilioConnectForm } from './twilio-connect-form';

const NOTES: Record<Automation['kind'], string> = {
  email_inbox:
    'Reads new mail from the connected Gmail or Microsoft 365 account, sorts it by your routing rules and drafts a reply from your knowledge base. Drafts wait for your approval.',
  sms_text:
    'Answers text messages from your knowledge base through Twilio. Replies wait for your approval unless you allow auto-send for an intent.',
  call_followup: 'After a missed call, drafts a follow-up message for your approval.',
  smart_rescheduler:
    'For reschedule requests, proposes three free times from your calendar and drafts the confirmation for your approval.',
};

/** Where each mail provider is connected; Twilio and voice (one Twilio account) use the credentials form. */
function connectHref(provider: AutomationProvider): string | null {
  const back = encodeURIComponent('/automations');
  if (provider === 'gmail') return `/oauth/gmail/start?return_to=${back}`;
  if (provider === 'ms365') return `/oauth/outlook/start?return_to=${back}`;
  return null;
}

/** The row drawer: quick connect, note, quick test, recent runs, danger zone. */
export function AutomationDrawer({ automation, onClose }: { automation: Automation | null; onClose: () => void }) {
  return (
    <DialogPrimitive.Root open={automation !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/40" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col gap-5 overflow-y-auto border-l bg-card p-6 shadow-lg focus-visible:outline-none"
        >
          {automation && <DrawerBody key={automation.id} automation={automation} />}
          <DialogPrimitive.Close className="absolute top-4 right-4 cursor-pointer rounded-sm opacity-70 hover:opacity-100">
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function DrawerBody({ automation }: { automation: Automation }) {
  const readiness = useOAuthReadiness();
  const toggle = useToggleAutomation();
  const remove = useDeleteAutomation();
  const providers = AUTOMATION_PROVIDERS[automation.kind];
  const usesTwilio = providers.some((p) => p === 'twilio' || p === 'voice');
  const [twilioOpen, setTwilioOpen] = useState(false);
  return (
    <>
      <header className="flex flex-col gap-1 pr-6">
        <DialogPrimitive.Title className="font-semibold text-lg">{automation.name}</DialogPrimitive.Title>
        <div className="flex items-center gap-2 text-muted-foreground text-sm">
          {AUTOMATION_KIND_LABELS[automation.kind]} <StatusPill status={automation.status} />
        </div>
        {automation.errorMsg && <p className="text-destructive text-sm">{automation.errorMsg}</p>}
      </header>

      <section className="flex flex-col gap-2" aria-label="Connections">
        <h3 className="font-medium text-sm">Connect</h3>
        <div className="flex flex-wrap gap-2">
          {providers.map((p) => {
            const href = connectHref(p);
            const label = AUTOMATION_PROVIDER_LABELS[p];
            if (automation.connections[p]) {
              return (
                <Button key={p} size="sm" variant="secondary" disabled>
                  {label} connected
                </Button>
              );
            }
            const oauth = p === 'gmail' ? readiness('gmail') : p === 'ms365' ? readiness('outlook') : null;
            if (href && oauth && !oauth.ready) {
              // Not set up on this server: Connect is off and the reason is right under the buttons.
              return (
                <Button key={p} size="sm" variant="outline" disabled title={oauth.reason ?? undefined}>
                  Connect {label}
                </Button>
              );
            }
            return href ? (
              <Button key={p} size="sm" variant="outline" asChild>
                <Link to={href}>Connect {label}</Link>
              </Button>
            ) : (
              <Button key={p} size="sm" variant="outline" onClick={() => setTwilioOpen((v) => !v)}>
                Connect {label}
              </Button>
            );
          })}
        </div>
        {providers.flatMap((p) => {
          const oauth = p === 'gmail' ? readiness('gmail') : p === 'ms365' ? readiness('outlook') : null;
          return oauth?.reason && !automation.connections[p]
            ? [
                <p key={p} className="text-muted-foreground text-xs" data-testid="oauth-not-configured">
                  {oauth.reason}
                </p>,
              ]
            : [];
        })}
        {usesTwilio && (twilioOpen || providers.some((p) => automation.connections[p])) && (
          <TwilioConnectForm onDone={() => setTwilioOpen(false)} />
        )}
        <p className="text-muted-foreground text-sm">{NOTES[automation.kind]}</p>
      </section>

      <QuickTest automation={automation} />
      <RecentRuns automation={automation} />

      <details className="rounded-lg border p-3">
        <summary className="cursor-pointer font-medium text-sm">Routing &amp; approvals</summary>
        <div className="mt-3">
          <AutomationConfigEditor automation={automation} />
        </div>
      </details>

      {/* Pausing is an everyday switch, not a danger: only deleting lives in the danger zone. */}
      <section className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3" aria-label="Status">
        <p className="text-sm">
          {automation.enabled ? 'Running: new messages are handled.' : 'Paused: nothing is handled until you resume.'}
        </p>
        <Button
          size="sm"
          variant="outline"
          disabled={toggle.isPending}
          onClick={() =>
            toggle.mutate(
              { id: automation.id, enabled: !automation.enabled },
              { onError: (err) => toast.error(err.message) },
            )
          }
        >
          {automation.enabled ? 'Disable' : 'Enable'}
        </Button>
      </section>

      <section className="flex flex-col gap-2 rounded-lg border border-destructive/40 p-3" aria-label="Danger zone">
        <h3 className="font-medium text-destructive text-sm">Danger zone</h3>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete "${automation.name}" and its run log?`)) {
                remove.mutate({ id: automation.id }, { onError: (err) => toast.error(err.message) });
              }
            }}
          >
            Delete
          </Button>
        </div>
      </section>
    </>
  );
}

function QuickTest({ automation }: { automation: Automation }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<AutomationTestResult | null>(null);
  const test = useTestAutomation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    test.mutate(
      { id: automation.id, text },
      { onSuccess: setResult, onError: (err) => toast.error(`Test failed: ${err.message}`) },
    );
  };
  const id = `quick-test-${automation.id}`;
  return (
    <section className="flex flex-col gap-2" aria-label="Quick test">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Label htmlFor={id}>Quick test</Label>
        <textarea
          id={id}
          value={text}
          maxLength={AUTOMATION_TEST_MAX_CHARS}
          onChange={(e) => setText(e.target.value)}
          placeholder={automation.kind === 'email_inbox' ? 'Paste an e-mail…' : 'Paste a message…'}
          className="min-h-24 rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        />
        <Button type="submit" size="sm" disabled={!text.trim() || test.isPending} className="self-start">
          {test.isPending ? 'Running…' : 'Run test'}
        </Button>
      </form>
      {result && (
        <div data-testid="test-result" className="flex flex-col gap-2 rounded-lg bg-muted/50 p-3 text-sm">
          <p>
            Intent:{' '}
            <span className="font-medium" title={result.intent}>
              {intentLabel(result.intent)}
            </span>
          </p>
          <p>Actions: {result.actions.join(' · ')}</p>
          {result.draft ? (
            <pre className="whitespace-pre-wrap rounded border bg-card p-2 font-sans text-sm">{result.draft}</pre>
          ) : (
            <p className="text-muted-foreground">No draft: nothing in your knowledge base answers this yet.</p>
          )}
          {result.citations.length > 0 && (
            <ul className="flex flex-col gap-1 text-muted-foreground text-xs">
              {result.citations.map((c) => (
                <li key={c.citation}>
                  <span className="font-mono">{c.citation}</span> {c.snippet}
                </li>
              ))}
            </ul>
          )}
          <p className="text-muted-foreground text-xs">Nothing was sent.</p>
        </div>
      )}
    </section>
  );
}

function RecentRuns({ automation }: { automation: Automation }) {
  const runs = useAutomationRuns(automation.id);
  return (
    <section className="flex flex-col gap-2" aria-label="Recent runs">
      <h3 className="font-medium text-sm">Recent runs</h3>
      {runs.isPending && <Spinner label="Loading runs..." />}
      {runs.isError && <Alert variant="destructive">Could not load the run log: {runs.error.message}</Alert>}
      {runs.data && runs.data.runs.length === 0 && <p className="text-muted-foreground text-sm">No logs yet</p>}
      {runs.data && runs.data.runs.length > 0 && (
        <ol data-testid="run-log" className="flex flex-col gap-1 text-sm">
          {runs.data.runs.map((r) => (
            <li key={`${r.ts}-${r.msg}`} className="flex gap-2">
              <span className={r.status === 'success' ? 'text-success' : 'text-destructive'}>●</span>
              <span className="text-muted-foreground tabular-nums">{new Date(r.ts).toLocaleString()}</span>
              <span>{r.msg}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
