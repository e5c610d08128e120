import { catalogCategories, catalogProviders, connectorTexts } from '@helixis/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, LayoutGrid } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ExtensionCard } from '../../extension/components/extension-card';
import { CatalogDialog } from '../../integrations/components/catalog-dialog';
import {
  type CatalogEntry,
  connectorStatusQueryOptions,
  useConnect,
  useConnectorCatalog,
  useConnectorStatuses,
} from '../api/connectors';
import { CatalogOverlay } from '../components/catalog-overlay';
import { ConfigureSheet } from '../components/configure-sheet';
import { ConnectedApps } from '../components/connected-apps';
import { openAuthPopup, pollUntilConnected } from '../lib/oauth-popup';

/** The calendars onboarding offers, the same list and count here (issue 28: Connect and onboarding agree). */
const CALENDARS = catalogCategories.find((c) => c.id === 'calendars') ?? {
  id: 'calendars',
  label: 'Calendars',
  description: '',
};
const CALENDAR_PROVIDERS = catalogProviders.filter((p) => p.category === 'calendars');

/** /connect: the catalogue, the extension card and the connected apps; overlay and kind live in the URL. */
export function ConnectPage() {
  useDocumentTitle(connectorTexts.pageTitle);
  const [params, setParams] = useSearchParams();
  const catalog = useConnectorCatalog();
  const statuses = useConnectorStatuses();
  const connect = useConnect();
  const client = useQueryClient();
  const [busyKind, setBusyKind] = useState<string | null>(null);
  const [calendarsOpen, setCalendarsOpen] = useState(false);
  const polling = useRef<AbortController | null>(null);
  useEffect(() => () => polling.current?.abort(), []);

  useEffect(() => {
    if (catalog.isError) toast.error(connectorTexts.failedCatalog, { description: catalog.error.message });
  }, [catalog.isError, catalog.error]);

  const overlayOpen = params.get('overlay') === 'open';
  const kind = params.get('kind');
  const entries = catalog.data ?? [];
  const selected = kind ? entries.find((e) => e.kind === kind) : undefined;
  const statusList = statuses.data ?? [];

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const openConfigure = (k: string) => update({ kind: k, overlay: null });

  /** An api_key connector opens the sheet directly; OAuth opens the authorization popup and polls the status. */
  const startConnect = (entry: CatalogEntry) => {
    const current = statusList.find((s) => s.kind === entry.kind)?.status;
    if (entry.auth === 'api_key' || current === 'connected') {
      openConfigure(entry.kind);
      return;
    }
    const popup = openAuthPopup();
    setBusyKind(entry.kind);
    connect.mutate(
      { kind: entry.kind },
      {
        onSuccess: async (result) => {
          if (!result.authUrl) {
            setBusyKind(null);
            return;
          }
          if (popup) popup.location.href = result.authUrl;
          else window.open(result.authUrl, '_blank', 'noopener');
          polling.current?.abort();
          const controller = new AbortController();
          polling.current = controller;
          const ok = await pollUntilConnected(
            async () => {
              const list = await client.fetchQuery({ ...connectorStatusQueryOptions(), staleTime: 0 });
              return list.some((s) => s.kind === entry.kind && s.status === 'connected');
            },
            { signal: controller.signal },
          );
          setBusyKind(null);
          if (ok) {
            // The popup ends on this app's page after the callback; it has done its job.
            if (popup && !popup.closed) popup.close();
            toast.success(connectorTexts.connected(entry.name));
            openConfigure(entry.kind);
          } else if (!controller.signal.aborted) {
            toast.error(connectorTexts.connectFailed, { description: connectorTexts.popupTimeout });
          }
        },
        onError: (err) => {
          popup?.close();
          setBusyKind(null);
          toast.error(connectorTexts.connectFailed, { description: err.message });
        },
      },
    );
  };

  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-6 p-6">
      <Link
        to="/dashboard"
        className="inline-flex w-fit items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {connectorTexts.backToDashboard}
      </Link>
      <header>
        <h1 className="font-semibold text-2xl tracking-tight">{connectorTexts.pageTitle}</h1>
        <p className="text-muted-foreground">
          Bring your business tools to your assistant. It only sees the fields you allow.
        </p>
      </header>
      <div className="grid gap-4 md:grid-cols-2">
        <Card data-testid="connect-apps-card">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <LayoutGrid aria-hidden="true" className="size-5 text-primary" />
              {connectorTexts.pageTitle}
            </CardTitle>
            <CardDescription>Property, field service, retail, ERP, CRM, e-mail and calendar apps.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => update({ overlay: 'open' })}>Browse apps</Button>
          </CardContent>
        </Card>
        <Card data-testid="connect-calendars-card">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="size-5 text-primary" />
              {CALENDARS.label}
            </CardTitle>
            <CardDescription>
              {CALENDAR_PROVIDERS.map((p) => p.name).join(', ')}: imported by calendar link or .ics file (
              {CALENDAR_PROVIDERS.length} providers).
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => setCalendarsOpen(true)}>Connect a calendar</Button>
          </CardContent>
        </Card>
        <ExtensionCard />
      </div>
      <CatalogDialog
        title={CALENDARS.label}
        description={CALENDARS.description}
        providers={CALENDAR_PROVIDERS}
        open={calendarsOpen}
        onOpenChange={setCalendarsOpen}
      />
      <ConnectedApps catalog={entries} statuses={statusList} onManage={openConfigure} />
      <CatalogOverlay
        open={overlayOpen}
        onOpenChange={(open) => update({ overlay: open ? 'open' : null })}
        catalog={entries}
        loading={catalog.isPending}
        statuses={statusList}
        busyKind={busyKind}
        onConnect={startConnect}
      />
      {selected && selected.status === 'available' && (
        <ConfigureSheet
          key={selected.kind}
          entry={selected}
          status={statusList.find((s) => s.kind === selected.kind)}
          onClose={() => update({ kind: null })}
        />
      )}
    </main>
  );
}
