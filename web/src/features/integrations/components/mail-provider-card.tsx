import { mailTexts } from '@helixis/contract';
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';
import { type MailStatus, useOAuthDisconnect } from '../api/mail';

const NAMES = { gmail: 'Gmail', outlook: 'Outlook' } as const;
const BLURB = {
  gmail: 'Read and send mail from a Google Workspace or Gmail account.',
  outlook: 'Read and send mail from a Microsoft 365 or Outlook.com account.',
} as const;

/** A mailbox card of the Email Integrations page: badge, disabled switch, connect / disconnect. */
export function MailProviderCard({ provider, status }: { provider: 'gmail' | 'outlook'; status: MailStatus }) {
  const entry = status[provider];
  const configured = provider === 'gmail' ? !!status.config.google_client_id : !!status.config.ms_client_id;
  const disconnect = useOAuthDisconnect();
  const name = NAMES[provider];
  const failed = entry.account?.status === 'error';
  return (
    <Card data-testid={`mail-card-${provider}`}>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <div>
            <CardTitle>{name}</CardTitle>
            <CardDescription>{BLURB[provider]}</CardDescription>
          </div>
        </div>
        <div className="flex items-center gap-3">
          <Badge className="whitespace-nowrap" variant={entry.connected ? 'success' : 'secondary'}>
            {entry.connected ? mailTexts.connected : mailTexts.notConnected}
          </Badge>
          <button
            type="button"
            role="switch"
            aria-checked={entry.connected}
            aria-label={`${name} connection`}
            disabled
            className={cn(
              'relative h-5 w-9 rounded-full transition-colors disabled:cursor-not-allowed',
              entry.connected ? 'bg-primary' : 'bg-muted',
            )}
          >
            <span
              className={cn(
                'absolute top-0.5 size-4 rounded-full bg-background shadow transition-all',
                entry.connected ? 'left-[1.125rem]' : 'left-0.5',
              )}
            />
          </button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {entry.account?.account_hint && <p className="text-muted-foreground">Account: {entry.account.account_hint}</p>}
        {failed && (
          <p className="text-destructive" role="alert">
            {entry.account?.last_error ?? 'The connection needs to be renewed.'} Please reconnect.
          </p>
        )}
        {!configured && (
          <p className="text-muted-foreground">
            {provider === 'gmail' ? mailTexts.gmailNotConfigured : mailTexts.microsoftNotConfigured}.
          </p>
        )}
        <div className="flex gap-2">
          {(!entry.connected || failed) && configured && (
            <Link
              className={buttonVariants({ size: 'sm' })}
              to={`/oauth/${provider}/start?return_to=${encodeURIComponent('/integrations/email')}`}
            >
              {failed ? `Reconnect ${name}` : `Connect ${name}`}
            </Link>
          )}
          {entry.account && (
            <Button
              size="sm"
              variant="outline"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(provider, {
                  onSuccess: () => toast.success(`${name} disconnected`),
                  onError: (err) => toast.error(`Could not disconnect ${name}`, { description: err.message }),
                })
              }
            >
              Disconnect
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
