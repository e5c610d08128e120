import { connectorTexts } from '@helixis/contract';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { type CatalogEntry, type StatusEntry, useDisconnect } from '../api/connectors';
import { CachePolicyTab } from './cache-policy-tab';
import { ConnectorLogo } from './connector-logo';
import { CredentialsForm } from './credentials-form';
import { FieldsTab } from './fields-tab';
import { RelationshipTestTab } from './relationship-test-tab';

/** Connectors whose connection this page may remove (the property systems are managed on their settings page). */
const DISCONNECTABLE = new Set(['hubspot', 'jobber', 'shopify', 'gmail', 'outlook']);

/** The configure side sheet: Scopes & Fields, Cache Policy, Test (and the API-key form first). */
export function ConfigureSheet({
  entry,
  status,
  onClose,
}: {
  entry: CatalogEntry;
  status: StatusEntry | undefined;
  onClose: () => void;
}) {
  const connected = status?.status === 'connected';
  const disconnect = useDisconnect();
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/40" />
        <DialogPrimitive.Content
          data-testid="configure-sheet"
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-lg flex-col gap-4 overflow-y-auto border-l bg-card p-6 shadow-lg focus-visible:outline-none"
        >
          <div className="flex items-start gap-3 pr-8">
            <ConnectorLogo src={entry.logo_url} name={entry.name} />
            <div className="min-w-0 flex-1">
              <DialogPrimitive.Title className="font-semibold text-lg">Configure {entry.name}</DialogPrimitive.Title>
              <DialogPrimitive.Description className="text-muted-foreground text-sm">
                {entry.blurb}
              </DialogPrimitive.Description>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                {connected ? (
                  <Badge variant="success">Connected{status?.account ? ` · ${status.account}` : ''}</Badge>
                ) : status?.status === 'error' ? (
                  <Badge variant="outline" className="border-destructive text-destructive">
                    Needs attention
                  </Badge>
                ) : (
                  <Badge variant="outline">Not connected</Badge>
                )}
              </div>
              {status?.status === 'error' && status.last_error && (
                <p className="mt-1 text-destructive text-sm">{status.last_error}</p>
              )}
            </div>
          </div>
          <DialogPrimitive.Close className="absolute top-4 right-4 cursor-pointer rounded-sm opacity-70 hover:opacity-100">
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>

          {entry.auth === 'api_key' && !connected && <CredentialsForm entry={entry} />}

          <Tabs defaultValue="fields">
            <TabsList>
              <TabsTrigger value="fields">{connectorTexts.tabFields}</TabsTrigger>
              <TabsTrigger value="cache">{connectorTexts.tabCache}</TabsTrigger>
              <TabsTrigger value="test">{connectorTexts.tabTest}</TabsTrigger>
            </TabsList>
            <TabsContent value="fields">
              <FieldsTab kind={entry.kind} />
            </TabsContent>
            <TabsContent value="cache">
              <CachePolicyTab kind={entry.kind} />
            </TabsContent>
            <TabsContent value="test">
              <RelationshipTestTab entry={entry} connected={connected} />
            </TabsContent>
          </Tabs>

          {connected && DISCONNECTABLE.has(entry.kind) && (
            <div className="mt-auto border-t pt-4">
              <Button
                variant="outline"
                size="sm"
                disabled={disconnect.isPending}
                onClick={() =>
                  disconnect.mutate(entry.kind, {
                    onSuccess: () => toast.success(`${entry.name} disconnected`),
                    onError: (err) => toast.error('Disconnect failed', { description: err.message }),
                  })
                }
              >
                Disconnect {entry.name}
              </Button>
            </div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
