import { Lightbulb } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { type Suggestion, useSuggestions, useUpdateSuggestion } from '../api/facts';

/** Where accepting a suggestion takes the user to act on it (none: the copilot and What I Know are here). */
const ACTION_PATHS: Partial<Record<Suggestion['type'], string>> = {
  missing_integration: '/connect',
  automation_opportunity: '/automations',
};

/** The top 3 pending suggestions by priority, each accepted or dismissed. */
export function SuggestionsCard() {
  const suggestions = useSuggestions();
  const update = useUpdateSuggestion();
  const navigate = useNavigate();

  const decide = async (suggestion: Suggestion, status: 'accepted' | 'dismissed') => {
    try {
      await update.mutateAsync({ id: suggestion.id, status });
      const path = ACTION_PATHS[suggestion.type];
      if (status === 'accepted' && path) navigate(path);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Update failed');
    }
  };

  return (
    <Card data-testid="suggestions">
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="flex items-center gap-2">
          <Lightbulb className="size-5" /> Suggestions
        </CardTitle>
      </CardHeader>
      <CardContent>
        {suggestions.isPending ? (
          <Spinner label="Loading suggestions" />
        ) : suggestions.isError ? (
          <p className="text-destructive text-sm">{suggestions.error.message}</p>
        ) : suggestions.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">No suggestions right now.</p>
        ) : (
          <ul className="space-y-3">
            {suggestions.data.map((s) => (
              <li key={s.id} className="space-y-1">
                <div className="flex items-center gap-2">
                  <span className="font-medium text-sm">{s.title}</span>
                  <Badge variant="secondary">Priority {s.priority}</Badge>
                </div>
                <p className="text-muted-foreground text-sm">{s.description}</p>
                <div className="flex gap-2">
                  <Button size="sm" onClick={() => decide(s, 'accepted')} disabled={update.isPending}>
                    Accept
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => decide(s, 'dismissed')} disabled={update.isPending}>
                    Dismiss
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
