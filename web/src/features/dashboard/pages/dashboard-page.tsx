import { defaultDashboardPrefs } from '@helixis/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBusinessProfile } from '../../profile/api/business-profile';
import { IntegrationMode } from '../../teach/components/integration-mode';
import { TeachYourAiPanel } from '../../teach/components/teach-your-ai-panel';
import { useDashboardPrefs } from '../api/dashboard-prefs';
import { CustomizeDashboardDialog } from '../components/customize-dashboard-dialog';
import { DashboardCardView } from '../components/dashboard-cards';
import { businessNameOf, DASHBOARD_VIEW_SEARCH as VIEW_SEARCH, welcomeText } from '../lib/layout';

function Overview({ onTeach }: { onTeach: () => void }) {
  const profile = useBusinessProfile();
  const prefs = useDashboardPrefs();
  // The welcome line waits for nothing: until the profile answers it is the plain "Welcome!".
  const welcome = welcomeText(businessNameOf(profile.data?.profile));
  const cards = prefs.data?.cards ?? defaultDashboardPrefs().cards;
  const visible = cards.filter((c) => c.visible);

  return (
    <div className="min-w-0 flex-1 space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight">{welcome}</h1>
        <CustomizeDashboardDialog cards={cards} disabled={!prefs.data} />
      </header>
      {prefs.isPending ? (
        <Spinner label="Loading your dashboard" />
      ) : prefs.isError ? (
        <div role="alert" className="flex items-center justify-between gap-2 rounded-lg border p-4">
          <p className="text-destructive text-sm">Failed to load your dashboard layout: {prefs.error.message}</p>
          <Button size="sm" variant="outline" onClick={() => void prefs.refetch()}>
            Retry
          </Button>
        </div>
      ) : visible.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
          All cards are hidden. Use Customize dashboard to show them again.
        </p>
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-2" data-testid="dashboard-cards">
          {visible.map((c) => (
            <DashboardCardView key={c.id} id={c.id} onTeach={onTeach} />
          ))}
        </div>
      )}
    </div>
  );
}

/** Teach Your AI's second tab, kept in the address so a reload stays on it. */
const INTEGRATION_SEARCH = `${VIEW_SEARCH.teach}&mode=integration`;

/**
 * The one dashboard (issue 28): the overview cards, and Teach Your AI in place (`?view=teach`,
 * reached from the app's sidebar or the cards). /final-dashboard redirects here; the app layout's sidebar
 * (a menu on phones) is its only navigation.
 */
export function DashboardPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = params.get('view') === 'teach' ? 'teach' : 'dashboard';
  const mode = params.get('mode') === 'integration' ? 'integration' : 'manual';
  useDocumentTitle(view === 'teach' ? 'Teach Your AI' : 'Dashboard');
  const showTeach = () => navigate({ search: VIEW_SEARCH.teach });

  return (
    <div className="mx-auto w-full max-w-7xl">
      {view === 'teach' ? (
        <div className="min-w-0 flex-1 space-y-4">
          <header className="space-y-1">
            <h1 className="font-semibold text-2xl tracking-tight">Teach Your AI</h1>
          </header>
          <Tabs
            value={mode}
            onValueChange={(value) =>
              navigate({ search: value === 'integration' ? INTEGRATION_SEARCH : VIEW_SEARCH.teach }, { replace: true })
            }
          >
            <TabsList>
              <TabsTrigger value="manual">Manual Training</TabsTrigger>
              <TabsTrigger value="integration">Integration Mode</TabsTrigger>
            </TabsList>
            <TabsContent value="manual">
              <TeachYourAiPanel />
            </TabsContent>
            <TabsContent value="integration">
              <IntegrationMode />
            </TabsContent>
          </Tabs>
        </div>
      ) : (
        <Overview onTeach={showTeach} />
      )}
    </div>
  );
}
