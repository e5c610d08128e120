import type { ExtensionToken } from '@helixis/contract';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useExtensionTokens, useRevokeExtensionToken } from '../api/extension';

const KIND_LABELS: Record<ExtensionToken['kind'], string> = {
  extension: 'Browser extension',
  desktop: 'Desktop assistant',
};

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
    : '—';

function status(token: ExtensionToken): { label: string; variant: 'success' | 'secondary' | 'outline' } {
  if (token.revokedAt) return { label: 'Revoked', variant: 'secondary' };
  if (!token.live) return { label: 'Expired', variant: 'outline' };
  return { label: 'Active', variant: 'success' };
}

/** The workspace tokens the caller may see (own; managers all), each revocable at once. */
export function ExtensionTokensList() {
  const tokens = useExtensionTokens();
  const revoke = useRevokeExtensionToken();

  if (tokens.isPending) return <p className="text-muted-foreground text-sm">Loading...</p>;
  if (tokens.isError) return <p className="text-destructive text-sm">Could not load the tokens.</p>;
  if (tokens.data.tokens.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">No tokens yet. Connect the extension or create a script URL.</p>
    );
  }

  const onRevoke = async (id: string) => {
    try {
      await revoke.mutateAsync(id);
      toast.success('Token revoked');
    } catch (err) {
      toast.error('Could not revoke the token', { description: err instanceof Error ? err.message : undefined });
    }
  };

  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-left text-sm" data-testid="extension-tokens">
        <thead className="bg-muted/40 text-muted-foreground text-xs">
          <tr>
            <th className="px-3 py-2 font-medium">Kind</th>
            <th className="px-3 py-2 font-medium">Member</th>
            <th className="px-3 py-2 font-medium">Expires</th>
            <th className="px-3 py-2 font-medium">Last used</th>
            <th className="px-3 py-2 font-medium">Status</th>
            <th className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.data.tokens.map((token) => {
            const s = status(token);
            return (
              <tr key={token.id} className="border-t">
                <td className="px-3 py-2 whitespace-nowrap" title={`Created ${when(token.createdAt)}`}>
                  {KIND_LABELS[token.kind]}
                </td>
                <td className="max-w-48 truncate px-3 py-2">{token.mine ? 'You' : (token.userEmail ?? '—')}</td>
                <td className="px-3 py-2 whitespace-nowrap">{when(token.expiresAt)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{when(token.lastUsedAt)}</td>
                <td className="px-3 py-2">
                  <Badge variant={s.variant}>{s.label}</Badge>
                </td>
                <td className="px-3 py-2 text-right">
                  {token.live && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={revoke.isPending}
                      onClick={() => void onRevoke(token.id)}
                    >
                      Revoke
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
