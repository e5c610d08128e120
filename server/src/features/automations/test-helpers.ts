import type { TestApp } from '../../test/app';

/** Puts one-hour "Showing" events at these times into the workspace calendar (as an ICS import would). */
export async function insertBusySlots(t: Pick<TestApp, 'database'>, workspaceId: string, slots: Date[]): Promise<void> {
  const [imp] = await t.database.query<{ id: string }>(
    `insert into calendar_imports (workspace_id, source_type, status, events) values ($1, 'file', 'completed', $2) returning id`,
    [workspaceId, slots.length],
  );
  for (const slot of slots) {
    await t.database.query(
      `insert into calendar_events (workspace_id, import_id, uid, summary, starts_at, ends_at)
       values ($1, $2, $3, 'Showing', $4, $5)`,
      [
        workspaceId,
        imp?.id,
        slot.toISOString(),
        slot.toISOString(),
        new Date(slot.getTime() + 3_600_000).toISOString(),
      ],
    );
  }
}
