import { PROPERTY_SYSTEM_NAMES, PROPERTY_SYSTEM_PERMISSIONS, type PropertyProvider } from '@helixis/contract';
import { CircleAlert, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** A failed connection as the screens keep it. */
export interface ConnectFailure {
  message: string;
  traceId: string | null;
  /** HTTP status of the failing upstream call: 401/403 list the view permissions the key needs. */
  httpStatus: number | null;
  errorCode: string | null;
}

interface ConnectErrorProps {
  /** The system being connected (its permission list is shown on 401/403). */
  provider: PropertyProvider;
  failure: ConnectFailure;
}

/** A failed connection: the spec's message, the trace ID with a copy button, and on 401/403 the needed permissions. */
export function ConnectError({ provider, failure }: ConnectErrorProps) {
  const { message, traceId, httpStatus, errorCode } = failure;
  const permissions = PROPERTY_SYSTEM_PERMISSIONS[provider];
  const needsPermissions =
    permissions.length > 0 &&
    (httpStatus === 401 || httpStatus === 403 || errorCode === 'auth_invalid' || errorCode === 'insufficient_scope');
  const copy = async () => {
    if (!traceId) return;
    try {
      await navigator.clipboard.writeText(traceId);
      toast.success('Trace ID copied');
    } catch {
      toast.error('Could not copy the trace ID');
    }
  };
  return (
    <Alert variant="destructive" role="alert" className="flex-col">
      <div className="flex gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>{message}</p>
      </div>
      {traceId ? (
        <div className="flex flex-wrap items-center gap-2 text-foreground text-xs">
          <span>Trace ID:</span>
          <code className="rounded bg-muted px-1.5 py-0.5" data-testid="trace-id">
            {traceId}
          </code>
          <Button size="sm" variant="ghost" onClick={() => void copy()} aria-label="Copy trace ID">
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
      ) : null}
      {needsPermissions ? (
        <div className="text-foreground text-sm">
          <p>Your {PROPERTY_SYSTEM_NAMES[provider]} API key needs view permissions on:</p>
          <ul className="mt-1 list-disc pl-5">
            {permissions.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </Alert>
  );
}
