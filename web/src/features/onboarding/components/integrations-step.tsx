import {
  type CatalogProvider,
  catalogCategories,
  catalogIndustries,
  catalogProviders,
  connectedPropertySystems,
  onboardingTexts,
  PROPERTY_PROVIDERS,
  PROPERTY_SYSTEM_NAMES,
  PROPERTY_SYSTEM_SCREENS,
  type PropertyProvider,
} from '@helixis/contract';
import { ArrowLeft, ArrowRight, Briefcase, Building2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-context';
import {
  CATEGORY_ICON,
  CatalogDialog,
  CatalogStatusBadge,
  PropertyConnectDialog,
  providerLabel,
  providerStatus,
  useIntegrationsStatus,
  useIntegrationsSummary,
} from '../../integrations';

type OpenDialog = { title: string; description: string; providers: CatalogProvider[] } | null;

const byId = new Map(catalogProviders.map((p) => [p.id, p]));

/**
 * The integrations step of onboarding: category cards, the property-management section,
 * industry cards and provider dialogs. Back goes to /, 'Skip for now' to /final-dashboard, Continue to
 * /onboarding/ready once something is connected.
 */
export function IntegrationsStep() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const status = useIntegrationsStatus();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const summary = useIntegrationsSummary(dialog !== null);
  const [modal, setModal] = useState<PropertyProvider | null>(null);
  const s = status.data;
  const connectedAccounts = (summary.data?.accounts ?? []).filter((a) => a.status === 'connected');
  const connected = [
    ...connectedPropertySystems(s).map((p) => PROPERTY_SYSTEM_NAMES[p]),
    ...connectedAccounts.map((a) =>
      a.kind === 'calendar' ? 'Calendar' : a.kind === 'email_alias' ? 'E-mail alias' : providerLabel(a.kind),
    ),
  ].filter((x): x is string => x !== null);
  const canContinue = connected.length > 0;
  const signedIn = user !== null;

  const openCategory = (id: (typeof catalogCategories)[number]['id']) => {
    const c = catalogCategories.find((x) => x.id === id);
    if (!c) return;
    setDialog({
      title: c.label,
      description: c.description,
      providers: catalogProviders.filter((p) => p.category === id),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Connect your tools</CardTitle>
        <CardDescription>
          Connecting your property-management system lets the assistant see rentals, unpaid bills and open tasks.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby="pm-heading" className="space-y-3">
          <h3 className="font-semibold text-sm" id="pm-heading">
            Property management
          </h3>
          <div className="grid gap-3 sm:grid-cols-2">
            {PROPERTY_PROVIDERS.map((system) => {
              const isConnected = !!s?.[system]?.connected;
              // A system with a settings page to start from links there; its dialog is the quick way.
              const viaSettings = PROPERTY_SYSTEM_SCREENS[system].onboardingViaSettings;
              const name = providerLabel(system);
              return (
                <div className="flex items-center justify-between gap-3 rounded-lg border p-4" key={system}>
                  <div className="flex items-center gap-3">
                    <Building2 aria-hidden="true" className="size-5 text-primary" />
                    <div>
                      <p className="font-medium text-sm">{name}</p>
                      <CatalogStatusBadge status={isConnected ? 'connected' : 'not_connected'} />
                    </div>
                  </div>
                  <div className="flex flex-wrap justify-end gap-2">
                    {viaSettings && signedIn ? (
                      <Link
                        className={buttonVariants({ size: 'sm', variant: 'outline' })}
                        to={`/settings/integrations/${system}?from=onboarding`}
                      >
                        {`Connect ${name}`}
                      </Link>
                    ) : null}
                    <Button
                      disabled={!signedIn}
                      size="sm"
                      variant={isConnected || viaSettings ? 'outline' : 'default'}
                      onClick={() => setModal(system)}
                    >
                      {signedIn
                        ? viaSettings
                          ? 'Quick connect'
                          : `${isConnected ? 'Reconnect' : 'Connect'} ${name}`
                        : 'Sign in to connect'}
                    </Button>
                  </div>
                </div>
              );
            })}
          </div>
        </section>

        <section aria-labelledby="cat-heading" className="space-y-3">
          <h3 className="font-semibold text-sm" id="cat-heading">
            Categories
          </h3>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {catalogCategories.map((c) => {
              const Icon = CATEGORY_ICON[c.id];
              const providers = catalogProviders.filter((p) => p.category === c.id);
              const live = providers.filter((p) => providerStatus(p, summary.data) === 'connected').length;
              return (
                <button
                  className="rounded-lg border p-4 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                  data-category={c.id}
                  disabled={!signedIn}
                  key={c.id}
                  type="button"
                  onClick={() => openCategory(c.id)}
                >
                  <Icon aria-hidden="true" className="mb-2 size-5 text-primary" />
                  <p className="font-medium text-sm">{c.label}</p>
                  <p className="text-muted-foreground text-xs">{c.description}</p>
                  <p className="mt-2 text-muted-foreground text-xs">
                    {providers.length} providers{live > 0 ? ` · ${live} connected` : ''}
                  </p>
                </button>
              );
            })}
          </div>
        </section>

        <section aria-labelledby="ind-heading" className="space-y-3">
          <h3 className="font-semibold text-sm" id="ind-heading">
            By industry
          </h3>
          <div className="flex flex-wrap gap-2">
            {catalogIndustries.map((i) => (
              <Button
                data-industry={i.id}
                disabled={!signedIn}
                key={i.id}
                size="sm"
                variant="outline"
                onClick={() =>
                  setDialog({
                    title: i.label,
                    description: `Tools that ${i.label.toLowerCase()} businesses often use.`,
                    providers: i.providerIds.flatMap((id) => byId.get(id) ?? []),
                  })
                }
              >
                <Briefcase aria-hidden="true" />
                {i.label}
              </Button>
            ))}
          </div>
        </section>

        <div aria-live="polite" className="text-sm">
          {status.isPending || summary.isPending ? <Spinner label="Checking your connections..." /> : null}
          {status.isError ? (
            <p className="text-destructive">Could not check connections: {status.error.message}</p>
          ) : null}
          {canContinue ? <p data-testid="connected-list">Connected: {connected.join(', ')}</p> : null}
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
      {dialog ? (
        <CatalogDialog
          description={dialog.description}
          open
          providers={dialog.providers}
          title={dialog.title}
          onOpenChange={(o) => {
            if (!o) setDialog(null);
          }}
        />
      ) : null}
      {PROPERTY_PROVIDERS.map((system) => (
        <PropertyConnectDialog
          key={system}
          provider={system}
          open={modal === system}
          onOpenChange={(o) => setModal(o ? system : null)}
        />
      ))}
    </Card>
  );
}
