import { SUMMARY_TRUNCATE_CHARS, teachMessages } from '@helixis/contract';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useBusinessSummary, useRefreshBusinessSummary } from '../api/business-summary';

/** Business Summary card: 200-character preview with Show more/less, and Refresh. */
export function BusinessSummaryCard() {
  const summary = useBusinessSummary();
  const refreshSummary = useRefreshBusinessSummary();
  const [expanded, setExpanded] = useState(false);
  const text = summary.data?.summary_json?.text?.trim() ?? '';
  const long = text.length > SUMMARY_TRUNCATE_CHARS;
  const shown = long && !expanded ? `${text.slice(0, SUMMARY_TRUNCATE_CHARS).trimEnd()}…` : text;

  const refresh = async () => {
    try {
      await refreshSummary.mutateAsync();
      toast.success(teachMessages.summaryUpdated);
    } catch {
      toast.error(teachMessages.summaryFailed);
    }
  };

  return (
    <Card data-testid="business-summary">
      <CardHeader className="flex-row items-center justify-between space-y-0 pb-2">
        <CardTitle as="h2">Business Summary</CardTitle>
        <Button variant="outline" size="sm" onClick={refresh} disabled={refreshSummary.isPending}>
          <RefreshCw className={refreshSummary.isPending ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </CardHeader>
      <CardContent>
        {summary.isPending ? (
          <Spinner label="Loading summary" />
        ) : summary.isError && !summary.data ? (
          <p className="text-destructive text-sm">{teachMessages.summaryLoadFailed}</p>
        ) : text ? (
          <div className="space-y-1">
            <p className="whitespace-pre-line text-sm leading-relaxed">{shown}</p>
            {long ? (
              <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setExpanded((v) => !v)}>
                {expanded ? 'Show less' : 'Show more'}
              </Button>
            ) : null}
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">
            No summary yet. Tell the Knowledge Copilot about your business and it will appear here.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
