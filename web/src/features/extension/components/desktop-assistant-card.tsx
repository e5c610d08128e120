import { CLUELY_REFRESH_SECONDS } from '@helixis/contract';
import { Copy, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { useAuth } from '../../../lib/auth-context';
import { useCluelySync, useDeleteDesktopIntegration, useDesktopIntegration } from '../api/extension';

/**
 * The one-click desktop-assistant (cluely) integration: creates a personal
 * script URL; the script queries the workspace's knowledge and refreshes every 5 minutes.
 */
export function DesktopAssistantCard() {
  const { user } = useAuth();
  const integration = useDesktopIntegration();
  const sync = useCluelySync();
  const remove = useDeleteDesktopIntegration();
  const [scriptUrl, setScriptUrl] = useState<string | null>(null);
  const current = integration.data?.integration ?? null;

  const create = async () => {
    if (!user) return;
    try {
      const result = await sync.mutateAsync(user.id);
      setScriptUrl(result.scriptUrl);
      toast.success('Script URL created');
    } catch (err) {
      toast.error('Could not create the script URL', { description: err instanceof Error ? err.message : undefined });
    }
  };

  const deactivate = async () => {
    try {
      await remove.mutateAsync(undefined);
      setScriptUrl(null);
      toast.success('Desktop assistant disconnected');
    } catch (err) {
      toast.error('Could not disconnect', { description: err instanceof Error ? err.message : undefined });
    }
  };

  const copy = async () => {
    if (!scriptUrl) return;
    try {
      await navigator.clipboard.writeText(scriptUrl);
      toast.success('Copied');
    } catch {
      toast.error('Copy failed: select the address and copy it by hand.');
    }
  };

  return (
    <Card data-testid="desktop-assistant-card">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle as="h3" className="flex items-center gap-2">
            <MonitorSmartphone aria-hidden="true" className="size-5 text-primary" />
            Desktop assistant (Cluely)
          </CardTitle>
          {current?.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Not set up</Badge>}
        </div>
        <CardDescription>
          One click creates a personal script for your desktop assistant: it answers from this workspace's knowledge and
          refreshes its copy every {CLUELY_REFRESH_SECONDS / 60} minutes.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {current?.isActive && (
          <p className="text-muted-foreground text-sm" data-testid="desktop-integration-status">
            Created {new Date(current.createdAt).toLocaleString()} · last synced{' '}
            {current.lastSyncedAt ? new Date(current.lastSyncedAt).toLocaleString() : 'never'} · valid until{' '}
            {new Date(current.expiresAt).toLocaleDateString()}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void create()} disabled={sync.isPending || !user}>
            {sync.isPending ? 'Creating...' : current?.isActive ? 'Create a new script URL' : 'Create script URL'}
          </Button>
          {current?.isActive && (
            <Button variant="outline" onClick={() => void deactivate()} disabled={remove.isPending}>
              Disconnect
            </Button>
          )}
        </div>
        {current?.isActive && !scriptUrl && (
          <p className="text-muted-foreground text-xs">
            The script URL is shown only once. Creating a new one stops the old script.
          </p>
        )}
        {scriptUrl && (
          <div className="space-y-2 rounded-md border bg-muted/30 p-3">
            <label htmlFor="desktop-script-url" className="font-medium text-sm">
              Your script URL (keep it private)
            </label>
            <div className="flex gap-2">
              <Input id="desktop-script-url" readOnly value={scriptUrl} className="font-mono text-xs" />
              <Button variant="outline" size="icon" aria-label="Copy script URL" onClick={() => void copy()}>
                <Copy aria-hidden="true" />
              </Button>
            </div>
            <pre className="overflow-x-auto rounded bg-background p-2 text-xs">
              {`curl -o helixis-desktop.mjs "${scriptUrl}"\nnode helixis-desktop.mjs ask "What are our office hours?"\nnode helixis-desktop.mjs sync helixis-context.md`}
            </pre>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
