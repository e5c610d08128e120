import { applyCheckMessages, assistantMessages, questionSetMessages } from '@helixis/contract';
import { hasRole } from '@helixis/domain';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBusinessRole } from '../../workspaces/api/use-business-role';
import { useRunApplyCheck } from '../api/apply-check';
import { useLatestComparison } from '../api/question-sets';
import { useApplyTestAssistant, useTestAssistantPair } from '../api/test-assistant';
import { useUpdateAssistant } from '../api/update-assistant';
import { ApplyCheckView } from '../components/apply-check-view';
import { ComparisonChart, ComparisonSummary } from '../components/comparison-view';
import { TemperatureSlider } from '../components/temperature-slider';

/** /test-assistant: live and test copies side by side; managers only. */
export function TestAssistantPage() {
  useDocumentTitle('Test Assistant');
  const navigate = useNavigate();
  const { role, settled } = useBusinessRole();
  const allowed = settled && hasRole(role, 'manager');
  const pair = useTestAssistantPair({ enabled: allowed });
  const update = useUpdateAssistant();
  const apply = useApplyTestAssistant();
  const [prompt, setPrompt] = useState<string | null>(null);
  const [temperature, setTemperature] = useState(0.2);
  const [confirming, setConfirming] = useState(false);
  const latest = useLatestComparison({ enabled: allowed && confirming });
  const check = useRunApplyCheck();
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    if (settled && !hasRole(role, 'manager')) {
      toast.error(assistantMessages.managerRequired);
      navigate('/chat', { replace: true });
    }
  }, [settled, role, navigate]);

  useEffect(() => {
    if (pair.data && prompt === null) {
      setPrompt(pair.data.test.system_prompt);
      setTemperature(Math.min(1, pair.data.test.temperature));
    }
  }, [pair.data, prompt]);

  useEffect(() => {
    if (pair.isError) toast.error(assistantMessages.testLoadFailed, { description: pair.error.message });
  }, [pair.isError, pair.error]);

  if (!allowed || pair.isPending) return <p className="text-muted-foreground">{assistantMessages.loading}</p>;
  if (pair.isError) return <p className="text-destructive">{assistantMessages.testLoadFailed}</p>;
  const { live, test } = pair.data;
  const editedPrompt = prompt ?? test.system_prompt;

  const saveTest = () => update.mutateAsync({ id: test.id, system_prompt: editedPrompt, temperature });
  const comparison = latest.data?.comparison ?? null;
  // Edits not yet saved also make the last comparison out of date.
  const unsavedSinceRun =
    comparison !== null &&
    (comparison.test.system_prompt !== editedPrompt || comparison.test.temperature !== temperature);

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="ghost" size="icon" aria-label="Back to chat">
          <Link to="/chat">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <h1 className="font-semibold text-2xl tracking-tight">Test Assistant</h1>
        <Badge className="border-amber-300 bg-amber-100 text-amber-900">TEST ENVIRONMENT</Badge>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Live Assistant</CardTitle>
            <CardDescription>{live.name}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {/* Scrolls when long: a tab stop (a named region) so keyboard users can scroll it too. */}
            <section
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
              tabIndex={0}
              aria-label="Live assistant instructions"
              className="max-h-72 overflow-auto rounded-md border bg-muted/40 p-3"
            >
              <pre className="whitespace-pre-wrap text-sm">{live.system_prompt}</pre>
            </section>
            <div>
              <div className="flex justify-between text-sm">
                <span className="font-medium">Temperature</span>
                <span className="font-mono">{live.temperature.toFixed(1)}</span>
              </div>
              <div className="mt-1.5 h-2 rounded-full bg-muted">
                <div
                  className="h-2 rounded-full bg-primary"
                  style={{ width: `${Math.min(100, (live.temperature / 2) * 100)}%` }}
                />
              </div>
            </div>
          </CardContent>
        </Card>
        <Card className="border-amber-300">
          <CardHeader>
            <CardTitle as="h2">Test Assistant</CardTitle>
            <CardDescription>{test.name}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <textarea
              aria-label="Test system prompt"
              rows={10}
              value={editedPrompt}
              onChange={(e) => setPrompt(e.target.value)}
              className="w-full rounded-md border border-input bg-card px-3 py-2 font-mono text-sm"
            />
            <TemperatureSlider id="test-temperature" value={temperature} max={1} onChange={setTemperature} />
          </CardContent>
        </Card>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={update.isPending}
          onClick={() =>
            saveTest().then(
              () => toast.success(assistantMessages.testSaved),
              (err: Error) => toast.error(assistantMessages.testSaveFailed, { description: err.message }),
            )
          }
        >
          Save Test Changes
        </Button>
        <Button
          variant="secondary"
          disabled={apply.isPending || update.isPending}
          onClick={() => {
            // The check answers with the saved test copy: save the edits first, then check (decision 035).
            setConfirming(true);
            setConfirmed(false);
            check.reset();
            saveTest().then(
              () => check.mutate(),
              (err: Error) => toast.error(assistantMessages.testSaveFailed, { description: err.message }),
            );
          }}
        >
          Apply to Live Assistant
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setPrompt(live.system_prompt);
            setTemperature(Math.min(1, live.temperature));
            toast.success(assistantMessages.reset);
          }}
        >
          Reset to Live
        </Button>
        <Button variant="outline" onClick={() => navigate('/test-assistant-mode')}>
          Test in Chat
        </Button>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Apply to Live Assistant?</DialogTitle>
            <DialogDescription>
              The live assistant will use the test prompt and temperature {temperature.toFixed(1)}. First, the test copy
              answers your resolved tasks and saved questions:
            </DialogDescription>
          </DialogHeader>
          {check.isPending ? (
            <p className="text-muted-foreground text-sm" data-testid="apply-check-running">
              Checking resolved tasks and saved questions against the test copy…
            </p>
          ) : null}
          {check.isError ? <p className="text-destructive text-sm">{check.error.message}</p> : null}
          {check.data ? <ApplyCheckView check={check.data} /> : null}
          {check.data && check.data.blocking > 0 ? (
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={confirmed}
                onChange={(e) => setConfirmed(e.target.checked)}
              />
              {applyCheckMessages.confirmLabel}
            </label>
          ) : null}
          {latest.isPending ? <p className="text-muted-foreground text-sm">{assistantMessages.loading}</p> : null}
          {latest.isSuccess && !comparison ? (
            <p className="text-muted-foreground text-sm" data-testid="no-comparison">
              {questionSetMessages.noComparison}
            </p>
          ) : null}
          {comparison ? (
            <div className="flex flex-col gap-3">
              <p className="font-medium text-sm">Last comparison of the saved question set</p>
              <ComparisonSummary comparison={comparison} />
              {unsavedSinceRun && !comparison.stale ? (
                <p className="text-amber-700 text-xs">{questionSetMessages.stale}</p>
              ) : null}
              <ComparisonChart comparison={comparison} />
            </div>
          ) : null}
          <DialogFooter>
            <Button
              variant="outline"
              disabled={update.isPending}
              onClick={() =>
                saveTest().then(
                  () => navigate('/test-assistant-mode'),
                  (err: Error) => toast.error(assistantMessages.testSaveFailed, { description: err.message }),
                )
              }
            >
              Save and run comparison
            </Button>
            <Button
              disabled={apply.isPending || update.isPending || !check.data || (check.data.blocking > 0 && !confirmed)}
              onClick={() =>
                apply.mutateAsync({ check_id: check.data?.id, confirm: confirmed }).then(
                  () => {
                    setConfirming(false);
                    toast.success(assistantMessages.applied);
                  },
                  (err: Error) => toast.error(assistantMessages.applyFailed, { description: err.message }),
                )
              }
            >
              Apply to Live
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
