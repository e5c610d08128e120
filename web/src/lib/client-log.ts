import { CLIENT_LOG_PATH, type ClientLogInput, type ClientLogKind, MAX_CLIENT_LOG_BYTES } from '@helixis/contract';

const reported = new Set<string>();

function cut(text: string | undefined, max: number): string | undefined {
  if (!text) return undefined;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The report for one crash, trimmed so the whole body stays under the server's MAX_CLIENT_LOG_BYTES. */
export function crashReport(
  error: unknown,
  kind: ClientLogKind,
  boundary: ClientLogInput['boundary'],
  componentStack?: string | null,
): ClientLogInput {
  const message = (error instanceof Error ? error.message || error.name : String(error)).trim() || 'Unknown error';
  const report: ClientLogInput = {
    kind,
    boundary,
    message: cut(message, 2_000) ?? 'Unknown error',
    stack: cut(error instanceof Error ? error.stack : undefined, 8_000),
    componentStack: cut(componentStack ?? undefined, 4_000),
    path: cut(globalThis.location.pathname + globalThis.location.search, 1_000) ?? '/',
  };
  // Multi-byte text can still overshoot; drop the longest optional parts until it fits.
  const bytes = (value: ClientLogInput) => new TextEncoder().encode(JSON.stringify(value)).length;
  if (bytes(report) > MAX_CLIENT_LOG_BYTES) report.stack = undefined;
  if (bytes(report) > MAX_CLIENT_LOG_BYTES) report.componentStack = undefined;
  return report;
}

/**
 * Sends a crash to POST /__client-log, once per distinct message and page load. Never throws: a crash
 * report that cannot be sent must not cause a second crash.
 */
export function reportCrash(report: ClientLogInput): void {
  const key = `${report.boundary}:${report.message}`;
  if (reported.has(key)) return;
  reported.add(key);
  try {
    void fetch(CLIENT_LOG_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      // Lets the report finish even when the user reloads right away.
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself unavailable: nothing more to do
  }
}
