import {
  CATALOG_NOT_SUPPORTED,
  type CatalogMode,
  type CatalogProvider,
  INTEGRATION_CONSTANTS,
  type IntegrationsSummary,
} from '@helixis/contract';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ExternalLink, FileText, Globe, Inbox, Mail, MessagesSquare, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { cn } from '../../../lib/utils';
import { useMailStatus, useOAuthReadiness } from '../api/mail';
import { MailAliasCard } from './mail-alias-card';
import { MailCalendarImport } from './mail-calendar-import';

export type ProviderStatus = IntegrationsSummary['accounts'][number]['status'];

const summaryKey = [...queryKeys.integrations, 'summary'] as const;

/** integrations-summary, polled every 2 s inside a provider dialog and every 5 s elsewhere. */
export function useIntegrationsSummary(inDialog: boolean) {
  return useQuery({
    queryKey: summaryKey,
    queryFn: ({ signal }) => invoke('integrationsSummary', {}, { signal }),
    refetchInterval: inDialog ? INTEGRATION_CONSTANTS.dialogPollMs : 5_000,
  });
}

const ACCOUNT_KIND: Partial<Record<CatalogMode, string>> = { ics: 'calendar', alias: 'email_alias' };

/** Status of one catalogue provider from the summary's accounts (the job-to-status mapping happens on the server). */
export function providerStatus(provider: CatalogProvider, summary: IntegrationsSummary | undefined): ProviderStatus {
  const kind = provider.mode === 'oauth' ? provider.id : ACCOUNT_KIND[provider.mode];
  if (!kind || !summary) return 'not_connected';
  return summary.accounts.find((a) => a.kind === kind)?.status ?? 'not_connected';
}

const STATUS_LABEL: Record<ProviderStatus, string> = {
  not_connected: 'Not connected',
  connecting: 'Connecting',
  syncing: 'Syncing',
  connected: 'Connected',
  error: 'Error',
};

export function CatalogStatusBadge({ status }: { status: ProviderStatus }) {
  const variant = status === 'connected' ? 'success' : status === 'error' ? 'outline' : 'secondary';
  return (
    <Badge
      className={cn('whitespace-nowrap', status === 'error' && 'border-destructive text-destructive')}
      data-status={status}
      variant={variant}
    >
      {status === 'syncing' || status === 'connecting' ? <Spinner className="mr-1 size-3" /> : null}
      {STATUS_LABEL[status]}
    </Badge>
  );
}

const MODE_ICON = {
  oauth: Mail,
  ics: CalendarDays,
  alias: Inbox,
  upload: FileText,
  url: Globe,
  external: ExternalLink,
} as const;

export function CatalogProviderIcon({ mode, className }: { mode: CatalogMode; className?: string }) {
  const Icon = MODE_ICON[mode];
  return <Icon aria-hidden="true" className={cn('size-5 text-primary', className)} />;
}

export const RETURN_TO = '/onboarding?step=integrations';

function ProviderAction({ provider, onPanel }: { provider: CatalogProvider; onPanel: (p: 'ics' | 'alias') => void }) {
  const readiness = useOAuthReadiness();
  switch (provider.mode) {
    case 'oauth': {
      // Without the provider's OAuth client on the server, Connect is off and says why (no red toast later).
      const oauth = provider.id === 'gmail' || provider.id === 'outlook' ? readiness(provider.id) : null;
      if (oauth && !oauth.ready) {
        return (
          <span className="flex flex-col items-end gap-1">
            <Button size="sm" disabled aria-describedby={`oauth-reason-${provider.id}`}>
              Connect
            </Button>
            {oauth.reason ? (
              <span
                id={`oauth-reason-${provider.id}`}
                className="max-w-56 text-right text-muted-foreground text-xs"
                data-testid="oauth-not-configured"
              >
                {oauth.reason}
              </span>
            ) : null}
          </span>
        );
      }
      return (
        <Link
          className={buttonVariants({ size: 'sm' })}
          to={`/oauth/${provider.id}/start?return_to=${encodeURIComponent(RETURN_TO)}`}
        >
          Connect
        </Link>
      );
    }
    case 'ics':
      return (
        <Button size="sm" variant="outline" onClick={() => onPanel('ics')}>
          Import ICS
        </Button>
      );
    case 'alias':
      return (
        <Button size="sm" variant="outline" onClick={() => onPanel('alias')}>
          Create Alias
        </Button>
      );
    case 'upload':
      return (
        <Link className={buttonVariants({ size: 'sm', variant: 'outline' })} to="/documents">
          Upload
        </Link>
      );
    case 'url':
      return (
        <Link className={buttonVariants({ size: 'sm', variant: 'outline' })} to="/documents">
          Add website
        </Link>
      );
    case 'external':
      return (
        <div className="flex items-center gap-2">
          <Badge variant="outline">{CATALOG_NOT_SUPPORTED}</Badge>
          {provider.portalUrl ? (
            <a
              className={buttonVariants({ size: 'sm', variant: 'ghost' })}
              href={provider.portalUrl}
              rel="noreferrer noopener"
              target="_blank"
            >
              Open portal
              <ExternalLink aria-hidden="true" />
            </a>
          ) : null}
        </div>
      );
  }
}

