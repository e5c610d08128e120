import {
  type FactConflict,
  type FactLedgerStatus,
  FactLedgerStatus as FactLedgerStatusSchema,
  type FactScopeType,
  type FactSourceKind,
  factLedgerMessages,
} from '@helixis/contract';
import { CircleAlert, History, Scale } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageStatus } from '../../../components/page-status';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  type LedgerFactView,
  type LedgerFilters,
  useFactHistory,
  useLedger,
  useResolveConflict,
  useSetFactExpiry,
} from '../api/ledger';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-card px-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40';

const STATUS_LABEL: Record<FactLedgerStatus, string> = {
  active: 'Active',
  disputed: 'Disputed',
  needs_review: factLedgerMessages.needsReview,
};
const STATUS_CLASS: Record<FactLedgerStatus, string> = {
  active: 'border-transparent bg-success/12 text-success',
  disputed: 'border-amber-300 bg-amber-100 text-amber-900',
  needs_review: 'border-red-300 bg-red-50 text-red-800',
};
const KIND_LABEL: Record<FactSourceKind, string> = {
  document: 'Document',
  onboarding: 'Onboarding',
  task: 'Task answer',
  integration: 'Integration',
  profile: 'Business profile',
  correction: 'Correction',
  manual: 'Entered by hand',
  conversation: 'Team chat',
};
const SCOPE_LABEL: Record<FactScopeType, string> = { workspace: 'Workspace', property: 'Property', unit: 'Unit' };

const when = (iso: string) => new Date(iso).toLocaleString();

function scopeText(f: LedgerFactView) {
  return f.scope.type === 'workspace' ? 'Workspace' : `${SCOPE_LABEL[f.scope.type]}: ${f.scope.label || f.scope.id}`;
}

/** Two sources disagreeing: keep one of them or type the right value (settles the conflict's task too). */
function ConflictPanel({ fact, conflict }: { fact: LedgerFactView; conflict: FactConflict }) {
  const resolve = useResolveConflict();
  const [own, setOwn] = useState('');
  const settle = (value: string) =>
    resolve.mutate(
      { id: conflict.id, value },
      {
        onSuccess: () => toast.success(`${fact.label}: settled`),
        onError: (err) => toast.error('Could not settle', { description: err.message }),
      },
    );
  return (
    <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="conflict-panel">
      <p className="flex items-center gap-2 font-medium text-amber-900 text-sm">
        <Scale aria-hidden="true" className="size-4" /> Two sources disagree — a task asks you to settle it
      </p>
      <ul className="mt-2 flex flex-col gap-2">
        {[conflict.current, conflict.other].map((v, i) => (
          <li key={v.id} className="flex flex-col gap-2 rounded border bg-card p-2 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1 text-sm">
              <p className="break-words font-medium">"{v.value}"</p>
              <p className="text-muted-foreground text-xs">
                {v.detail.label} · {when(v.observed_at)} {i === 0 ? '· answered from now' : ''}
              </p>
            </div>
            <Button size="sm" variant="outline" disabled={resolve.isPending} onClick={() => settle(v.value)}>
              Keep this
            </Button>
          </li>
        ))}
      </ul>
      <form
        className="mt-2 flex flex-col gap-2 sm:flex-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (own.trim()) settle(own.trim());
        }}
      >
        <Input
          aria-label={`Right value for ${fact.label}`}
          placeholder="Or type the right value"
          value={own}
          onChange={(e) => setOwn(e.target.value)}
        />
        <Button size="sm" type="submit" disabled={resolve.isPending || !own.trim()}>
          Settle
        </Button>
      </form>
    </div>
  );
}

function HistoryList({ id }: { id: string }) {
  const history = useFactHistory(id);
  if (history.isPending) return <p className="text-muted-foreground text-xs">Loading history…</p>;
  if (history.isError) return <p className="text-destructive text-xs">{history.error.message}</p>;
  return (
    <ol className="mt-2 flex flex-col gap-1.5 border-l pl-3" aria-label="History" data-testid="fact-history">
      {history.data.versions.map((v) => (
        <li key={v.id} className="text-xs">
          <span className="break-words font-medium text-foreground text-sm">"{v.value}"</span>
          <span className="block text-muted-foreground">
            {v.detail.label}
            {v.detail.passage && v.detail.kind === 'document' ? ` — "${v.detail.passage}"` : ''} · {when(v.observed_at)}{' '}
            · {v.status}
          </span>
        </li>
      ))}
    </ol>
  );
}

