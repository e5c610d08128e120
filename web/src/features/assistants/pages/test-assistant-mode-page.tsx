import { assistantMessages, type RagAnswerOutput } from '@helixis/contract';
import { hasRole } from '@helixis/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { invoke } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { cn } from '../../../lib/utils';
import { useBusinessRole } from '../../workspaces/api/use-business-role';
import { useTestAssistantPair } from '../api/test-assistant';
import { ConfidenceBadge } from '../components/confidence-badge';
import { QuestionSetCard } from '../components/question-set-card';

interface TestResult {
  id: string;
  query: string;
  result: RagAnswerOutput;
  created_at: string;
}

/** /test-assistant-mode: queries answered with the test copy; owner or manager. */
export function TestAssistantModePage() {
  useDocumentTitle('Test Assistant Mode');
  const { role, settled } = useBusinessRole();
  const allowed = settled && hasRole(role, 'manager');
  const [enabled, setEnabled] = useState(false);
  const [query, setQuery] = useState('');
  const [history, setHistory] = useState<TestResult[]>([]);
  // Test mode needs the test copy; loading the pair creates it when missing.
  const pair = useTestAssistantPair({ enabled: allowed && enabled });
  const run = useMutation({
    mutationFn: (q: string) => invoke('ragAnswer', { query: q, is_test: true }),
    onSuccess: (result, q) => {
      setHistory((h) => [{ id: crypto.randomUUID(), query: q, result, created_at: new Date().toISOString() }, ...h]);
      setQuery('');
      toast.success(assistantMessages.testQueryDone);
    },
    onError: (err) => toast.error(assistantMessages.testQueryFailed(err.message)),
  });

  if (!settled) return <p className="text-muted-foreground">{assistantMessages.loading}</p>;
  if (!allowed) return <p className="text-muted-foreground">{assistantMessages.testModeRequiresManager}</p>;

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="font-semibold text-2xl tracking-tight">Test Assistant Mode</h1>
      <Card>
        <CardContent className="flex items-center justify-between gap-4 pt-6">
          <div>
            <Label htmlFor="test-mode">Test mode</Label>
            <p className="text-muted-foreground text-xs">
              Answers use the test assistant's prompt and temperature; no tasks are created.
            </p>
          </div>
          <button
            id="test-mode"
            type="button"
            role="switch"
            aria-checked={enabled}
            onClick={() => setEnabled((v) => !v)}
            className={cn(
              'relative h-6 w-11 rounded-full transition-colors',
              enabled ? 'bg-primary' : 'bg-muted-foreground/30',
            )}
          >
            <span
              className={cn(
                'absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform',
                enabled && 'translate-x-5',
              )}
            />
          </button>
        </CardContent>
      </Card>
      {enabled ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Test Query</CardTitle>
            {pair.data ? <p className="text-muted-foreground text-xs">Using {pair.data.test.name}</p> : null}
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <textarea
              aria-label="Test Query"
              rows={3}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm"
            />
            <div className="flex gap-2">
              <Button disabled={!query.trim() || run.isPending || !pair.data} onClick={() => run.mutate(query.trim())}>
                {run.isPending ? 'Running...' : 'Test Query'}
              </Button>
              <Button
                variant="outline"
                disabled={history.length === 0}
                onClick={() => {
                  setHistory([]);
                  toast.success(assistantMessages.historyCleared);
                }}
              >
                Clear History
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}
      {enabled && history.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label="Test results">
          {history.map((h) => (
            <li key={h.id} className="rounded-lg border bg-card p-4" data-testid="test-result">
              <div className="flex items-center justify-between gap-2">
                <p className="font-medium text-sm">{h.query}</p>
                <ConfidenceBadge confidence={h.result.confidence} />
              </div>
              <p className="mt-2 whitespace-pre-wrap text-sm">{h.result.answer}</p>
              {h.result.sources.length > 0 ? (
                <ul className="mt-2 text-muted-foreground text-xs">
                  {h.result.sources.map((s) => (
                    <li key={s.id}>
                      {s.title} · {Math.round(s.similarity * 100)}%
                    </li>
                  ))}
                </ul>
              ) : null}
              {h.result.would_create_task ? (
                <p className="mt-2 text-amber-700 text-xs">Live mode would create a task for a person.</p>
              ) : null}
              <p className="mt-2 text-muted-foreground text-xs">{new Date(h.created_at).toLocaleString()}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {enabled && pair.data ? <QuestionSetCard /> : null}
    </section>
  );
}
