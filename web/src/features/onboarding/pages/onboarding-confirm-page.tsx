import { connectedPropertySystems, PROPERTY_PROVIDERS, PROPERTY_SYSTEM_NAMES } from '@helixis/contract';
import { CheckCircle2, CircleDashed } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PageStatus } from '../../../components/page-status';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { KpiSentenceCard, useIntegrationsStatus } from '../../integrations';

/**
 * /onboarding/confirm: where a connection started from onboarding lands. It shows which
 * systems are really connected (from integrations-status), what the assistant now sees, and the way on.
 */
export function OnboardingConfirmPage() {
  useDocumentTitle('Confirm your connection');
  const navigate = useNavigate();
  const status = useIntegrationsStatus();
  if (status.isPending) return <PageStatus label="Loading integrations..." />;
  if (status.isError) {
    return (
      <section className="mx-auto max-w-3xl">
        <h1 className="font-semibold text-2xl tracking-tight">Confirm your connection</h1>
        <p className="mt-2 text-destructive">The connection status could not be loaded. Please refresh the page.</p>
      </section>
    );
  }
  const rows = [
    ...PROPERTY_PROVIDERS.map((p) => ({
      key: p,
      label: PROPERTY_SYSTEM_NAMES[p],
      connected: Boolean(status.data?.[p]?.connected),
    })),
    { key: 'gmail', label: 'E-mail', connected: Boolean(status.data?.gmail?.connected) },
    { key: 'calendar', label: 'Calendar', connected: Boolean(status.data?.calendar?.connected) },
  ];
  const anyConnected = rows.some((r) => r.connected);
  const propertyConnected = connectedPropertySystems(status.data).length > 0;
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-semibold text-2xl tracking-tight">
          {anyConnected ? 'Your connection is ready' : 'Nothing is connected yet'}
        </h1>
        <p className="mt-1 text-muted-foreground">
          {anyConnected
            ? 'Your assistant now reads from the systems below. You can add more at any time.'
            : 'Connect a property-management system, a mailbox or a calendar so your assistant can learn from it.'}
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Connections</CardTitle>
          <CardDescription>As reported by the server just now.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2">
            {rows.map((r) => (
              <li key={r.key} className="flex items-center gap-2 text-sm" data-testid={`confirm-${r.key}`}>
                {r.connected ? (
                  <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" />
                ) : (
                  <CircleDashed aria-hidden="true" className="size-4 text-muted-foreground" />
                )}
                <span className="font-medium">{r.label}</span>
                <span className="text-muted-foreground">{r.connected ? 'Connected' : 'Not connected'}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {propertyConnected ? <KpiSentenceCard /> : null}
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="outline" onClick={() => navigate('/onboarding?step=integrations')}>
          Connect another integration
        </Button>
        {anyConnected ? (
          <Button onClick={() => navigate('/onboarding/ready')}>Continue Onboarding</Button>
        ) : (
          <Button onClick={() => navigate('/onboarding/buildium')}>Connect a system</Button>
        )}
      </div>
    </section>
  );
}
