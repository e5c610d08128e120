import type { DocumentPassage, KnowledgeDocument } from '@helixis/contract';
import { ArrowLeft, CircleAlert, FileText, Globe } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PageStatus } from '../../../components/page-status';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { cn } from '../../../lib/utils';
import { useBusinessRole } from '../../workspaces';
import { useDocumentPassages } from '../api/documents';
import { PublicSwitch, StatusCell, TitleCell } from '../components/documents-table';
import { formatCreatedAt, formatKb } from '../format';
import { passageBody, requestedPassage } from '../lib/passages';

/** One passage, under the headings that changed since the passage before it. */
function PassageBlock({
  passage,
  previous,
  highlighted,
}: {
  passage: DocumentPassage;
  previous: DocumentPassage | undefined;
  highlighted: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!highlighted) return;
    ref.current?.scrollIntoView?.({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [highlighted]);
  // Headings repeat on every passage of a section: show only the levels that changed.
  const before = previous?.heading_path ?? [];
  const firstNew = passage.heading_path.findIndex((h, i) => before[i] !== h);
  const headings =
    firstNew === -1 ? [] : passage.heading_path.slice(firstNew).map((h, i) => [firstNew + i, h] as const);
  return (
    <>
      {headings.map(([depth, text]) =>
        depth === 0 ? (
          <h2 key={`${depth}-${text}`} className="mt-4 font-semibold text-lg">
            {text}
          </h2>
        ) : (
          <h3 key={`${depth}-${text}`} className="mt-3 font-semibold text-base">
            {text}
          </h3>
        ),
      )}
      <article
        ref={ref}
        id={`passage-${passage.number}`}
        tabIndex={-1}
        aria-label={`Passage ${passage.number}`}
        aria-current={highlighted ? 'true' : undefined}
        data-testid="passage"
        data-passage={passage.number}
        data-highlighted={highlighted || undefined}
        className={cn(
          'scroll-mt-24 rounded-md border-l-4 px-3 py-2 outline-none',
          highlighted ? 'border-amber-500 bg-amber-50 ring-2 ring-amber-500/40' : 'border-transparent',
        )}
      >
        <p className="mb-1 font-medium text-muted-foreground text-xs">Passage {passage.number}</p>
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">
          {passageBody(passage.content, passage.heading_path)}
        </p>
      </article>
    </>
  );
}

/** Where the document came from: the web page it was read from, or an upload. */
function SourceLine({ doc }: { doc: KnowledgeDocument }) {
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-muted-foreground text-sm" data-testid="document-source">
      {doc.source_url ? (
        <>
          <Globe aria-hidden="true" className="size-4 shrink-0" />
          <span>Web page:</span>
          <a href={doc.source_url} target="_blank" rel="noopener noreferrer" className="truncate underline">
            {doc.source_url}
          </a>
        </>
      ) : (
        <>
          <FileText aria-hidden="true" className="size-4 shrink-0" />
          <span>
            Uploaded file · {formatKb(doc.bytes)} · added {formatCreatedAt(doc.created_at)}
          </span>
        </>
      )}
    </p>
  );
}

/**
 * /documents/:id: a document's parsed text passage by passage, with its status, title, source and public
 * switch. A citation in chat or a search result opens it at ?passage=N (or #passage-N): that passage is
 * scrolled to, highlighted and focused. Managers rename it and switch it public; employees read it.
 */
export function DocumentPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const wanted = requestedPassage(location.search, location.hash);
  const query = useDocumentPassages(id);
  const { role } = useBusinessRole();
  const manages = role === 'manager' || role === 'owner';
  const doc = query.data?.document;
  useDocumentTitle(doc?.title ?? 'Document');

  const back = manages ? { to: '/documents', label: 'All documents' } : { to: '/chat', label: 'Back to chat' };
  const passages = query.data?.passages ?? [];
  const missing = wanted !== null && query.data && !passages.some((p) => p.number === wanted);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 md:p-8">
      <Link to={back.to} className="flex w-fit items-center gap-1 text-muted-foreground text-sm hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {back.label}
      </Link>
      {query.isPending ? (
        <PageStatus label="Loading document…" />
      ) : query.isError ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <div className="flex flex-1 flex-wrap items-center justify-between gap-3">
            <span>{query.error.message}</span>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : doc ? (
        <>
          <header className="flex flex-col gap-2 border-b pb-4">
            {manages ? (
              <TitleCell doc={doc} heading />
            ) : (
              <h1 className="break-words font-semibold text-2xl tracking-tight" data-testid="document-title">
                {doc.title}
              </h1>
            )}
            <SourceLine doc={doc} />
            <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
              <StatusCell doc={doc} />
              {manages ? <PublicSwitch doc={doc} /> : null}
            </div>
          </header>
          {missing ? (
            <p role="note" className="rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="passage-missing">
              Passage {wanted} is no longer in this document; it may have been replaced by a newer version.
            </p>
          ) : null}
          {doc.status === 'PENDING' ? (
            <PageStatus label="Reading the document…" detail="Its text appears here as soon as it is ready." />
          ) : passages.length === 0 ? (
            <p className="text-muted-foreground text-sm" data-testid="passages-empty">
              {doc.status === 'READY' ? 'This document has no text.' : 'No text could be read from this document.'}
            </p>
          ) : (
            <div className="flex flex-col gap-1" data-testid="document-passages">
              {passages.map((p, i) => (
                <PassageBlock key={p.number} passage={p} previous={passages[i - 1]} highlighted={p.number === wanted} />
              ))}
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
