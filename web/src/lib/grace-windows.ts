import { GRACE_BOOTSTRAP_MS, GRACE_INTEGRATION_MS, GRACE_SUMMARY_MS } from '@helixis/contract';

/**
 * Grace windows of the route guard: right after connecting an integration, bootstrapping a
 * workspace or generating the business summary, the session is not re-validated, so a slow token
 * refresh during that work cannot bounce the user to sign-in. Features call `markGrace` when they start.
 */
export type GraceKind = 'integration' | 'bootstrap' | 'summary';

export const graceWindowMs: Record<GraceKind, number> = {
  integration: GRACE_INTEGRATION_MS,
  bootstrap: GRACE_BOOTSTRAP_MS,
  summary: GRACE_SUMMARY_MS,
};

const keyFor = (kind: GraceKind) => `grace_${kind}_at`;

export function markGrace(kind: GraceKind, now: number = Date.now()): void {
  globalThis.localStorage.setItem(keyFor(kind), String(now));
}

/** The grace window the moment `now` falls in, or null. */
export function activeGrace(now: number = Date.now()): GraceKind | null {
  for (const kind of Object.keys(graceWindowMs) as GraceKind[]) {
    const at = Number(globalThis.localStorage.getItem(keyFor(kind)) ?? Number.NaN);
    if (Number.isFinite(at) && now - at >= 0 && now - at < graceWindowMs[kind]) return kind;
  }
  return null;
}
