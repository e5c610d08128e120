import { integrationTexts } from '@helixis/contract';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../workspaces';
import { useAppfolioConnect } from '../api/integrations';
import { ConnectError } from './connect-error';

interface AppfolioConnectModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConnected?: () => void;
}

/** Connect modal for the second system: host without https://, client ID and secret, all required. */
export function AppfolioConnectModal({ open, onOpenChange, onConnected }: AppfolioConnectModalProps) {
  const me = useMe();
  const connect = useAppfolioConnect();
  const [values, setValues] = useState({ host: '', clientId: '', secret: '' });
  const [failure, setFailure] = useState<{ message: string; traceId: string | null; code: string | null } | null>(null);

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const host = values.host.trim().replace(/^https:\/\//i, '');
    if (!host || !values.clientId.trim() || !values.secret.trim()) {
      toast.error(integrationTexts.missingInfoTitle, { description: integrationTexts.missingInfoBody });
      return;
    }
    const workspaceId = me.data?.workspace.id;
    if (!workspaceId) {
      toast.error(integrationTexts.toastWorkspaceRequired, { description: integrationTexts.noWorkspace });
      return;
    }
    try {
      const result = await connect.mutateAsync({
        host,
        clientId: values.clientId.trim(),
        secret: values.secret.trim(),
        workspaceId,
      });
      if (!result.success) {
        toast.error(integrationTexts.toastConnectionFailed, { description: result.error ?? undefined });
        setFailure({ message: result.error ?? '', traceId: result.trace_id, code: result.error_code });
        return;
      }
      toast.success(integrationTexts.toastConnected);
      setValues({ host: '', clientId: '', secret: '' });
      onOpenChange(false);
      onConnected?.();
    } catch (err) {
      const message = err instanceof ApiError && err.status !== 0 ? err.message : integrationTexts.networkError;
      setFailure({ message, traceId: null, code: null });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="appfolio-connect-description">
        <DialogHeader>
          <DialogTitle>Connect AppFolio</DialogTitle>
          <DialogDescription id="appfolio-connect-description">
            Use the Reports API client ID and secret from your AppFolio database.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          aria-label="AppFolio credentials"
          onSubmit={(e) => void submit(e)}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor="appfolio-host">Host</Label>
            <Input
              id="appfolio-host"
              placeholder="yourcompany.appfolio.com"
              value={values.host}
              onChange={set('host')}
            />
            <p className="text-muted-foreground text-xs">Enter the host without https://</p>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="appfolio-client-id">Client ID</Label>
            <Input id="appfolio-client-id" autoComplete="off" value={values.clientId} onChange={set('clientId')} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="appfolio-secret">Secret</Label>
            <Input
              id="appfolio-secret"
              type="password"
              autoComplete="off"
              value={values.secret}
              onChange={set('secret')}
            />
          </div>
          {failure ? (
            <ConnectError provider="appfolio" message={failure.message} traceId={failure.traceId} errorCode={null} />
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={connect.isPending}>
              {connect.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {connect.isPending ? 'Connecting...' : 'Connect'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
