import { Copy, Inbox } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { type MailStatus, useCreateEmailAlias } from '../api/mail';

/** The workspace's inbound address: forward mail to it and the assistant learns from it. */
export function MailAliasCard({ status }: { status: MailStatus }) {
  const create = useCreateEmailAlias();
  const address = status.alias.address;
  return (
    <Card data-testid="mail-alias-card">
      <CardHeader className="flex flex-row items-start gap-3">
        <Inbox aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div>
          <CardTitle>Inbound e-mail alias</CardTitle>
          <CardDescription>Forward or copy mail to this address; Helixis stores it and learns from it.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {address ? (
          <>
            <div className="flex items-center gap-2">
              <code className="rounded bg-muted px-2 py-1" data-testid="mail-alias-address">
                {address}
              </code>
              <Button
                size="sm"
                variant="ghost"
                aria-label="Copy address"
                onClick={() => {
                  void navigator.clipboard?.writeText(address);
                  toast.success('Address copied');
                }}
              >
                <Copy aria-hidden="true" className="size-4" />
              </Button>
            </div>
            <p className="text-muted-foreground">
              {status.alias.received === 0
                ? 'No mail received yet.'
                : `${status.alias.received} message${status.alias.received === 1 ? '' : 's'} received.`}
            </p>
          </>
        ) : (
          <div>
            <Button
              size="sm"
              disabled={create.isPending}
              onClick={() =>
                create.mutate(undefined, {
                  onError: (err) => toast.error('Could not create the alias', { description: err.message }),
                })
              }
            >
              {create.isPending ? 'Creating...' : 'Create Alias'}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
