import type { KnowledgeDocument } from '@helixis/contract';
import { CircleCheck, CircleX, FileText, LoaderCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
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
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/utils';
import { useSetDocumentPublic } from '../../dashboard/api/overview';
import { useDeleteDocument } from '../api/documents';
import { displayStatus, formatCreatedAt, formatKb } from '../format';

function StatusCell({ doc }: { doc: KnowledgeDocument }) {
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
          {doc.chunk_count} {doc.chunk_count === 1 ? 'chunk' : 'chunks'}
        </p>
      ) : null}
    </div>
  );
}

/** Marks a document public: the embeddable chat widget may answer from it (default off). */
function PublicSwitch({ doc }: { doc: KnowledgeDocument }) {
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
    <div className="overflow-x-auto">
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
                  <div className="min-w-0">
                    <p className="break-words font-medium" data-testid="document-title">
                      {doc.title}
                    </p>
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