interface CatalogDialogProps {
  title: string;
  description: string;
  providers: CatalogProvider[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A provider dialog for one category or industry: search, quick actions, one row per provider with live status. */
export function CatalogDialog({ title, description, providers, open, onOpenChange }: CatalogDialogProps) {
  const [query, setQuery] = useState('');
  const [panel, setPanel] = useState<'ics' | 'alias' | null>(null);
  const summary = useIntegrationsSummary(open);
  const mail = useMailStatus();
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? providers.filter((p) => `${p.name} ${p.description}`.toLowerCase().includes(q)) : providers;
  }, [providers, query]);
  const hasIcs = providers.some((p) => p.mode === 'ics');
  const hasAlias = providers.some((p) => p.mode === 'alias');

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setPanel(null);
          setQuery('');
        }
        onOpenChange(o);
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            aria-label="Search providers"
            className="min-w-48 flex-1"
            placeholder="Search providers..."
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <Button disabled={!hasIcs} size="sm" variant="outline" onClick={() => setPanel('ics')}>
            <CalendarDays aria-hidden="true" />
            Import ICS
            {hasIcs ? null : <span className="text-muted-foreground text-xs">({CATALOG_NOT_SUPPORTED})</span>}
          </Button>
          <Button disabled={!hasAlias} size="sm" variant="outline" onClick={() => setPanel('alias')}>
            <Inbox aria-hidden="true" />
            Create Alias
            {hasAlias ? null : <span className="text-muted-foreground text-xs">({CATALOG_NOT_SUPPORTED})</span>}
          </Button>
        </div>
        {panel && mail.data ? (
          <div data-testid={`catalog-panel-${panel}`}>
            {panel === 'ics' ? <MailCalendarImport status={mail.data} /> : <MailAliasCard status={mail.data} />}
          </div>
        ) : null}
        {panel && mail.isPending ? <Spinner label="Loading..." /> : null}
        {summary.isError ? (
          <p className="text-destructive text-sm">Could not load connection status: {summary.error.message}</p>
        ) : null}
        <ul className="divide-y rounded-lg border">
          {shown.map((p) => (
            <li className="flex flex-wrap items-center justify-between gap-3 p-3" data-provider={p.id} key={p.id}>
              <div className="flex min-w-0 items-start gap-3">
                <CatalogProviderIcon className="mt-0.5 shrink-0" mode={p.mode} />
                <div className="min-w-0">
                  <p className="font-medium text-sm">{p.name}</p>
                  <p className="text-muted-foreground text-xs">{p.description}</p>
                </div>
              </div>
              <div className="flex items-center gap-2">
                {p.mode === 'external' ? null : <CatalogStatusBadge status={providerStatus(p, summary.data)} />}
                <ProviderAction provider={p} onPanel={setPanel} />
              </div>
            </li>
          ))}
          {shown.length === 0 ? <li className="p-3 text-muted-foreground text-sm">No providers match.</li> : null}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

export const CATEGORY_ICON = {
  calendars: CalendarDays,
  email: Mail,
  files: FileText,
  knowledge: Globe,
  'team-chat': MessagesSquare,
  crm: Users,
} as const;
