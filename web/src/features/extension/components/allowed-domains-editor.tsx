import { hostPatternProblem, normalizeHostPattern } from '@helixis/contract';
import { Plus, RotateCcw, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useExtensionSettings, useUpdateExtensionSettings } from '../api/extension';

/** Allowed extension domains: host names or *.wildcards; managers and owners edit. */
export function AllowedDomainsEditor({ canEdit }: { canEdit: boolean }) {
  const settings = useExtensionSettings();
  const update = useUpdateExtensionSettings();
  const [hosts, setHosts] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (settings.data) setHosts(settings.data.allowedHosts);
  }, [settings.data]);

  const saved = settings.data?.allowedHosts ?? [];
  const dirty = hosts.join('\n') !== saved.join('\n');

  const add = (event: FormEvent) => {
    event.preventDefault();
    const issue = hostPatternProblem(draft);
    if (issue) {
      setProblem(issue);
      return;
    }
    const host = normalizeHostPattern(draft);
    if (hosts.includes(host)) {
      setProblem(`"${host}" is already in the list.`);
      return;
    }
    setHosts([...hosts, host]);
    setDraft('');
    setProblem(null);
  };

  const save = async (next: string[]) => {
    try {
      const result = await update.mutateAsync({ allowedHosts: next });
      setHosts(result.allowedHosts);
      toast.success('Allowed domains saved');
    } catch (err) {
      toast.error('Could not save the allowed domains', {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  };

  if (settings.isPending) return <p className="text-muted-foreground text-sm">Loading...</p>;
  if (settings.isError) return <p className="text-destructive text-sm">Could not load the allowed domains.</p>;

  return (
    <div className="space-y-3" data-testid="allowed-domains">
      <ul className="flex flex-wrap gap-2" aria-label="Allowed domains">
        {hosts.map((host) => (
          <li key={host} className="flex items-center gap-1 rounded-full border bg-muted/40 py-0.5 pr-1 pl-3 text-sm">
            <span className="font-mono">{host}</span>
            {canEdit && (
              <button
                type="button"
                className="rounded-full p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
                aria-label={`Remove ${host}`}
                onClick={() => setHosts(hosts.filter((h) => h !== host))}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            )}
          </li>
        ))}
        {hosts.length === 0 && (
          <li className="text-muted-foreground text-sm">No domains: the extension reads no pages.</li>
        )}
      </ul>
      {canEdit ? (
        <>
          <form className="flex flex-wrap items-end gap-2" onSubmit={add} noValidate>
            <div className="min-w-64 flex-1 space-y-1">
              <Label htmlFor="extension-domain">Add a domain</Label>
              <Input
                id="extension-domain"
                value={draft}
                placeholder="support.example.com or *.example.com"
                aria-invalid={problem !== null}
                aria-describedby={problem ? 'extension-domain-problem' : undefined}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setProblem(null);
                }}
              />
            </div>
            <Button type="submit" variant="outline">
              <Plus aria-hidden="true" />
              Add
            </Button>
          </form>
          {problem && (
            <p id="extension-domain-problem" className="text-destructive text-sm" role="alert">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button disabled={!dirty || update.isPending} onClick={() => void save(hosts)}>
              {update.isPending ? 'Saving...' : 'Save domains'}
            </Button>
            <Button variant="ghost" disabled={update.isPending} onClick={() => void save(settings.data.defaults)}>
              <RotateCcw aria-hidden="true" />
              Reset to defaults
            </Button>
          </div>
        </>
      ) : (
        <p className="text-muted-foreground text-sm">Only owners and managers can change the allowed domains.</p>
      )}
    </div>
  );
}
