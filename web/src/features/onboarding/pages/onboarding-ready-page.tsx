import {
  AUTOMATION_KIND_LABELS,
  AUTOMATION_STATUS_LABELS,
  COMPLETION_MAX_AUTOMATIONS,
  COMPLETION_MAX_GAPS,
  COMPLETION_MAX_LEARNED,
  connectedPropertySystems,
  LAUNCH_TIMEOUT_MS,
  onboardingTexts,
} from '@helixis/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Bot, CircleCheck, ListTodo, RefreshCw, Rocket, Sparkles, Zap } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageStatus } from '../../../components/page-status';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { queryKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAutomations } from '../../automations';
import { formatTime, kpiSentence, useIntegrationsStatus, usePropertyKpis, useRefreshKpis } from '../../integrations';
import { useBusinessProfile } from '../../profile';
import { bootstrapAccount, useMe } from '../../workspaces';
import { completeOnboarding, useOnboardingSummary } from '../api/onboarding';
import { OnboardingProgress } from '../components/onboarding-progress';
import { markOnboardingComplete } from '../lib/onboarding-storage';

/** Resolves with the bootstrap's outcome, or 'timeout' after the launch limit (12 s). */
function bootstrapWithin(ms: number): Promise<'ok' | 'failed' | 'timeout'> {
  return Promise.race([
    bootstrapAccount().then(
      () => 'ok' as const,
      () => 'failed' as const,
    ),
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms)),
  ]);
}

