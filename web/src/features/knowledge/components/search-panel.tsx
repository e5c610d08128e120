import { type EndpointOutput, passageHref } from '@helixis/contract';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { invoke } from '../../../lib/api-client';
import { passageLabel } from '../lib/passages';
import { HitReasons, MarkedSnippet } from './hit-explanation';

type SearchResults = EndpointOutput<'search'>;

/** Searches the workspace's documents as the assistant does, and shows why each passage was chosen. */
export function SearchPanel() {
  const [query, setQuery] = useState('');
  const search = useMutation({
    mutationFn: (q: string): Promise<SearchResults> => invoke('search', { query: q, k: 5 }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim()) search.mutate(query.trim());
  };
  const results = search.data?.results;
  const rewrite = search.data?.rewrite;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Search your documents</CardTitle>
        <CardDescription>See which passages the assistant would use for a question, and why.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form className="flex gap-2" onSubmit={submit} aria-label="Search your documents">
          <Input
            aria-label="Search your documents"
            placeholder="e.g. How much is the deposit?"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            maxLength={2000}
          />
          <Button type="submit" disabled={!query.trim() || search.isPending}>
            <Search aria-hidden="true" />
            Search
          </Button>
        </form>
        {search.isError ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <span>{search.error.message}</span>
          </Alert>
        ) : null}
        {rewrite?.method === 'spelling' ? (
          <p className="text-muted-foreground text-sm" data-testid="search-spelling">
            Showing results for <span className="text-foreground">“{rewrite.rewritten}”</span> (spelling corrected — you
            searched “{rewrite.original}”)
          </p>
        ) : null}
        {results && results.length === 0 ? (
          <p className="text-muted-foreground text-sm" data-testid="search-empty">
            No passage matches these words.
          </p>
        ) : null}
        {results && results.length > 0 ? (
          <ol className="flex flex-col gap-3" data-testid="search-results">
            {results.map((hit) => (
              <li key={hit.chunk_id} className="flex flex-col gap-1.5 rounded-md border p-3">
                <p className="font-medium text-sm">
                  <Link
                    to={passageHref(hit.document_id, hit.chunk_index)}
                    className="underline-offset-2 hover:underline"
                    data-testid="search-result-link"
                  >
                    {passageLabel(hit.document_title, hit.chunk_index)}
                  </Link>
                  {hit.heading_path.length > 0 ? (
                    <span className="font-normal text-muted-foreground"> · {hit.heading_path.join(' › ')}</span>
                  ) : null}
                </p>
                <MarkedSnippet snippet={hit.snippet} highlights={hit.highlights} />
                <HitReasons matchedTerms={hit.matched_terms} scoreParts={hit.score_parts} />
              </li>
            ))}
          </ol>
        ) : null}
      </CardContent>
    </Card>
  );
}
