import { accountMessages, DELETE_ACCOUNT_CONFIRMATION } from '@helixis/contract';
import { Eraser, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { AUTH_STORAGE_KEY } from '../../../lib/auth-storage';
import { ResetOnboardingCard } from '../../onboarding';
import { useDeleteAccount } from '../api/account';

/** Clears what this browser keeps for the app (drafts, flags, preferences) but keeps the user signed in. */
function clearLocalData(): void {
  const keep = new Set(Object.keys(globalThis.localStorage).filter((key) => key.startsWith(AUTH_STORAGE_KEY)));
  for (const key of Object.keys(globalThis.localStorage)) if (!keep.has(key)) globalThis.localStorage.removeItem(key);
  globalThis.sessionStorage.clear();
}

function DeleteAccountCard() {
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const confirmed = typed.trim() === DELETE_ACCOUNT_CONFIRMATION;
  const run = () =>
    remove.mutate(typed, {
      onSuccess: () => {
        toast.success(accountMessages.deleted);
        globalThis.localStorage.clear();
        globalThis.sessionStorage.clear();
        globalThis.location.assign('/');
      },
      onError: (err) => toast.error(err instanceof Error ? err.message : 'Could not delete the account.'),
    });
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-destructive">
          <TriangleAlert aria-hidden="true" className="size-5" />
          {accountMessages.deleteTitle}
        </CardTitle>
        <CardDescription>
          Deletes your account for good. Workspaces you are the only owner of go with every document, fact, chat, task,
          connection and automation in them. Where someone else owns the workspace only your membership ends. This
          cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="delete-confirmation">{accountMessages.deleteConfirmHint}</Label>
          <Input
            id="delete-confirmation"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={DELETE_ACCOUNT_CONFIRMATION}
            className="w-48"
          />
        </div>
        <Button variant="destructive" disabled={!confirmed || remove.isPending} onClick={run}>
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Settings → Data: clear this browser's data, reset onboarding, delete the account with everything in it. */
export function DataSection() {
  return (
    <section aria-label="Data" className="flex flex-col gap-4">
      <h2 className="font-semibold text-lg">Data</h2>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Clear local data</CardTitle>
          <CardDescription>
            Removes what this browser saved for Helixis (drafts, flags, preferences). You stay signed in; nothing on the
            server changes.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            variant="outline"
            onClick={() => {
              clearLocalData();
              toast.success(accountMessages.localCleared);
            }}
          >
            <Eraser aria-hidden="true" />
            Clear local data
          </Button>
        </CardContent>
      </Card>
      <ResetOnboardingCard />
      <DeleteAccountCard />
    </section>
  );
}
