import { WIDGET_SCRIPT_PATH } from '@helixis/contract';
import { Copy, RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useRegenerateWidget, useWidget } from '../api/overview';

/** The snippet an owner pastes into their own site: the widget script with this workspace's public id. */
export function widgetSnippet(origin: string, publicId: string): string {
  return `<script src="${origin}${WIDGET_SCRIPT_PATH}" data-workspace="${publicId}"></script>`;
}

/** Quick Actions → Deploy New Chatbot: the embeddable widget snippet, its public documents and a new id. */
export function DeployChatbotDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const widget = useWidget(open);
  const regenerate = useRegenerateWidget();
  const snippet = widget.data ? widgetSnippet(globalThis.location.origin, widget.data.public_id) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success('Snippet copied');
    } catch {
      toast.error('Could not copy. Select the snippet and copy it by hand.');
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Deploy New Chatbot</DialogTitle>
          <DialogDescription>
            Paste this snippet into your website's HTML. Visitors get a chat button that answers only from documents you
            marked public.
          </DialogDescription>
        </DialogHeader>
        {widget.isPending ? (
          <Spinner label="Preparing your widget" />
        ) : widget.isError ? (
          <p role="alert" className="text-destructive text-sm">
            Failed to load the widget: {widget.error.message}
          </p>
        ) : (
          <div className="space-y-3">
            <pre
              className="overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-muted px-3 py-2 font-mono text-xs"
              data-testid="widget-snippet"
            >
              {snippet}
            </pre>
            <p className="text-sm" data-testid="widget-public-docs">
              {widget.data.public_documents === 0 ? (
                <span className="text-destructive">
                  No document is public yet: the chatbot cannot answer anything until you mark some on{' '}
                  <Link className="underline" to="/documents">
                    Documents
                  </Link>
                  .
                </span>
              ) : (
                `${widget.data.public_documents} public ${widget.data.public_documents === 1 ? 'document' : 'documents'} can be answered from.`
              )}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void copy()}>
                <Copy aria-hidden="true" /> Copy snippet
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={regenerate.isPending}
                onClick={() =>
                  regenerate.mutate(undefined, {
                    onSuccess: () => toast.success('New widget id created. The old snippet no longer works.'),
                    onError: (err) => toast.error('Failed to regenerate', { description: err.message }),
                  })
                }
              >
                <RefreshCw aria-hidden="true" /> Regenerate id
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
