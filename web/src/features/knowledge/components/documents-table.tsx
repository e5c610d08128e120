import { DOCUMENT_TITLE_MAX_CHARS, type KnowledgeDocument } from '@helixis/contract';
import { Check, CircleCheck, CircleX, FileText, LoaderCircle, Pencil, Trash2, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/utils';
import { useDeleteDocument, useRenameDocument, useSetDocumentPublic } from '../api/documents';
import { displayStatus, formatCreatedAt, formatKb, titleProblem } from '../format';

/** The document's status badge, with the failure reason or how many passages it has. */
export function StatusCell({ doc }: { doc: KnowledgeDocument }) {
  const status = displayStatus(doc.status);
  const style = {
    READY: 'bg-success/12 text-success',
    PENDING: 'bg-amber-500/12 text-amber-700',
    failed: 'bg-destructive/10 text-destructive',
  }[status];
  const Icon = { READY: CircleCheck, PENDING: LoaderCircle, failed: CircleX }[status];
  return (
    <div className="space-y-1">
      <span
        className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 font-medium text-xs', style)}
        data-testid="document-status"
      >
        <Icon aria-hidden="true" className={cn('size-3.5', status === 'PENDING' && 'animate-spin')} />
        {status}
      </span>
      {status === 'failed' && doc.error ? (
        <p className="min-w-48 max-w-xs text-destructive text-xs" data-testid="document-error">
          {doc.error}
        </p>
      ) : null}
      {status === 'READY' ? (
        <p className="text-muted-foreground text-xs">
          {doc.chunk_count} {doc.chunk_count === 1 ? 'passage' : 'passages'}
        </p>
      ) : null}
    </div>
  );
}

/** Marks a document public: the embeddable chat widget may answer from it (default off). */
export function PublicSwitch({ doc }: { doc: KnowledgeDocument }) {
  const setPublic = useSetDocumentPublic();
  return (
    <div className="flex items-center gap-2 text-muted-foreground text-xs">
      <Switch
        checked={doc.public}
        disabled={setPublic.isPending}
        aria-label={`Public: ${doc.title}`}
        onCheckedChange={(value) =>
          setPublic.mutate(
            { id: doc.id, public: value },
            {
              onSuccess: () =>
                toast.success(value ? 'Document is public' : 'Document is private', {
                  description: value ? 'Your website chat widget may answer from it.' : doc.title,
                }),
              onError: (err) => toast.error('Update failed', { description: err.message }),
            },
          )
        }
      />
      {doc.public ? 'Public' : 'Private'}
    </div>
  );
}

/**
 * The document's title, renamed in place: the pencil opens a text field (Enter or Save keeps it,
 * Escape or Cancel leaves it as it was). Not while the document is still being processed. In the
 * table the title opens the document viewer; on the viewer it is the page heading.
 */
export function TitleCell({ doc, heading = false }: { doc: KnowledgeDocument; heading?: boolean }) {
  const rename = useRenameDocument();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const close = () => {
    setDraft(null);
    setError(null);
    // Back to the button that opened the field, for keyboard users.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    const problem = titleProblem(draft);
    if (problem) {
      setError(problem);
      return;
    }
    const title = draft.trim();
    if (title === doc.title) {
      close();
      return;
    }
    rename.mutate(
      { id: doc.id, title },
      {
        onSuccess: (updated) => {
          close();
          toast.success('Document renamed', { description: updated.title });
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  if (draft !== null) {
    return (
      <form className="flex w-full min-w-60 flex-col gap-1 sm:min-w-72" onSubmit={submit} data-testid="rename-form">
        <div className="flex min-w-0 items-center gap-1">
          <Input
            value={draft}
            autoFocus
            aria-label={`New title for ${doc.title}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            maxLength={DOCUMENT_TITLE_MAX_CHARS + 50}
            disabled={rename.isPending}
            className="h-8 min-w-0 flex-1"
            onChange={(e) => {
              setDraft(e.target.value);
              if (error) setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                close();
              }
            }}
          />
          <Button type="submit" variant="ghost" size="icon" aria-label="Save title" disabled={rename.isPending}>
            <Check aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" aria-label="Cancel renaming" onClick={close}>
            <X aria-hidden="true" />
          </Button>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-destructive text-xs" data-testid="rename-error">
            {error}
          </p>
        ) : null}
      </form>
    );
  }

  return (
    <div className="flex min-w-0 items-start gap-1">
      {heading ? (
        <h1 className="min-w-0 break-words font-semibold text-2xl tracking-tight" data-testid="document-title">
          {doc.title}
        </h1>
      ) : (
        <p className="min-w-0 break-words font-medium" data-testid="document-title">
          <Link to={`/documents/${doc.id}`} className="hover:underline">
            {doc.title}
          </Link>
        </p>
      )}
      {doc.status !== 'PENDING' ? (
        <Button
          ref={editButton}
          variant="ghost"
          size="icon"
          className={cn('size-8 shrink-0 text-muted-foreground', heading ? 'mt-0.5' : '-my-1.5')}
          aria-label={`Rename ${doc.title}`}
          onClick={() => setDraft(doc.title)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}

function DeleteButton({ doc }: { doc: KnowledgeDocument }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteDocument();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${doc.title}`}
        onClick={() => setOpen(true)}
        className="text-muted-foreground hover:text-destructive"
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this document?</DialogTitle>
          <DialogDescription>
            “{doc.title}” and everything your assistant learned from it will be removed. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(doc.id, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success('Document deleted', { description: doc.title });
                },
                onError: (err) => toast.error('Delete failed', { description: err.message }),
              })
            }
          >
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The workspace's documents, newest first: title, size in KB, live status (with the failure reason), date. */
export function DocumentsTable({ documents }: { documents: KnowledgeDocument[] }) {
  return (
    // relative: the header's screen-reader-only label is positioned inside the scrolling box, not against
    // the page (where it made a phone page 606 px wide).
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Documents">
        <thead className="border-b text-muted-foreground text-xs uppercase tracking-wide">
          <tr>
            <th scope="col" className="w-2/5 py-2 pr-4 font-medium">
              Title
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Size
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Added
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Widget
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {documents.map((doc) => (
            <tr key={doc.id} data-testid="document-row" data-document-id={doc.id} className="align-top">
              <td className="py-3 pr-4">
                <div className="flex items-start gap-2">
                  <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  <div className="min-w-0 flex-1">
                    <TitleCell doc={doc} />
                    {doc.source_url ? (
                      <p className="truncate text-muted-foreground text-xs" title={doc.source_url}>
                        {doc.source_url}
                      </p>
                    ) : null}
                  </div>
                </div>
              </td>
              <td className="whitespace-nowrap py-3 pr-4 tabular-nums" data-testid="document-size">
                {formatKb(doc.bytes)}
              </td>
              <td className="py-3 pr-4">
                <StatusCell doc={doc} />
              </td>
              <td className="whitespace-nowrap py-3 pr-4 text-muted-foreground">{formatCreatedAt(doc.created_at)}</td>
              <td className="py-3 pr-4">
                <PublicSwitch doc={doc} />
              </td>
              <td className="py-3 text-right">
                <DeleteButton doc={doc} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