function ExpiryForm({ fact }: { fact: LedgerFactView }) {
  const setExpiry = useSetFactExpiry();
  const [date, setDate] = useState(fact.expires_at ? fact.expires_at.slice(0, 10) : '');
  const save = (value: string | null) =>
    setExpiry.mutate(
      { id: fact.id, expires_at: value },
      {
        onSuccess: () => toast.success(value ? 'Review date saved' : 'Review date cleared'),
        onError: (err) => toast.error('Could not save the review date', { description: err.message }),
      },
    );
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (date) save(new Date(`${date}T00:00:00`).toISOString());
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={`expiry-${fact.id}`} className="text-xs">
          Review by
        </Label>
        <Input
          id={`expiry-${fact.id}`}
          type="date"
          className="h-9 w-40"
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </div>
      <Button size="sm" variant="outline" type="submit" disabled={!date || setExpiry.isPending}>
        Set
      </Button>
      {fact.expires_at ? (
        <Button size="sm" variant="ghost" type="button" disabled={setExpiry.isPending} onClick={() => save(null)}>
          Clear
        </Button>
      ) : null}
    </form>
  );
}

function FactRow({ fact }: { fact: LedgerFactView }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-lg border bg-card p-3" data-testid="fact-row" data-key={fact.key}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium text-sm">{fact.label}</p>
          <p className="break-words text-sm">{fact.value}</p>
        </div>
        <Badge className={STATUS_CLASS[fact.status]}>{STATUS_LABEL[fact.status]}</Badge>
      </div>
      <p className="mt-1 text-muted-foreground text-xs">
        {fact.detail.label}
        {fact.detail.synced_at ? ` · synced ${when(fact.detail.synced_at)}` : ''} · {scopeText(fact)} · confidence{' '}
        {fact.confidence}
        {fact.expires_at ? ` · review by ${new Date(fact.expires_at).toLocaleDateString()}` : ''}
      </p>
      {fact.status === 'needs_review' ? (
        <p className="mt-1 text-red-800 text-xs">Expired: the assistant does not use it until it is reviewed.</p>
      ) : null}
      {fact.conflict ? <ConflictPanel fact={fact} conflict={fact.conflict} /> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
          aria-label={`History of ${fact.label}`}
        >
          <History aria-hidden="true" /> History
        </Button>
      </div>
      {open ? (
        <>
          <HistoryList id={fact.id} />
          <ExpiryForm fact={fact} />
        </>
      ) : null}
    </li>
  );
}

function FilterSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T | undefined;
  options: Record<T, string>;
  onChange: (v: T | undefined) => void;
}) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={selectClass}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
      >
        <option value="">All</option>
        {(Object.keys(options) as T[]).map((k) => (
          <option key={k} value={k}>
            {options[k]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** /facts (managers and owners): every fact with its source, scope, expiry and history; disagreements to settle. */
export function FactsPage() {
  useDocumentTitle('Facts');
  const [filters, setFilters] = useState<LedgerFilters>({});
  const ledger = useLedger(filters);
  const facts = ledger.data?.facts;
  const statuses = Object.fromEntries(FactLedgerStatusSchema.options.map((s) => [s, STATUS_LABEL[s]])) as Record<
    FactLedgerStatus,
    string
  >;
  const disputed = facts?.filter((f) => f.conflict).length ?? 0;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-8">
      <header className="space-y-1">
        <h1 className="font-semibold text-2xl tracking-tight">Facts</h1>
        <p className="text-muted-foreground text-sm">
          What your assistant answers from, where each fact came from, and where sources disagree.
        </p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Filters</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 sm:flex-row">
          <FilterSelect
            id="filter-source"
            label="Source"
            value={filters.source_kind}
            options={KIND_LABEL}
            onChange={(v) => setFilters((f) => ({ ...f, source_kind: v }))}
          />
          <FilterSelect
            id="filter-scope"
            label="Scope"
            value={filters.scope_type}
            options={SCOPE_LABEL}
            onChange={(v) => setFilters((f) => ({ ...f, scope_type: v }))}
          />
          <FilterSelect
            id="filter-status"
            label="Status"
            value={filters.status}
            options={statuses}
            onChange={(v) => setFilters((f) => ({ ...f, status: v }))}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Your facts</CardTitle>
          <CardDescription>
            {facts
              ? `${facts.length} ${facts.length === 1 ? 'fact' : 'facts'}${disputed ? ` · ${disputed} to settle` : ''}`
              : 'Newest first.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {ledger.isPending ? (
            <PageStatus label="Loading facts…" />
          ) : ledger.isError ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <span>{ledger.error.message}</span>
            </Alert>
          ) : facts && facts.length > 0 ? (
            <ul className="flex flex-col gap-3">
              {facts.map((f) => (
                <FactRow key={f.id} fact={f} />
              ))}
            </ul>
          ) : (
            <p className="py-8 text-center text-muted-foreground text-sm" data-testid="facts-empty">
              No facts match these filters.
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
