import { CONNECTOR_CATEGORIES, CONNECTOR_CONSTANTS, connectorTexts } from '@helixis/contract';
import { ExternalLink, Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import type { CatalogEntry, StatusEntry } from '../api/connectors';
import { type CategoryFilter, filterCatalog } from '../lib/catalog-filter';
import { ConnectorLogo } from './connector-logo';

const CHIPS: CategoryFilter[] = ['All', ...CONNECTOR_CATEGORIES];

/** The business-apps catalogue with category chips and a debounced search. */
export function CatalogOverlay({
  open,
  onOpenChange,
  catalog,
  loading,
  statuses,
  busyKind,
  onConnect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  catalog: readonly CatalogEntry[];
  loading: boolean;
  statuses: readonly StatusEntry[];
  busyKind: string | null;
  onConnect: (entry: CatalogEntry) => void;
}) {
  const [category, setCategory] = useState<CategoryFilter>('All');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), CONNECTOR_CONSTANTS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const shown = useMemo(() => filterCatalog(catalog, category, search), [catalog, category, search]);
  const statusOf = (kind: string) => statuses.find((s) => s.kind === kind)?.status ?? 'disconnected';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl" data-testid="catalog-overlay">
        <DialogHeader>
          <DialogTitle>{connectorTexts.catalogueTitle}</DialogTitle>
          <DialogDescription>{connectorTexts.catalogueBlurb}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Categories</legend>
            {CHIPS.map((chip) => (
              <button
                key={chip}
                type="button"
                aria-pressed={category === chip}
                onClick={() => setCategory(chip)}
                className={cn(
                  'cursor-pointer rounded-full border px-3 py-1 font-medium text-sm focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  category === chip ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
                )}
              >
                {chip}
              </button>
            ))}
          </fieldset>
          <div className="relative">
            <Search aria-hidden="true" className="absolute top-2.5 left-3 size-4 text-muted-foreground" />
            <Input
              aria-label="Search apps"
              placeholder="Search apps"
              className="pl-9"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
        </div>
        {loading && <Spinner label="Loading apps..." />}
        {!loading && shown.length === 0 && (
          <p className="py-8 text-center text-muted-foreground" data-testid="catalog-empty">
            {connectorTexts.noMatches}
          </p>
        )}
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((entry) => {
            const status = statusOf(entry.kind);
            return (
              <li
                key={entry.kind}
                className="flex flex-col gap-3 rounded-xl border bg-card p-4"
                data-testid={`catalog-card-${entry.kind}`}
              >
                <div className="flex items-start gap-3">
                  <ConnectorLogo src={entry.logo_url} name={entry.name} />
                  <div className="min-w-0">
                    <p className="font-medium">{entry.name}</p>
                    <Badge variant="secondary">{entry.category}</Badge>
                  </div>
                </div>
                <p className="flex-1 text-muted-foreground text-sm">{entry.blurb}</p>
                {entry.status === 'coming_soon' ? (
                  <div className="flex items-center justify-between gap-2">
                    <Badge variant="outline">{connectorTexts.comingSoon}</Badge>
                    {entry.portal_url && (
                      <a
                        href={entry.portal_url}
                        target="_blank"
                        rel="noreferrer noopener"
                        className="inline-flex items-center gap-1 text-primary text-sm underline-offset-4 hover:underline"
                      >
                        Visit site <ExternalLink aria-hidden="true" className="size-3" />
                      </a>
                    )}
                  </div>
                ) : (
                  <Button
                    size="sm"
                    variant={status === 'connected' ? 'outline' : 'default'}
                    disabled={busyKind === entry.kind}
                    onClick={() => onConnect(entry)}
                    aria-label={`${status === 'connected' ? 'Manage' : 'Connect'} ${entry.name}`}
                  >
                    {busyKind === entry.kind ? 'Connecting...' : status === 'connected' ? 'Manage' : 'Connect'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
