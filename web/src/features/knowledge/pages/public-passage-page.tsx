import { BRAND_NAME } from '@helixis/contract';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageStatus } from '../../../components/page-status';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublicDocument } from '../api/public-document';
import { PassageList, PassageMissing } from '../components/passage-block';
import { requestedPassage } from '../lib/passages';

/** Search engines stay away: the page exists for visitors following a chat answer, not as a published site. */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/**
 * /p/:widget/documents/:id#passage-N: what a source under a website chat answer opens (in a new tab, on
 * the Helixis origin). A document the business made public, read-only: its name, the document's title,
 * its text with the cited passage highlighted and scrolled into view. Nothing of the owner's app.
 */
export function PublicPassagePage() {
  const { widget = '', id = '' } = useParams();
  const location = useLocation();
  const wanted = requestedPassage(location.search, location.hash);
  const query = usePublicDocument(widget, id);
  const doc = query.data;
  const business = doc?.business_name ?? null;
  useDocumentTitle(doc ? (business ? `${doc.title} · ${business}` : doc.title) : 'Shared document');
  useNoIndex();
  const missing = wanted !== null && doc !== undefined && !doc.passages.some((p) => p.number === wanted);

  return (
    <div className="flex min-h-svh flex-col bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto w-full max-w-3xl px-4 py-3">
          <p className="break-words font-semibold text-base" data-testid="public-business">
            {business ?? 'Shared document'}
          </p>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 px-4 py-6 focus:outline-none md:py-10"
      >
        {query.isPending ? (
          <PageStatus label="Loading document…" />
        ) : query.isError || !doc ? (
          <div className="flex flex-col gap-2" data-testid="public-unavailable">
            <h1 className="font-semibold text-2xl tracking-tight">This page is not available</h1>
            <p className="text-muted-foreground text-sm">
              The link may be out of date, or the business no longer shares this document. Please ask your question in
              the chat on the business's website again.
            </p>
          </div>
        ) : (
          <>
            <div className="flex flex-col gap-1 border-b pb-4">
              <h1 className="break-words font-semibold text-2xl tracking-tight" data-testid="public-title">
                {doc.title}
              </h1>
              <p className="text-muted-foreground text-sm">
                {business ? `Shared by ${business}` : 'Shared by the business'} for questions asked in its website chat.
                {wanted !== null && !missing ? ` The passage the answer came from is highlighted.` : ''}
              </p>
            </div>
            {missing && wanted !== null ? <PassageMissing number={wanted} /> : null}
            {doc.passages.length === 0 ? (
              <p className="text-muted-foreground text-sm">This document has no text.</p>
            ) : (
              <PassageList passages={doc.passages} highlighted={wanted} />
            )}
          </>
        )}
      </main>
      <footer className="border-t">
        <p className="mx-auto w-full max-w-3xl px-4 py-3 text-muted-foreground text-xs">
          Answers and documents provided by the business through {BRAND_NAME}.
        </p>
      </footer>
    </div>
  );
}
