import {
  PROPERTY_PROVIDERS,
  PROPERTY_SYSTEM_NAMES,
  PROPERTY_SYSTEM_SCREENS,
  type PropertyProvider,
} from '@helixis/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageStatus } from '../../../components/page-status';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useIntegrationsStatus } from '../api/integrations';
import { KpiSentenceCard } from './kpi-sentence-card';
import { PropertyConnectDialog } from './property-connect-dialog';

/**
 * The onboarding step for the property-management systems (/onboarding/buildium): one card per system of
 * the catalogue with its connect dialog, then the KPI sentence and on to /onboarding/confirm.
 */
export function PropertyOnboardingStep() {
  const navigate = useNavigate();
  const status = useIntegrationsStatus();
  const [open, setOpen] = useState<PropertyProvider | null>(null);
  if (status.isPending) return <PageStatus label="Loading integrations..." />;
  const connected = PROPERTY_PROVIDERS.some((p) => status.data?.[p]?.connected);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-semibold text-2xl tracking-tight">Connect your property-management system</h1>
        <p className="mt-1 text-muted-foreground">
          Your assistant reads rentals, unpaid bills and open tasks with view-only access.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {PROPERTY_PROVIDERS.map((provider, index) => {
          const name = PROPERTY_SYSTEM_NAMES[provider];
          const isConnected = Boolean(status.data?.[provider]?.connected);
          return (
            <Card key={provider}>
              <CardHeader>
                <CardTitle as="h2">{name}</CardTitle>
                <CardDescription>
                  {isConnected ? 'Connected' : PROPERTY_SYSTEM_SCREENS[provider].credentialsSummary}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <Button variant={index === 0 ? 'default' : 'outline'} onClick={() => setOpen(provider)}>
                  {`${isConnected ? 'Reconnect' : 'Connect'} ${name}`}
                </Button>
              </CardContent>
            </Card>
          );
        })}
      </div>
      {connected ? <KpiSentenceCard /> : null}
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="outline" onClick={() => navigate('/onboarding?step=integrations')}>
          Back
        </Button>
        <Button
          className="h-auto min-h-9 whitespace-normal"
          disabled={!connected}
          onClick={() => navigate('/onboarding/confirm')}
        >
          {connected ? 'Continue' : 'Connect at least one integration to continue'}
        </Button>
      </div>
      {PROPERTY_PROVIDERS.map((provider) => (
        <PropertyConnectDialog
          key={provider}
          provider={provider}
          open={open === provider}
          onOpenChange={(o) => setOpen(o ? provider : null)}
        />
      ))}
    </div>
  );
}
