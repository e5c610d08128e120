import { CircleAlert, FolderOpen } from 'lucide-react';
import { PageStatus } from '../../../components/page-status';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDocuments } from '../api/documents';
import { DocumentsTable } from '../components/documents-table';
import { SearchPanel } from '../components/search-panel';
import { UploadPanel } from '../components/upload-panel';

/** /documents (managers and owners): upload, watch processing live, delete. */
export function DocumentsPage() {
  useDocumentTitle('Documents');
  const documents = useDocuments();
  const list = documents.data?.documents;

  return (
    <div className="mx-auto flex w-full min-w-0 max-w-5xl flex-col gap-6 p-4 md:p-8">
      <header className="space-y-1">
        <h1 className="font-semibold text-2xl tracking-tight">Documents</h1>
        <p className="text-muted-foreground text-sm">
          The files and pages your assistant knows. Open one to read it passage by passage, as answers cite it.
        </p>
      </header>

      <UploadPanel documents={list} />

      {list?.some((d) => d.status === 'READY') ? <SearchPanel /> : null}

      {/* min-w-0: the table scrolls inside the card on a phone instead of widening the page. */}
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h2">Your documents</CardTitle>
          <CardDescription>
            {documents.data
              ? `${documents.data.total} ${documents.data.total === 1 ? 'document' : 'documents'}, newest first. Status updates live.`
              : 'Newest first. Status updates live.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {documents.isPending ? (
            <PageStatus label="Loading documents…" />
          ) : documents.isError ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <div className="flex flex-1 flex-wrap items-center justify-between gap-3">
                <span>{documents.error.message}</span>
                <Button variant="outline" size="sm" onClick={() => void documents.refetch()}>
                  Try again
                </Button>
              </div>
            </Alert>
          ) : list && list.length > 0 ? (
            <DocumentsTable documents={list} />
          ) : (
            <div className="flex flex-col items-center gap-2 py-10 text-center" data-testid="documents-empty">
              <FolderOpen aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="font-medium">No documents yet</p>
              <p className="max-w-sm text-muted-foreground text-sm">
                Upload a price list, a resident handbook or your FAQ, and your assistant will answer from it.
              </p>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
