import { workspaceErrors } from '@helixis/contract';
import { CircleAlert, CircleCheck, RefreshCw, Wrench } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useBootstrapAccount } from '../api/bootstrap-account';

export type RepairState = 'idle' | 'repairing' | 'success' | 'error';

const stateFor = { idle: 'idle', pending: 'repairing', success: 'success', error: 'error' } as const;

/** Re-runs the idempotent account bootstrap when a workspace, membership or default assistant is missing. */
export function WorkspaceRepairPanel() {
  const repair = useBootstrapAccount();
  const state: RepairState = stateFor[repair.status];

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <Wrench aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Workspace repair</CardTitle>
        </div>
        <CardDescription>
          If your workspace, your access to it or your default assistant seems to be missing, run a repair. It only adds
          what is missing and is safe to run more than once.
        </CardDescription>
      </CardHeader>
      <CardContent aria-live="polite" className={state === 'idle' ? 'pb-0' : undefined}>
        {state === 'repairing' ? <Spinner label="Repairing your workspace..." /> : null}
        {state === 'success' ? (
          <Alert variant="success">
            <CircleCheck aria-hidden="true" />
            <p>{workspaceErrors.repairSuccess}</p>
          </Alert>
        ) : null}
        {state === 'error' ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <p>{workspaceErrors.repairFailed}</p>
          </Alert>
        ) : null}
      </CardContent>
      <CardFooter className="flex-wrap">
        {state === 'success' ? (
          <Button onClick={() => globalThis.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Refresh Page
          </Button>
        ) : (
          <Button variant="outline" onClick={() => repair.mutate()} disabled={state === 'repairing'}>
            <Wrench aria-hidden="true" />
            {state === 'error' ? 'Try repair again' : 'Repair workspace'}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
