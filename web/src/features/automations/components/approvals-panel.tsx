import { DRAFT_BODY_MAX_CHARS, DRAFT_STATUS_LABELS, DRAFT_SUBJECT_MAX_CHARS } from '@helixis/contract';
import { Check, Mail, MessageSquare, Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { type AutomationDraft, useApprovals, useApproveDraft, useRejectDraft } from '../api/automations';
import { intentLabel } from '../lib/intent-label';
import { ComplianceFindings } from './compliance-findings';

const STATUS_STYLES: Record<AutomationDraft['status'], string> = {
  pending: 'bg-amber-100 text-amber-800',
  approved: 'bg-primary/10 text-primary',
  sent: 'bg-success/12 text-success',
  rejected: 'bg-secondary text-secondary-foreground',
  failed: 'bg-destructive/12 text-destructive',
};

const SOURCE_LABELS: Record<AutomationDraft['source']['kind'], string> = {
  mail: 'E-mail',
  sms: 'Text message',
  call: 'Missed call',
};

/** The approval queue: nothing an automation drafts goes out before someone decides here. */
export function ApprovalsPanel() {
  const pending = useApprovals('pending');
  const all = useApprovals();
  const decided = (all.data?.drafts ?? []).filter((d) => d.status !== 'pending').slice(0, 10);
  return (
    <section className="flex flex-col gap-4" aria-label="Approvals">
      {pending.isPending && <Spinner label="Loading drafts..." />}
      {pending.isError && (
        <Alert variant="destructive">Could not load the approval queue: {pending.error.message}</Alert>
      )}
      {pending.data && pending.data.drafts.length === 0 && (
        <div className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          Nothing waits for your approval. Replies your automations draft will appear here before anything is sent.
        </div>
      )}
      {pending.data && pending.data.drafts.length > 0 && (
        <ul className="flex flex-col gap-3">
          {pending.data.drafts.map((d) => (
            <DraftCard key={d.id} draft={d} />
          ))}
        </ul>
      )}
      {decided.length > 0 && (
        <div className="flex flex-col gap-2">
          <h2 className="font-medium text-sm">Recently decided</h2>
          <ul className="flex flex-col gap-1 text-sm" data-testid="decided-drafts">
            {decided.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-2 rounded-lg border bg-card px-3 py-2">
                <DraftStatus status={d.status} />
                <span className="font-medium">{d.to}</span>
                <span className="text-muted-foreground">{d.subject || d.body.slice(0, 60)}</span>
                {d.send_error && <span className="text-destructive text-xs">{d.send_error}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function DraftStatus({ status }: { status: AutomationDraft['status'] }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 font-medium text-xs', STATUS_STYLES[status])}>
      {DRAFT_STATUS_LABELS[status]}
    </span>
  );
}

function DraftCard({ draft }: { draft: AutomationDraft }) {
  const approve = useApproveDraft();
  const reject = useRejectDraft();
  const [editing, setEditing] = useState(false);
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState(draft.body);
  const [acknowledged, setAcknowledged] = useState(false);
  const flagged = (draft.compliance?.findings.length ?? 0) > 0;
  const busy = approve.isPending || reject.isPending;
  const Icon = draft.channel === 'sms' ? MessageSquare : Mail;

  const doApprove = () => {
    const edits = editing ? { subject: draft.channel === 'email' ? subject : undefined, body } : {};
    approve.mutate(
      { id: draft.id, ...edits, ...(flagged && acknowledged ? { acknowledge_compliance: true } : {}) },
      {
        onSuccess: (res) => {
          if (res.draft.status === 'sent') toast.success(`Sent to ${res.draft.to}`);
          else toast.error(res.draft.send_error ?? 'The reply was not sent.');
        },
        onError: (err) => toast.error(err.message),
      },
    );
  };

  return (
    <li data-testid="approval-draft" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        <span className="font-medium">{draft.automation_name}</span>
        <span className="text-muted-foreground">· {SOURCE_LABELS[draft.source.kind]}</span>
        <span className="rounded bg-muted px-1.5 text-xs" title={draft.intent}>
          {intentLabel(draft.intent)}
        </span>
        <span className="ml-auto text-muted-foreground text-xs">{new Date(draft.created_at).toLocaleString()}</span>
      </header>
      {draft.source.text && (
        <blockquote className="border-l-2 pl-3 text-muted-foreground text-sm">
          <span className="font-medium text-foreground">{draft.source.from ?? 'Unknown sender'}:</span>{' '}
          {draft.source.text.length > 280 ? `${draft.source.text.slice(0, 280)}…` : draft.source.text}
        </blockquote>
      )}
      <div className="flex flex-col gap-2 rounded-lg bg-muted/40 p-3">
        <p className="text-muted-foreground text-xs">
          Reply to <span className="font-medium text-foreground">{draft.to}</span>
        </p>
        {editing ? (
          <>
            {draft.channel === 'email' && (
              <div className="flex flex-col gap-1">
                <Label htmlFor={`subject-${draft.id}`}>Subject</Label>
                <Input
                  id={`subject-${draft.id}`}
                  value={subject}
                  maxLength={DRAFT_SUBJECT_MAX_CHARS}
                  onChange={(e) => setSubject(e.target.value)}
                />
              </div>
            )}
            <div className="flex flex-col gap-1">
              <Label htmlFor={`body-${draft.id}`}>Message</Label>
              <textarea
                id={`body-${draft.id}`}
                value={body}
                maxLength={DRAFT_BODY_MAX_CHARS}
                onChange={(e) => setBody(e.target.value)}
                className="min-h-32 rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              />
            </div>
          </>
        ) : (
          <>
            {draft.subject && <p className="font-medium text-sm">{draft.subject}</p>}
            <pre className="whitespace-pre-wrap font-sans text-sm">{draft.body}</pre>
          </>
        )}
        {draft.citations.length > 0 && (
          <ul className="flex flex-col gap-1 border-t pt-2 text-muted-foreground text-xs" aria-label="Citations">
            {draft.citations.map((c) => (
              <li key={c.citation}>
                <span className="font-mono text-foreground">{c.citation}</span> {c.snippet}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ComplianceFindings compliance={draft.compliance} />
      {flagged && (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={acknowledged}
            onChange={(e) => setAcknowledged(e.target.checked)}
          />
          <span>I have read the compliance findings and want to send this reply anyway.</span>
        </label>
      )}
      {draft.send_error && <Alert variant="destructive">{draft.send_error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={busy || (editing && !body.trim()) || (flagged && !acknowledged)}
          onClick={doApprove}
        >
          <Check aria-hidden="true" /> {editing ? 'Approve edited reply' : 'Approve & send'}
        </Button>
        {!editing && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() =>
            reject.mutate(
              { id: draft.id },
              {
                onSuccess: () => toast.success('Draft rejected; nothing was sent.'),
                onError: (e) => toast.error(e.message),
              },
            )
          }
        >
          <X aria-hidden="true" /> Reject
        </Button>
      </div>
    </li>
  );
}
