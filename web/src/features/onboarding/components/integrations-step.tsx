import { onboardingTexts } from '@helixis/contract';
import { ArrowLeft, ArrowRight, Building2, Calendar, Mail } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useIntegrationsStatus } from '../../integrations/api/integrations';

/**
 * The integrations step of onboarding (doc 2 §2): its frame and navigation rules. Back goes to /,
 * 'Skip for now' to /final-dashboard, Continue to /onboarding/ready once something is connected.
 */
export function IntegrationsStep() {
  const navigate = useNavigate();
  const status = useIntegrationsStatus();
  const s = status.data;
  const connected = [
    s?.buildium?.connected ? 'Buildium' : null,
    s?.appfolio?.connected ? 'AppFolio' : null,
    s?.gmail?.connected ? 'Gmail' : null,
    s?.calendar?.connected ? 'Calendar' : null,
  ].filter((x): x is string => x !== null);
  const canContinue = connected.length > 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Connect your tools</CardTitle>
        <CardDescription>
          Connecting your property-management system lets the assistant see rentals, unpaid bills and open tasks.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="rounded-lg border p-4">
            <Building2 aria-hidden="true" className="mb-2 size-5 text-primary" />
            <p className="font-medium text-sm">Property management</p>
            <p className="mb-3 text-muted-foreground text-xs">Buildium or AppFolio</p>
            <Button asChild size="sm" variant="outline">
              <Link to="/settings/integrations/buildium?from=onboarding">Connect Buildium</Link>
            </Button>
          </div>
          <div className="rounded-lg border p-4">
            <Mail aria-hidden="true" className="mb-2 size-5 text-primary" />
            <p className="font-medium text-sm">E-mail</p>
            <p className="text-muted-foreground text-xs">Gmail or Outlook</p>
          </div>
          <div className="rounded-lg border p-4">
            <Calendar aria-hidden="true" className="mb-2 size-5 text-primary" />
            <p className="font-medium text-sm">Calendars</p>
            <p className="text-muted-foreground text-xs">ICS file or link</p>
          </div>
        </div>
        <p className="text-muted-foreground text-sm">
          The full provider catalogue with its connect dialogs is not part of this screen yet; Buildium can be connected
          from its settings page.
        </p>
        <div aria-live="polite" className="text-sm">
          {status.isPending ? <Spinner label="Checking your connections..." /> : null}
          {canContinue ? <p>Connected: {connected.join(', ')}</p> : null}
        </div>
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-2">
        <Button variant="outline" onClick={() => navigate('/')}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" onClick={() => navigate('/final-dashboard')}>
            {onboardingTexts.skipForNow}
          </Button>
          <Button disabled={!canContinue} onClick={() => navigate('/onboarding/ready')}>
            {canContinue ? 'Continue' : onboardingTexts.integrationsNeedOne}
            {canContinue ? <ArrowRight aria-hidden="true" /> : null}
          </Button>
        </div>
      </CardFooter>
    </Card>
  );
}