/** /onboarding/ready: the completion screen, step 3 of 3. */
export function OnboardingReadyPage() {
  useDocumentTitle('Your assistant is ready');
  const navigate = useNavigate();
  const me = useMe();
  const profile = useBusinessProfile();
  const summary = useOnboardingSummary();
  const realAutomationsQuery = useAutomations();
  const status = useIntegrationsStatus();
  const connected = connectedPropertySystems(status.data).length > 0;
  const kpis = usePropertyKpis();
  const refresh = useRefreshKpis();
  const [launching, setLaunching] = useState(false);
  const client = useQueryClient();

  if (me.isError && !me.data) {
    return (
      <Card className="mx-auto max-w-lg">
        <CardContent className="space-y-4 pt-6">
          <Alert variant="destructive">
            <p>{me.error.message}</p>
          </Alert>
          <Button onClick={() => globalThis.location.reload()}>{onboardingTexts.reloadPage}</Button>
        </CardContent>
      </Card>
    );
  }
  if (!me.data || profile.isPending) return <PageStatus label={onboardingTexts.settingUp} />;

  const data = profile.data?.profile?.business_data;
  const who = data?.officialName || data?.industry || 'your business';
  const kpiData = connected && kpis.data?.data ? kpis.data.data : null;

  const learned = summary.data?.what_we_learned.slice(0, COMPLETION_MAX_LEARNED) ?? [];
  const gaps = summary.data?.gaps.slice(0, COMPLETION_MAX_GAPS) ?? [];
  const automations = summary.data?.suggested_automations.slice(0, COMPLETION_MAX_AUTOMATIONS) ?? [];
  const realAutomations = (realAutomationsQuery.data?.automations ?? []).slice(0, COMPLETION_MAX_AUTOMATIONS);

  const launch = async () => {
    setLaunching(true);
    const outcome = await bootstrapWithin(LAUNCH_TIMEOUT_MS);
    // The server's flag is what Get started reads as "launched"; local storage only remembers it here.
    const recorded = await completeOnboarding().then(
      () => true,
      () => false,
    );
    await client.invalidateQueries({ queryKey: queryKeys.businessProfile });
    markOnboardingComplete();
    if (!recorded) toast.error('Your launch could not be saved. Open Get started to try again.');
    if (outcome !== 'ok') toast.info(onboardingTexts.setupBackground);
    navigate('/final-dashboard');
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <OnboardingProgress step={3} percent={100} label="Ready" />
      <header className="space-y-2 text-center">
        <h1 className="font-semibold text-3xl tracking-tight">Your AI assistant is ready!</h1>
        <p className="text-lg text-muted-foreground" data-testid="greeting">
          Welcome aboard, {who}. Here is where your assistant starts.
        </p>
      </header>

      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
          {kpiData ? (
            <p data-testid="kpi-sentence">{kpiSentence(kpiData)}</p>
          ) : connected && kpis.isPending ? (
            <p className="text-muted-foreground">Reading your property figures...</p>
          ) : (
            <p className="text-muted-foreground" data-testid="kpi-sentence">
              No property-management system is connected yet, so there are no rentals, bills or tasks to show.{' '}
              <Link className="text-primary underline underline-offset-4" to="/onboarding?step=integrations">
                Connect one
              </Link>
            </p>
          )}
          {connected ? (
            <Button variant="outline" size="sm" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
              <RefreshCw aria-hidden="true" />
              {onboardingTexts.recheckKpis}
            </Button>
          ) : null}
        </CardContent>
      </Card>

      <div className="grid gap-6 md:grid-cols-3">
        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <Bot aria-hidden="true" className="size-5 text-primary" />
              <CardTitle as="h2">AI Co-Pilot</CardTitle>
            </div>
          </CardHeader>
          <CardContent>
            {learned.length > 0 ? (
              <ul className="space-y-2 text-sm">
                {learned.map((l) => (
                  <li key={l.text} className="flex gap-2">
                    <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                    {l.text}
                  </li>
                ))}
              </ul>
            ) : kpiData ? (
              <div className="space-y-2 text-sm">
                <p>{kpiSentence(kpiData)}</p>
                <p className="text-muted-foreground">
                  Last updated {formatTime(kpiData.fetchedAt)}.{' '}
                  <Button variant="link" size="sm" className="h-auto p-0" onClick={() => refresh.mutate()}>
                    Refresh
                  </Button>
                </p>
              </div>
            ) : (
              <p className="text-muted-foreground text-sm">
                {summary.isPending ? 'Loading what I learned...' : 'Nothing learned yet.'}
              </p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <ListTodo aria-hidden="true" className="size-5 text-primary" />
              <CardTitle as="h2">AI To-Do List</CardTitle>
            </div>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-2 pl-5 text-sm">
              {(gaps.length > 0 ? gaps.map((g) => g.message) : onboardingTexts.defaultTodos).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <Zap aria-hidden="true" className="size-5 text-primary" />
              <CardTitle as="h2">Smart Automations</CardTitle>
            </div>
          </CardHeader>
          <CardContent>
            {realAutomations.length === 0 && automations.length === 0 ? (
              <p className="mb-2 text-muted-foreground text-xs" data-testid="automation-examples-note">
                Examples — nothing is switched on until you set it up in Automations.
              </p>
            ) : null}
            <ul className="space-y-2.5 text-sm">
              {realAutomations.length > 0
                ? realAutomations.map((a) => (
                    <li key={a.id} className="flex items-center justify-between gap-2" data-testid="ready-automation">
                      <span>
                        <span className="font-medium">{a.name}</span>{' '}
                        <span className="text-muted-foreground text-xs">{AUTOMATION_KIND_LABELS[a.kind]}</span>
                      </span>
                      <Badge variant={a.status === 'connected' ? 'success' : 'secondary'}>
                        {AUTOMATION_STATUS_LABELS[a.status]}
                      </Badge>
                    </li>
                  ))
                : automations.length > 0
                  ? automations.map((a) => (
                      <li key={a.title}>
                        <p className="font-medium">{a.title}</p>
                        <p className="text-muted-foreground text-xs">{a.why}</p>
                      </li>
                    ))
                  : onboardingTexts.defaultAutomations.map((a) => (
                      <li key={a.title} className="flex items-center justify-between gap-2">
                        <span>{a.title}</span>
                        <Badge variant={a.status === 'ready' ? 'success' : 'secondary'}>{a.status}</Badge>
                      </li>
                    ))}
            </ul>
          </CardContent>
        </Card>
      </div>

      <div className="flex justify-center">
        <Button size="lg" disabled={launching} onClick={() => void launch()}>
          {launching ? <Sparkles aria-hidden="true" className="animate-pulse" /> : <Rocket aria-hidden="true" />}
          {launching ? onboardingTexts.settingUp : onboardingTexts.launch}
        </Button>
      </div>
    </div>
  );
}
