import type { KnowledgeDocument } from '@helixis/contract';
import { ArrowLeft, CircleAlert, FileText, Globe } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { PageStatus } from '../../../components/page-status';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBusinessRole } from '../../workspaces';
import { useDocumentPassages } from '../api/documents';
import { PublicSwitch, StatusCell, TitleCell } from '../components/documents-table';
import { PassageList, PassageMissing } from '../components/passage-block';
import { formatCreatedAt, formatKb } from '../format';
import { requestedPassage } from '../lib/passages';

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
          {missing && wanted !== null ? <PassageMissing number={wanted} /> : null}
          {doc.status === 'PENDING' ? (
            <PageStatus label="Reading the document…" detail="Its text appears here as soon as it is ready." />
          ) : passages.length === 0 ? (
            <p className="text-muted-foreground text-sm" data-testid="passages-empty">
              {doc.status === 'READY' ? 'This document has no text.' : 'No text could be read from this document.'}
            </p>
          ) : (
            <PassageList passages={passages} highlighted={wanted} />
          )}
        </>
      ) : null}
    </div>
  );
}
