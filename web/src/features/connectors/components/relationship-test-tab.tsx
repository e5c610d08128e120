import { connectorTexts } from '@helixis/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { type CatalogEntry, useRelationshipTest } from '../api/connectors';

/** Values as a person reads them: ISO timestamps as dates, empty as a dash. */
function show(value: string | number | boolean | null): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value)) {
    return new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  }
  return String(value);
}

/** Test: a relationship lookup; '@' means e-mail, anything else the app's own id. */
export function RelationshipTestTab({ entry, connected }: { entry: CatalogEntry; connected: boolean }) {
  const [value, setValue] = useState('');
  const test = useRelationshipTest(entry.kind);
  const labels = new Map(entry.fields.map((f) => [f.field_key, f.label]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return;
    test.mutate(value, { onError: (err) => toast.error(connectorTexts.testFailed, { description: err.message }) });
  };
  const snapshot = test.data;
  return (
    <div className="flex flex-col gap-3">
      {!connected && <p className="text-muted-foreground text-sm">{connectorTexts.notConnected(entry.name)}</p>}
      <form onSubmit={submit} className="flex gap-2">
        <Input
          aria-label="E-mail or record id"
          placeholder="E-mail or record id"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" disabled={!value.trim() || test.isPending}>
          {test.isPending ? 'Looking up...' : 'Run test'}
        </Button>
      </form>
      {snapshot && (
        <div className="flex flex-col gap-3 rounded-lg border p-3" data-testid="relationship-result">
          <div className="flex items-center gap-2">
            <Badge variant={snapshot.found ? 'success' : 'outline'}>
              {snapshot.found ? 'Found' : connectorTexts.noRecord}
            </Badge>
            <Badge variant="secondary">{snapshot.served_from === 'facts' ? 'From stored facts' : 'Live'}</Badge>
          </div>
          {Object.keys(snapshot.fields).length > 0 && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {Object.entries(snapshot.fields).map(([key, v]) => (
                <div key={key} className="contents">
                  <dt className="text-muted-foreground">{labels.get(key) ?? key}</dt>
                  <dd className="break-words">{show(v)}</dd>
                </div>
              ))}
            </dl>
          )}
          {snapshot.sources.length > 0 && (
            <div>
              <p className="font-medium text-sm">Sources</p>
              <ul className="list-disc pl-5 text-sm">
                {snapshot.sources.map((s) => (
                  <li key={s.url}>
                    <a
                      href={s.url}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {s.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
