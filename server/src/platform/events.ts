import type { RealtimeEvent } from '@helixis/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** Postgres channel that carries every realtime event (payload: the event as JSON, ids only). */
export const EVENTS_CHANNEL = 'helixis_events';

/**
 * Publishes an event inside the caller's transaction: Postgres delivers a NOTIFY only when the
 * transaction commits, so listeners never hear of a change that was rolled back.
 */
export async function publishEvent(tx: Tx, event: RealtimeEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Publishes many events inside the caller's transaction with one statement (bulk ingestion). */
export async function publishEvents(tx: Tx, events: readonly RealtimeEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`
    select pg_notify(${EVENTS_CHANNEL}, e.payload)
      from jsonb_array_elements_text(${JSON.stringify(events.map((e) => JSON.stringify(e)))}::jsonb) as e(payload)`);
}
