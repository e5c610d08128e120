import { mailTexts } from '@helixis/contract';
import { Check } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEmailIntake, useMailStatus } from '../api/mail';
import { MailAliasCard } from '../components/mail-alias-card';
import { MailCalendarImport } from '../components/mail-calendar-import';
import { MailProviderCard } from '../components/mail-provider-card';

/** /integrations/email: Gmail and Outlook cards, the feature list when connected, alias and calendar. */
export function EmailIntegrationsPage() {
  useDocumentTitle('Email integrations');
  const status = useMailStatus();
  const intake = useEmailIntake();
  const [params, setParams] = useSearchParams();

  // The mail return: provider=gmail with ok=1 or a reason.
  useEffect(() => {
    const provider = params.get('provider');
    if (!provider) return;
    const name = provider === 'outlook' ? 'Outlook' : 'Gmail';
    if (params.get('ok') === '1') toast.success(provider === 'gmail' ? mailTexts.gmailConnected : `${name} connected`);
    else toast.error(`${name} connect failed: ${params.get('reason') || 'unknown'}`, { duration: 10_000 });
    setParams({}, { replace: true });
  }, [params, setParams]);

  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 p-6">
      <header>
        <h1 className="font-semibold text-2xl">Email integrations</h1>
        <p className="text-muted-foreground">Connect a mailbox so your assistant can read, sort and draft replies.</p>
      </header>
      {status.isPending && <Spinner label="Loading mail connections..." />}
      {status.isError && (
        <Alert variant="destructive" role="alert" className="flex-col">
          <p>Could not load your mail connections: {status.error.message}</p>
          <Button size="sm" variant="outline" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {status.data && (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <MailProviderCard provider="gmail" status={status.data} />
            <MailProviderCard provider="outlook" status={status.data} />
          </div>
          {(status.data.gmail.connected || status.data.outlook.connected) && (
            <Card data-testid="mail-features">
              <CardHeader className="flex flex-row items-center justify-between gap-3">
                <CardTitle>What your assistant can do with your mail</CardTitle>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={intake.isPending}
                  onClick={() =>
                    intake.mutate(undefined, {
                      onSuccess: (r) => {
                        const imported = r.providers.reduce((n, p) => n + p.imported, 0);
                        const failed = r.providers.filter((p) => p.error);
                        if (failed.length)
                          toast.error('Intake incomplete', { description: failed.map((p) => p.error).join(' ') });
                        else toast.success(`Intake finished: ${imported} new message${imported === 1 ? '' : 's'}`);
                      },
                      onError: (err) => toast.error('Intake failed', { description: err.message }),
                    })
                  }
                >
                  {intake.isPending ? 'Reading mail...' : 'Run intake now'}
                </Button>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-2 sm:grid-cols-2">
                  {mailTexts.features.map((feature) => (
                    <li key={feature} className="flex items-center gap-2 text-sm">
                      <Check aria-hidden="true" className="size-4 text-success" />
                      <span className="first-letter:uppercase">{feature}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}
          <MailAliasCard status={status.data} />
          <MailCalendarImport status={status.data} />
        </>
      )}
    </main>
  );
}
