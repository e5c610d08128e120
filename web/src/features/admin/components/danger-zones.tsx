import { adminMessages, type DeleteAllUsersOutput } from '@helixis/contract';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { getAccessToken } from '../../../lib/auth-client';
import { useDeleteAllUsers, useOperatorStatus } from '../api/admin';

/** The page reloads 2 s after delete-all-users through the function client. */
const RELOAD_AFTER_MS = 2_000;

function resultText(result: DeleteAllUsersOutput): { title: string; description?: string } {
  return {
    title: adminMessages.deleted(result.usersDeleted),
    ...(result.errors > 0 ? { description: adminMessages.errors(result.errors) } : {}),
  };
}

/** First danger zone: the function client, a confirmation dialog, then storage cleared and a reload. */
function DeleteAllUsersZone() {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAllUsers();
  const run = () =>
    remove.mutate(undefined, {
      onSuccess: (result) => {
        setOpen(false);
        const { title, description } = resultText(result);
        toast.success(title, description ? { description } : undefined);
        globalThis.localStorage.clear();
        globalThis.sessionStorage.clear();
        globalThis.setTimeout(() => globalThis.location.reload(), RELOAD_AFTER_MS);
      },
      onError: (err) => {
        setOpen(false);
        toast.error(adminMessages.failed, { description: err.message });
      },
    });
  return (
    <Card className="border-destructive/50" data-testid="danger-zone-dialog">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-destructive">
          <TriangleAlert aria-hidden="true" className="size-5" />
          Danger zone: delete all users
        </CardTitle>
        <CardDescription>
          Deletes every account on this server except yours, with the workspaces they own and everything in them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete all users
        </Button>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{adminMessages.confirmTitle}</DialogTitle>
              <DialogDescription>
                This permanently deletes every user account except yours. It cannot be undone.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button variant="destructive" disabled={remove.isPending} onClick={run}>
                {remove.isPending ? 'Deleting...' : 'Yes, delete all users'}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

/** Second danger zone: a browser confirm, a direct call with the session's bearer token, the raw result shown. */
function DirectDeleteZone() {
  const [output, setOutput] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!globalThis.confirm('Delete every user account except yours? This cannot be undone.')) return;
    setBusy(true);
    try {
      const token = await getAccessToken();
      const response = await fetch('/functions/v1/delete-all-users', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: '{}',
      });
      const text = await response.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON: show it as it came
      }
      setOutput(shown);
    } catch (err) {
      setOutput(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="border-destructive/50" data-testid="danger-zone-direct">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-destructive">
          <TriangleAlert aria-hidden="true" className="size-5" />
          Danger zone: direct function call
        </CardTitle>
        <CardDescription>Calls delete-all-users directly and shows the server's raw answer.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div>
          <Button variant="destructive" disabled={busy} onClick={() => void run()}>
            {busy ? 'Calling...' : 'Call delete-all-users'}
          </Button>
        </div>
        {output !== null ? (
          <pre
            data-testid="function-result"
            className="max-h-60 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs"
          >
            {output}
          </pre>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The /admin danger zones, shown only when the server says the caller is a platform operator. */
export function DangerZones() {
  const operator = useOperatorStatus();
  if (!operator.data?.operator) return null;
  return (
    <section aria-label="Platform administration" className="flex flex-col gap-4">
      <DeleteAllUsersZone />
      <DirectDeleteZone />
    </section>
  );
}
