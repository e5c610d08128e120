import type { InsightCounts, PropertyProvider } from '@helixis/contract';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client';

const n = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown): string | null => (v ? new Date(v as string).toISOString() : null);

// ── overview ────────────────────────────────────────────────────────────────────────────────────

export interface OverviewCounts {
  openTasks: number;
  documentsReady: number;
}

export async function overviewCounts(db: Queryable, workspaceId: string): Promise<OverviewCounts> {
  const [row] = await rowsOf<{ open_tasks: unknown; documents_ready: unknown }>(
    db,
    sql`select
      (select count(*) from tasks where workspace_id = ${workspaceId}::uuid and status <> 'completed') as open_tasks,
      (select count(*) from documents where workspace_id = ${workspaceId}::uuid and status = 'READY') as documents_ready`,
  );
  return { openTasks: n(row?.open_tasks), documentsReady: n(row?.documents_ready) };
}

// ── data sources (Teach Your AI → Integration Mode) ────────────────────────────────────────────

export interface SourceFacts {
  tokens: { provider: 'gmail' | 'outlook'; status: string; accountHint: string | null; updatedAt: string | null }[];
  alias: { address: string; createdAt: string | null } | null;
  mailBySource: Record<string, number>;
  calendar: { imports: number; urls: string[]; lastImport: string | null; events: number };
  documents: { uploads: number; chunks: number; last: string | null; pending: number };
  website: { pages: number; chunks: number; last: string | null; pending: number };
  connections: { provider: PropertyProvider; status: string; lastVerified: string | null }[];
  integrationFacts: Record<string, number>;
  prefs: Map<string, { enabled: boolean; lastSyncAt: string | null }>;
}

export async function sourceFacts(db: Queryable, ws: string): Promise<SourceFacts> {
  const tokens = await rowsOf<{ provider: 'gmail' | 'outlook'; status: string; hint: string | null; at: unknown }>(
    db,
    sql`select provider, min(status) as status, max(account_hint) as hint, max(updated_at) as at
          from oauth_tokens where workspace_id = ${ws}::uuid group by provider order by provider`,
  );
  const [alias] = await rowsOf<{ address: string; created_at: unknown }>(
    db,
    sql`select address, created_at from email_aliases where workspace_id = ${ws}::uuid`,
  );
  const mail = await rowsOf<{ source: string; n: unknown }>(
    db,
    sql`select source, count(*) as n from mail_messages where workspace_id = ${ws}::uuid group by source`,
  );
  const [cal] = await rowsOf<{ imports: unknown; last: unknown; events: unknown }>(
    db,
    sql`select (select count(*) from calendar_imports where workspace_id = ${ws}::uuid and status = 'completed') as imports,
               (select max(completed_at) from calendar_imports where workspace_id = ${ws}::uuid and status = 'completed') as last,
               (select count(*) from calendar_events where workspace_id = ${ws}::uuid) as events`,
  );
  const urls = await rowsOf<{ url: string }>(
    db,
    sql`select distinct source_name as url from calendar_imports
         where workspace_id = ${ws}::uuid and source_type = 'url' and status = 'completed' and source_name is not null
         order by 1 limit 20`,
  );
  const docs = await rowsOf<{ source: string; docs: unknown; chunks: unknown; last: unknown; pending: unknown }>(
    db,
    sql`select source, count(*) filter (where status = 'READY') as docs,
               coalesce(sum(chunk_count) filter (where status = 'READY'), 0) as chunks,
               max(created_at) as last, count(*) filter (where status = 'PENDING') as pending
          from documents where workspace_id = ${ws}::uuid and source in ('upload', 'url') group by source`,
  );
  const byDocSource = (source: string) => {
    const row = docs.find((d) => d.source === source);
    return { count: n(row?.docs), chunks: n(row?.chunks), last: iso(row?.last), pending: n(row?.pending) };
  };
  const connections = await rowsOf<{ provider: PropertyProvider; status: string; at: unknown }>(
    db,
    sql`select provider, status, last_verified_at as at from integration_connections
         where workspace_id = ${ws}::uuid order by provider`,
  );
  const facts = await rowsOf<{ provider: string | null; n: unknown }>(
    db,
    sql`select provenance->>'source' as provider, count(*) as n from facts
         where workspace_id = ${ws}::uuid and source = 'integration' group by 1`,
  );
  const prefs = await rowsOf<{ source_key: string; enabled: boolean; last_sync_at: unknown }>(
    db,
    sql`select source_key, enabled, last_sync_at from learning_sources where workspace_id = ${ws}::uuid`,
  );
  const uploads = byDocSource('upload');
  const pages = byDocSource('url');
  return {
    tokens: tokens.map((t) => ({ provider: t.provider, status: t.status, accountHint: t.hint, updatedAt: iso(t.at) })),
    alias: alias ? { address: alias.address, createdAt: iso(alias.created_at) } : null,
    mailBySource: Object.fromEntries(mail.map((m) => [m.source, n(m.n)])),
    calendar: {
      imports: n(cal?.imports),
      urls: urls.map((u) => u.url),
      lastImport: iso(cal?.last),
      events: n(cal?.events),
    },
    documents: { uploads: uploads.count, chunks: uploads.chunks, last: uploads.last, pending: uploads.pending },
    website: { pages: pages.count, chunks: pages.chunks, last: pages.last, pending: pages.pending },
    connections: connections.map((c) => ({ provider: c.provider, status: c.status, lastVerified: iso(c.at) })),
    integrationFacts: Object.fromEntries(facts.map((f) => [f.provider ?? '', n(f.n)])),
    prefs: new Map(prefs.map((p) => [p.source_key, { enabled: p.enabled, lastSyncAt: iso(p.last_sync_at) }])),
  };
}

