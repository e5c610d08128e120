import { DEFAULT_WIDGET_APPEARANCE, type WidgetAppearance, type WidgetPosition } from '@helixis/contract';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client';

export async function findWidget(db: Queryable, workspaceId: string): Promise<string | null> {
  const [row] = await rowsOf<{ public_id: string }>(
    db,
    sql`select public_id from chat_widgets where workspace_id = ${workspaceId}::uuid`,
  );
  return row?.public_id ?? null;
}

/** Creates the widget id, or replaces it (the old id stops resolving in the same statement). */
export async function saveWidget(
  db: Queryable,
  workspaceId: string,
  publicId: string,
  userId: string | null,
  replace: boolean,
): Promise<string> {
  const [row] = replace
    ? await rowsOf<{ public_id: string }>(
        db,
        sql`insert into chat_widgets (workspace_id, public_id, created_by) values (${workspaceId}::uuid, ${publicId}, ${userId}::uuid)
            on conflict (workspace_id) do update set public_id = excluded.public_id, created_by = excluded.created_by,
               created_at = now()
            returning public_id`,
      )
    : await rowsOf<{ public_id: string }>(
        db,
        sql`insert into chat_widgets (workspace_id, public_id, created_by) values (${workspaceId}::uuid, ${publicId}, ${userId}::uuid)
            on conflict (workspace_id) do update set public_id = chat_widgets.public_id
            returning public_id`,
      );
  if (!row) throw new Error('widget upsert returned nothing');
  return row.public_id;
}

/** The one cross-tenant read of the widget: which workspace a public id belongs to (run as system). */
export async function workspaceOfWidget(db: Queryable, publicId: string): Promise<string | null> {
  const [row] = await rowsOf<{ workspace_id: string }>(
    db,
    sql`select workspace_id from chat_widgets where public_id = ${publicId}`,
  );
  return row?.workspace_id ?? null;
}

/**
 * The workspace behind a widget id and the business name a visitor may see (run as system). The name is
 * withheld (null) while it is still the sign-up default, which is made from the owner's e-mail address.
 */
export async function businessOfWidget(
  db: Queryable,
  publicId: string,
): Promise<{ workspaceId: string; businessName: string | null } | null> {
  const [row] = await rowsOf<{ workspace_id: string; name: string; name_source: string }>(
    db,
    sql`select w.id as workspace_id, w.name, w.name_source from chat_widgets c
          join workspaces w on w.id = c.workspace_id where c.public_id = ${publicId}`,
  );
  if (!row) return null;
  return { workspaceId: row.workspace_id, businessName: row.name_source === 'signup' ? null : row.name };
}

/** The title of a document that is public and ready, or null (private, processing, failed, missing). */
export async function publicDocumentTitle(db: Queryable, workspaceId: string, id: string): Promise<string | null> {
  const [row] = await rowsOf<{ title: string }>(
    db,
    sql`select title from documents
         where workspace_id = ${workspaceId}::uuid and id = ${id}::uuid and public and status = 'READY'`,
  );
  return row?.title ?? null;
}

export async function publicDocumentIds(db: Queryable, workspaceId: string): Promise<Set<string>> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from documents where workspace_id = ${workspaceId}::uuid and public and status = 'READY'`,
  );
  return new Set(rows.map((r) => r.id));
}

export async function setDocumentPublic(
  db: Queryable,
  workspaceId: string,
  id: string,
  isPublic: boolean,
): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update documents set public = ${isPublic}, updated_at = now()
         where workspace_id = ${workspaceId}::uuid and id = ${id}::uuid returning id`,
  );
  return rows.length > 0;
}

type AppearanceRow = {
  greeting: string | null;
  accent_color: string;
  suggested_questions: string[];
  position: WidgetPosition;
};

function toAppearance(row: AppearanceRow | undefined): WidgetAppearance {
  if (!row) return { ...DEFAULT_WIDGET_APPEARANCE };
  return {
    greeting: row.greeting ?? DEFAULT_WIDGET_APPEARANCE.greeting,
    accent_color: row.accent_color,
    suggested_questions: row.suggested_questions,
    position: row.position,
  };
}

/** The workspace's widget appearance (defaults when the widget was never styled or never created). */
export async function findAppearance(db: Queryable, workspaceId: string): Promise<WidgetAppearance> {
  const [row] = await rowsOf<AppearanceRow>(
    db,
    sql`select greeting, accent_color, suggested_questions, position from chat_widgets
         where workspace_id = ${workspaceId}::uuid`,
  );
  return toAppearance(row);
}

/** Saves the appearance on the workspace's widget row (which must exist: see saveWidget). */
export async function saveAppearance(db: Queryable, workspaceId: string, a: WidgetAppearance): Promise<void> {
  await db.execute(
    sql`update chat_widgets set greeting = ${a.greeting}, accent_color = ${a.accent_color},
           suggested_questions = ${sql.param(a.suggested_questions)}::text[], position = ${a.position}, appearance_updated_at = now()
         where workspace_id = ${workspaceId}::uuid`,
  );
}

/**
 * The public widget's display settings by its public id (run as system: the visitor has no workspace).
 * Returns only what the script shows; null when no widget has this id.
 */
export async function appearanceOfWidget(db: Queryable, publicId: string): Promise<WidgetAppearance | null> {
  const [row] = await rowsOf<AppearanceRow>(
    db,
    sql`select greeting, accent_color, suggested_questions, position from chat_widgets where public_id = ${publicId}`,
  );
  return row ? toAppearance(row) : null;
}
