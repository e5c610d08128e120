import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageStatus } from '../../../components/page-status';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useIntegrationsStatus } from '../api/integrations';
import { AppfolioConnectModal } from './appfolio-connect-modal';
import { BuildiumConnectModal } from './buildium-connect-modal';
import { KpiSentenceCard } from './kpi-sentence-card';

/**
 * The onboarding step for the property-management systems (/onboarding/buildium): connect Buildium
 * or AppFolio, then see the KPI sentence and continue to /onboarding/confirm.
 */
export function BuildiumOnboardingStep() {
  const navigate = useNavigate();
  const status = useIntegrationsStatus();
  const [buildiumOpen, setBuildiumOpen] = useState(false);
  const [appfolioOpen, setAppfolioOpen] = useState(false);
  if (status.isPending) return <PageStatus label="Loading integrations..." />;
  const connected = Boolean(status.data?.buildium?.connected || status.data?.appfolio?.connected);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-semibold text-2xl tracking-tight">Connect your property-management system</h1>
        <p className="mt-1 text-muted-foreground">
          Your assistant reads rentals, unpaid bills and open tasks with view-only access.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Buildium</CardTitle>
            <CardDescription>
              {status.data?.buildium?.connected ? 'Connected' : 'API client ID and secret'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => setBuildiumOpen(true)}>
              {status.data?.buildium?.connected ? 'Reconnect Buildium' : 'Connect Buildium'}
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">AppFolio</CardTitle>
            <CardDescription>
              {status.data?.appfolio?.connected ? 'Connected' : 'Reports API host, client ID and secret'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={() => setAppfolioOpen(true)}>
              {status.data?.appfolio?.connected ? 'Reconnect AppFolio' : 'Connect AppFolio'}
            </Button>
          </CardContent>
        </Card>
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
      <BuildiumConnectModal open={buildiumOpen} onOpenChange={setBuildiumOpen} />
      <AppfolioConnectModal open={appfolioOpen} onOpenChange={setAppfolioOpen} />
    </div>
  );
}