export async function setSourceEnabled(db: Queryable, ws: string, key: string, enabled: boolean): Promise<void> {
  await db.execute(
    sql`insert into learning_sources (workspace_id, source_key, enabled) values (${ws}::uuid, ${key}, ${enabled})
        on conflict (workspace_id, source_key) do update set enabled = excluded.enabled, updated_at = now()`,
  );
}

export async function markSynced(db: Queryable, ws: string, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await db.execute(
      sql`insert into learning_sources (workspace_id, source_key, last_sync_at) values (${ws}::uuid, ${key}, now())
          on conflict (workspace_id, source_key) do update set last_sync_at = now(), updated_at = now()`,
    );
  }
}

/** Website documents that are ready, with their indexed text (to tell whether the page changed). */
export async function websiteDocuments(
  db: Queryable,
  ws: string,
): Promise<{ id: string; url: string; text: string }[]> {
  return rowsOf(
    db,
    sql`select d.id, d.source_url as url,
               coalesce((select string_agg(c.content, ' ' order by c.chunk_index) from document_chunks c
                          where c.workspace_id = d.workspace_id and c.document_id = d.id), '') as text
          from documents d
         where d.workspace_id = ${ws}::uuid and d.source = 'url' and d.status = 'READY' and d.source_url is not null
         order by d.created_at limit 50`,
  );
}

export async function documentStatus(db: Queryable, ws: string, id: string): Promise<string | null> {
  const [row] = await rowsOf<{ status: string }>(
    db,
    sql`select status from documents where workspace_id = ${ws}::uuid and id = ${id}::uuid`,
  );
  return row?.status ?? null;
}

export async function tokenOwners(db: Queryable, ws: string, provider: string): Promise<string[]> {
  const rows = await rowsOf<{ user_id: string }>(
    db,
    sql`select user_id from oauth_tokens where workspace_id = ${ws}::uuid and provider = ${provider}`,
  );
  return rows.map((r) => r.user_id);
}

export async function pendingDocumentsSince(db: Queryable, ws: string, since: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from documents where workspace_id = ${ws}::uuid and status = 'PENDING'
         and created_at >= ${since}::timestamptz`,
  );
  return rows.map((r) => r.id);
}

/** Older copies of a calendar's knowledge document (same title), superseded by `currentId`. */
export async function supersededCalendarDocuments(db: Queryable, ws: string, currentId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select d.id from documents d
         where d.workspace_id = ${ws}::uuid and d.source = 'calendar' and d.id <> ${currentId}::uuid
           and d.title = (select c.title from documents c where c.workspace_id = ${ws}::uuid and c.id = ${currentId}::uuid)`,
  );
  return rows.map((r) => r.id);
}

// ── learning sessions ───────────────────────────────────────────────────────────────────────────

export interface SessionRow {
  id: string;
  status: 'running' | 'completed' | 'failed';
  sources: string[];
  results: { id: string; name: string; before: number; after: number; error: string | null }[];
  items_learned: number;
  job_id: string | null;
  started_at: string;
  finished_at: string | null;
  progress: number | null;
}

/**
 * A session still marked running whose job ended (a crash or expiry never reached the handler's own
 * bookkeeping) or that is older than the job's expiry reads as failed, so the page stops waiting and a
 * new session can start.
 */
const SESSION_COLUMNS = sql`s.id,
  case when s.status = 'running' and (s.started_at < clock_timestamp() - interval '15 minutes' or exists (
      select 1 from job_status j where j.workspace_id = s.workspace_id and j.id = s.job_id
         and j.state in ('completed', 'failed')))
    then 'failed' else s.status end as status,
  s.sources, s.results, s.items_learned, s.job_id, s.started_at, s.finished_at,
  (select j.progress from job_status j where j.workspace_id = s.workspace_id and j.id = s.job_id) as progress`;

function toSession(row: SessionRow): SessionRow {
  return {
    ...row,
    items_learned: n(row.items_learned),
    started_at: iso(row.started_at) ?? '',
    finished_at: iso(row.finished_at),
    progress: row.progress === null ? null : n(row.progress),
  };
}

