import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useApprovals, useAutomations } from '../api/automations';
import { AddAutomationDialog } from '../components/add-automation-dialog';
import { ApprovalsPanel } from '../components/approvals-panel';
import { AutomationDrawer } from '../components/automation-drawer';
import { AutomationRow } from '../components/automation-row';

const OAUTH_RETURN_PARAMS = ['gmail', 'ms', 'provider', 'ok', 'reason'];

/** /automations: the workspace's automations, their status and runs. */
export function AutomationsPage() {
  useDocumentTitle('Automations');
  const list = useAutomations();
  const [openId, setOpenId] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const open = list.data?.automations.find((a) => a.id === openId) ?? null;
  const pending = useApprovals('pending').data?.pending ?? 0;
  const view = params.get('view') === 'approvals' ? 'approvals' : 'automations';

  // Back from e-mail OAuth (gmail=success / ms=success, or the mail return's provider=…&ok=1): the
  // server reads the new connection on the next list; the parameters are then removed.
  const { refetch } = list;
  useEffect(() => {
    if (!OAUTH_RETURN_PARAMS.some((p) => params.has(p))) return;
    void refetch();
    setParams({}, { replace: true });
  }, [params, setParams, refetch]);

  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-6 p-6">
      <Link
        to="/final-dashboard"
        className="flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to dashboard
      </Link>
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-semibold text-2xl">Automations</h1>
          <p className="text-muted-foreground">
            Assistants that handle your inbox, texts, missed calls and rescheduling. Nothing is sent without your
            approval.
          </p>
        </div>
        <AddAutomationDialog />
      </header>
      <Tabs
        value={view}
        onValueChange={(v) => setParams(v === 'approvals' ? { view: 'approvals' } : {}, { replace: true })}
      >
        <TabsList className="max-w-md">
          <TabsTrigger value="automations">Automations</TabsTrigger>
          <TabsTrigger value="approvals">Approvals{pending > 0 ? ` (${pending})` : ''}</TabsTrigger>
        </TabsList>
        <TabsContent value="automations" className="mt-4 flex flex-col gap-3">
          {list.isPending && <Spinner label="Loading automations..." />}
          {list.isError && (
            <Alert variant="destructive" role="alert" className="flex-col">
              <p>Could not load automations: {list.error.message}</p>
              <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
          {list.data && list.data.automations.length === 0 && (
            <div className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">
              No automations yet. Add one to let your assistant draft replies for your approval.
            </div>
          )}
          {list.data && list.data.automations.length > 0 && (
            <ul className="flex flex-col gap-3">
              {list.data.automations.map((a) => (
                <AutomationRow key={a.id} automation={a} onOpen={() => setOpenId(a.id)} />
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="approvals" className="mt-4">
          <ApprovalsPanel />
        </TabsContent>
      </Tabs>
      <AutomationDrawer automation={open} onClose={() => setOpenId(null)} />
    </main>
  );
}
