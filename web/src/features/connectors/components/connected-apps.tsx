import { connectorTexts } from '@helixis/contract';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { CatalogEntry, StatusEntry } from '../api/connectors';
import { ConnectorLogo } from './connector-logo';

/** The Connected Apps list, each with a Manage button (opens the configure sheet). */
export function ConnectedApps({
  catalog,
  statuses,
  onManage,
}: {
  catalog: readonly CatalogEntry[];
  statuses: readonly StatusEntry[];
  onManage: (kind: string) => void;
}) {
  const rows = statuses
    .filter((s) => s.status !== 'disconnected')
    .map((s) => ({ status: s, entry: catalog.find((e) => e.kind === s.kind) }))
    .filter((r): r is { status: StatusEntry; entry: CatalogEntry } => r.entry !== undefined);
  return (
    <Card data-testid="connected-apps">
      <CardHeader>
        <CardTitle>{connectorTexts.connectedApps}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-muted-foreground text-sm">{connectorTexts.noConnectedApps}</p>
        ) : (
          <ul className="divide-y">
            {rows.map(({ entry, status }) => (
              <li key={entry.kind} className="flex items-center gap-3 py-3">
                <ConnectorLogo src={entry.logo_url} name={entry.name} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{entry.name}</p>
                  <p className="truncate text-muted-foreground text-xs">{status.account ?? entry.category}</p>
                </div>
                {status.status === 'connected' ? (
                  <Badge variant="success">Connected</Badge>
                ) : (
                  <Badge variant="outline" className="border-destructive text-destructive">
                    Needs attention
                  </Badge>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onManage(entry.kind)}
                  aria-label={`Manage ${entry.name}`}
                >
                  Manage
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