export async function insertSession(
  db: Queryable,
  ws: string,
  values: { sources: string[]; results: SessionRow['results']; startedBy: string | null },
): Promise<SessionRow> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into learning_sessions (workspace_id, sources, results, started_by)
        values (${ws}::uuid, ${JSON.stringify(values.sources)}::jsonb, ${JSON.stringify(values.results)}::jsonb,
                ${values.startedBy}::uuid)
        returning id`,
  );
  if (!row) throw new Error('learning session insert returned nothing');
  const session = await findSession(db, ws, row.id);
  if (!session) throw new Error('learning session vanished');
  return session;
}

export async function setSessionJob(db: Queryable, ws: string, id: string, jobId: string): Promise<void> {
  await db.execute(
    sql`update learning_sessions set job_id = ${jobId}::uuid where workspace_id = ${ws}::uuid and id = ${id}::uuid`,
  );
}

export async function finishSession(
  db: Queryable,
  ws: string,
  id: string,
  outcome: { status: 'completed' | 'failed'; results: SessionRow['results']; itemsLearned: number },
): Promise<void> {
  await db.execute(
    sql`update learning_sessions set status = ${outcome.status}, results = ${JSON.stringify(outcome.results)}::jsonb,
               items_learned = ${outcome.itemsLearned}, finished_at = clock_timestamp()
         where workspace_id = ${ws}::uuid and id = ${id}::uuid`,
  );
}

export async function findSession(db: Queryable, ws: string, id: string): Promise<SessionRow | null> {
  const [row] = await rowsOf<SessionRow>(
    db,
    sql`select ${SESSION_COLUMNS} from learning_sessions s where s.workspace_id = ${ws}::uuid and s.id = ${id}::uuid`,
  );
  return row ? toSession(row) : null;
}

export async function latestSession(db: Queryable, ws: string): Promise<SessionRow | null> {
  const [row] = await rowsOf<SessionRow>(
    db,
    sql`select ${SESSION_COLUMNS} from learning_sessions s where s.workspace_id = ${ws}::uuid
         order by s.started_at desc limit 1`,
  );
  return row ? toSession(row) : null;
}

export async function sessionTotals(db: Queryable, ws: string): Promise<{ sessions: number; learned: number }> {
  const [row] = await rowsOf<{ sessions: unknown; learned: unknown }>(
    db,
    sql`select count(*) as sessions, coalesce(sum(items_learned), 0) as learned from learning_sessions
         where workspace_id = ${ws}::uuid and status = 'completed'`,
  );
  return { sessions: n(row?.sessions), learned: n(row?.learned) };
}

// ── business insights ───────────────────────────────────────────────────────────────────────────

/** The weekly digest's counts over [from, to): every figure is a count of real rows. */
export async function countActivity(db: Queryable, ws: string, from: string, to: string): Promise<InsightCounts> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select
      (select count(*) from messages where workspace_id = ${ws}::uuid and role = 'user'
          and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz) as questions_asked,
      (select count(*) from tasks where workspace_id = ${ws}::uuid
          and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz) as tasks_created,
      (select count(*) from tasks where workspace_id = ${ws}::uuid and status = 'completed'
          and completed_at >= ${from}::timestamptz and completed_at < ${to}::timestamptz) as tasks_answered,
      (select count(*) from facts where workspace_id = ${ws}::uuid
          and learned_at >= ${from}::timestamptz and learned_at < ${to}::timestamptz) as facts_learned,
      (select count(*) from documents where workspace_id = ${ws}::uuid
          and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz) as documents_added,
      (select count(*) from automation_runs where workspace_id = ${ws}::uuid
          and ts >= ${from}::timestamptz and ts < ${to}::timestamptz) as automation_runs`,
  );
  return {
    questions_asked: n(row?.questions_asked),
    tasks_created: n(row?.tasks_created),
    tasks_answered: n(row?.tasks_answered),
    facts_learned: n(row?.facts_learned),
    documents_added: n(row?.documents_added),
    automation_runs: n(row?.automation_runs),
  };
}

export interface InsightRow {
  id: string;
  workspace_id: string;
  period_start: string;
  period_end: string;
  metrics: InsightCounts;
  previous: InsightCounts;
  generated_at: string;
}

export async function insertInsight(
  db: Queryable,
  ws: string,
  values: { periodStart: string; periodEnd: string; metrics: InsightCounts; previous: InsightCounts },
): Promise<void> {
  await db.execute(
    sql`insert into business_insights (workspace_id, period_start, period_end, metrics, previous)
        values (${ws}::uuid, ${values.periodStart}::timestamptz, ${values.periodEnd}::timestamptz,
                ${JSON.stringify(values.metrics)}::jsonb, ${JSON.stringify(values.previous)}::jsonb)`,
  );
}

export async function latestInsight(db: Queryable, ws: string): Promise<InsightRow | null> {
  const [row] = await rowsOf<InsightRow>(
    db,
    sql`select id, workspace_id, period_start, period_end, metrics, previous, generated_at from business_insights
         where workspace_id = ${ws}::uuid order by generated_at desc limit 1`,
  );
  if (!row) return null;
  return {
    ...row,
    period_start: iso(row.period_start) ?? '',
    period_end: iso(row.period_end) ?? '',
    generated_at: iso(row.generated_at) ?? '',
  };
}

export async function allWorkspaceIds(db: Queryable): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(db, sql`select id from workspaces order by created_at`);
  return rows.map((r) => r.id);
}
