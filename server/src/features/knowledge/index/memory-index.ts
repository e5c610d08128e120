/**
 * In-memory term index of a large workspace (decision record 026).
 *
 * The database stays the one source of truth: chunks, postings, df and statistics are written and
 * deleted by SQL as before, and every write bumps `knowledge_stats.generation` in its own transaction.
 * A process keeps, per workspace above `minChunks`, a copy of the posting lists (chunk ordinals and
 * term frequencies in typed arrays, built from `document_chunks.terms`) stamped with the generation it
 * was read at. A search reads the statistics row in its own transaction (one primary-key probe); when
 * the generations are equal the copy is exactly what that transaction sees, and BM25 is computed over
 * it in memory: the same formula, parameters and statistics as the SQL statement, so the same chunks
 * with the same scores. Otherwise the search runs in SQL and the copy is brought up to date in the
 * background: only chunks added since are read, removed ones are dropped from the lists in memory.
 *
 * The copies of one process share a budget of postings; the least recently searched workspace goes
 * first. Nothing here is trusted across workspaces: a copy is keyed by workspace and read through
 * the tenant-scoped transaction of the workspace it serves.
 */
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import type { Logger } from '../../../platform/logger';
import { termIndexPostingSources, termIndexTotals } from '../../../platform/metrics';
import { withTenant } from '../../../platform/tenant';
import { type RankedChunk, readStats } from '../knowledge.repo';

/** Chunks read per statement while a copy is (re)built: short transactions, a small result each. */
const LOAD_PAGE = 2_000;
/** Most query lexemes the in-memory ranking takes (feedback expansions stay far below it). */
const MAX_QUERY_LEXEMES = 256;

function grownInt32(a: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

function grownUint16(a: Uint16Array<ArrayBuffer>, need: number): Uint16Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Uint16Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/** Postings appended since the last packing: chunk ordinals in ascending order with their term frequencies. */
class PostingList {
  chunks = new Int32Array(4);
  tfs = new Uint16Array(4);
  length = 0;

  push(ordinal: number, tf: number): void {
    this.chunks = grownInt32(this.chunks, this.length + 1);
    this.tfs = grownUint16(this.tfs, this.length + 1);
    this.chunks[this.length] = ordinal;
    this.tfs[this.length] = Math.min(tf, 65_535);
    this.length++;
  }
}

/**
 * Posting lists packed in three arrays (about 6 bytes a posting): lexeme i's postings are
 * chunks/tfs[offsets[i] … offsets[i + 1]), chunk ordinals ascending.
 */
interface Packed {
  lexemes: Map<string, number>;
  offsets: Int32Array<ArrayBuffer>;
  chunks: Int32Array<ArrayBuffer>;
  tfs: Uint16Array<ArrayBuffer>;
}

/** Packing happens when the appended postings pass this many, or an eighth of the packed ones. */
const PACK_AFTER = 50_000;

function contains(chunks: Int32Array, from: number, to: number, ordinal: number): boolean {
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = chunks[mid] as number;
    if (v === ordinal) return true;
    if (v < ordinal) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

interface LoadedChunk {
  id: string;
  document_id: string;
  token_count: number;
  terms: Record<string, number>;
}

/** The statistics a search's transaction sees: the copy is used only when `generation` matches. */
export interface IndexStats {
  generation: number;
  chunkCount: number;
  totalLength: number;
}

/** One workspace's copy. Mutated only synchronously, so a search never sees it half updated. */
export class WorkspaceTermIndex {
  generation = -1;
  /** ordinal → chunk id ('' once the chunk is gone). */
  private ids: string[] = [];
  private ordinalOf = new Map<string, number>();
  private documentOf = new Int32Array(0);
  private documentIds: string[] = [];
  private documentOrdinal = new Map<string, number>();
  private lengths = new Int32Array(0);
  private alive = new Uint8Array(0);
  private packed: Packed = {
    lexemes: new Map(),
    offsets: new Int32Array(1),
    chunks: new Int32Array(0),
    tfs: new Uint16Array(0),
  };
  private appended = new Map<string, PostingList>();
  private appendedPostings = 0;
  private scores = new Float64Array(0);
  private seen = new Uint8Array(0);
  /** Postings held (packed and appended). */
  get postings(): number {
    return this.packed.chunks.length + this.appendedPostings;
  }
  lastUsed = 0;

  /** Bytes held, roughly: typed arrays exactly, strings and map entries by estimate. */
  approximateBytes(): number {
    const p = this.packed;
    let bytes = this.documentOf.byteLength + this.lengths.byteLength + this.alive.byteLength;
    bytes += this.scores.byteLength + this.seen.byteLength;
    bytes += p.offsets.byteLength + p.chunks.byteLength + p.tfs.byteLength;
    for (const lexeme of p.lexemes.keys()) bytes += 2 * lexeme.length + 60;
    for (const [lexeme, list] of this.appended)
      bytes += list.chunks.byteLength + list.tfs.byteLength + 2 * lexeme.length + 200;
    // A chunk id string (36 characters) in the ordinal array and in the map, a document id per document.
    bytes += this.ids.length * 160 + this.documentIds.length * 120;
    return bytes;
  }

  chunkIds(): string[] {
    return [...this.ordinalOf.keys()];
  }

  has(chunkId: string): boolean {
    return this.ordinalOf.has(chunkId);
  }

  /**
   * Applies a refresh: drops `removed`, appends `added` (new ordinals, so every list stays sorted), and
   * packs the lists again after removals or once enough postings were appended.
   */
  apply(generation: number, removed: readonly string[], added: readonly LoadedChunk[]): void {
    let dropped = false;
    for (const id of removed) {
      const o = this.ordinalOf.get(id);
      if (o === undefined) continue;
      this.ordinalOf.delete(id);
      this.ids[o] = '';
      this.alive[o] = 0;
      dropped = true;
    }
    const need = this.ids.length + added.length;
    this.documentOf = grownInt32(this.documentOf, need);
    this.lengths = grownInt32(this.lengths, need);
    if (this.alive.length < need) {
      const alive = new Uint8Array(Math.max(need, this.alive.length * 2));
      alive.set(this.alive);
      this.alive = alive;
    }
    for (const chunk of added) {
      if (this.ordinalOf.has(chunk.id)) continue;
      const o = this.ids.length;
      this.ids.push(chunk.id);
      this.ordinalOf.set(chunk.id, o);
      let d = this.documentOrdinal.get(chunk.document_id);
      if (d === undefined) {
        d = this.documentIds.length;
        this.documentIds.push(chunk.document_id);
        this.documentOrdinal.set(chunk.document_id, d);
      }
      this.documentOf[o] = d;
      this.lengths[o] = chunk.token_count;
      this.alive[o] = 1;
      const terms = chunk.terms;
      for (const lexeme in terms) {
        let list = this.appended.get(lexeme);
        if (!list) {
          list = new PostingList();
          this.appended.set(lexeme, list);
        }
        list.push(o, terms[lexeme] as number);
        this.appendedPostings++;
      }
    }
    if (dropped || this.appendedPostings > Math.max(PACK_AFTER, this.packed.chunks.length / 8)) this.pack();
    this.generation = generation;
  }

  /** One packed set of lists from the packed and appended postings of live chunks. */
  private pack(): void {
    const { packed, appended, alive } = this;
    const counts = new Map<string, number>();
    for (const [lexeme, i] of packed.lexemes) {
      let n = 0;
      for (let j = packed.offsets[i] as number; j < (packed.offsets[i + 1] as number); j++)
        if (alive[packed.chunks[j] as number] === 1) n++;
      if (n > 0) counts.set(lexeme, n);
    }
    for (const [lexeme, list] of appended) {
      let n = 0;
      for (let j = 0; j < list.length; j++) if (alive[list.chunks[j] as number] === 1) n++;
      if (n > 0) counts.set(lexeme, (counts.get(lexeme) ?? 0) + n);
    }
    const lexemes = new Map<string, number>();
    const offsets = new Int32Array(counts.size + 1);
    let total = 0;
    for (const [lexeme, n] of counts) {
      offsets[lexemes.size] = total;
      lexemes.set(lexeme, lexemes.size);
      total += n;
    }
    offsets[lexemes.size] = total;
    const chunks = new Int32Array(total);
    const tfs = new Uint16Array(total);
    for (const [lexeme, i] of lexemes) {
      let w = offsets[i] as number;
      const old = packed.lexemes.get(lexeme);
      if (old !== undefined) {
        for (let j = packed.offsets[old] as number; j < (packed.offsets[old + 1] as number); j++) {
          const o = packed.chunks[j] as number;
          if (alive[o] !== 1) continue;
          chunks[w] = o;
          tfs[w++] = packed.tfs[j] as number;
        }
      }
      const list = appended.get(lexeme);
      if (list) {
        for (let j = 0; j < list.length; j++) {
          const o = list.chunks[j] as number;
          if (alive[o] !== 1) continue;
          chunks[w] = o;
          tfs[w++] = list.tfs[j] as number;
        }
      }
    }
    this.packed = { lexemes, offsets, chunks, tfs };
    this.appended = new Map();
    this.appendedPostings = 0;
  }

  /**
   * BM25 over the copy, as rankChunks computes it in SQL: idf = w·ln(1 + (N − df + 0.5) /
   * (df + 0.5)), term weight tf·(k1+1) / (tf + k1·(1 − b + b·dl/avgdl)), N and avgdl from the
   * statistics row, df = the lexeme's postings; ordered by score, then chunk id. Returns null when the
   * query is outside what it takes (the caller ranks in SQL).
   */
  rank(
    weights: ReadonlyMap<string, number>,
    stats: IndexStats,
    k: number,
    params: { k1: number; b: number },
    documentIds?: readonly string[],
  ): { id: string; score: number; matched: string[] }[] | null {
    if (weights.size > MAX_QUERY_LEXEMES || k <= 0) return null;
    const n = stats.chunkCount;
    const avgdl = Math.max(stats.totalLength / Math.max(stats.chunkCount, 1), 1);
    let allowed: Set<number> | null = null;
    if (documentIds) {
      allowed = new Set();
      for (const id of documentIds) {
        const d = this.documentOrdinal.get(id);
        if (d !== undefined) allowed.add(d);
      }
      if (allowed.size === 0) return [];
    }
    if (this.scores.length < this.ids.length) {
      this.scores = new Float64Array(this.ids.length);
      this.seen = new Uint8Array(this.ids.length);
    }
    const { scores, seen } = this;
    const touched: number[] = [];
    /** Per query lexeme found: its packed range and its appended list. */
    const used: { lexeme: string; from: number; to: number; list: PostingList | undefined }[] = [];
    const k1 = params.k1;
    const norm0 = 1 - params.b;
    const bOverAvg = params.b;
    const { packed, lengths } = this;
    const add = (chunks: Int32Array, tfs: Uint16Array, from: number, to: number, idf: number) => {
      for (let i = from; i < to; i++) {
        const o = chunks[i] as number;
        const tf = tfs[i] as number;
        const s = (idf * tf * (k1 + 1)) / (tf + k1 * (norm0 + (bOverAvg * (lengths[o] as number)) / avgdl));
        if (seen[o] === 0) {
          seen[o] = 1;
          touched.push(o);
        }
        scores[o] = (scores[o] as number) + s;
      }
    };
    for (const [lexeme, weight] of weights) {
      const at = packed.lexemes.get(lexeme);
      const from = at === undefined ? 0 : (packed.offsets[at] as number);
      const to = at === undefined ? 0 : (packed.offsets[at + 1] as number);
      const list = this.appended.get(lexeme);
      const df = to - from + (list?.length ?? 0);
      if (df === 0) continue;
      used.push({ lexeme, from, to, list });
      const idf = weight * Math.log(1 + (n - df + 0.5) / (df + 0.5));
      add(packed.chunks, packed.tfs, from, to, idf);
      if (list) add(list.chunks, list.tfs, 0, list.length, idf);
    }
    // The k best, ties broken by chunk id as the SQL statement's `order by score desc, chunk_id` does.
    const heap = new TopK(k, this.ids);
    for (const o of touched) {
      const s = scores[o] as number;
      scores[o] = 0;
      seen[o] = 0;
      if (allowed && !allowed.has(this.documentOf[o] as number)) continue;
      heap.offer(o, s);
    }
    return heap.sorted().map(({ ordinal, score }) => ({
      id: this.ids[ordinal] as string,
      score,
      matched: used
        .filter(
          (u) =>
            contains(packed.chunks, u.from, u.to, ordinal) ||
            (u.list && contains(u.list.chunks, 0, u.list.length, ordinal)),
        )
        .map((u) => u.lexeme),
    }));
  }
}

/** A bounded min-heap of (score, ordinal); the worst kept is at the root. */
class TopK {
  private items: { ordinal: number; score: number }[] = [];
  constructor(
    private readonly k: number,
    private readonly ids: readonly string[],
  ) {}

  /** True when a ranks below b: lower score, or equal score and the larger chunk id. */
  private worse(a: { ordinal: number; score: number }, b: { ordinal: number; score: number }): boolean {
    if (a.score !== b.score) return a.score < b.score;
    return (this.ids[a.ordinal] as string) > (this.ids[b.ordinal] as string);
  }

  offer(ordinal: number, score: number): void {
    const item = { ordinal, score };
    const h = this.items;
    if (h.length < this.k) {
      h.push(item);
      let i = h.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.worse(h[i] as typeof item, h[p] as typeof item)) break;
        [h[i], h[p]] = [h[p] as typeof item, h[i] as typeof item];
        i = p;
      }
      return;
    }
    if (!this.worse(h[0] as typeof item, item)) return;
    h[0] = item;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.worse(h[l] as typeof item, h[m] as typeof item)) m = l;
      if (r < h.length && this.worse(h[r] as typeof item, h[m] as typeof item)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m] as typeof item, h[i] as typeof item];
      i = m;
    }
  }

  sorted(): { ordinal: number; score: number }[] {
    return [...this.items].sort((a, b) => (this.worse(a, b) ? 1 : this.worse(b, a) ? -1 : 0));
  }
}

interface Entry {
  index: WorkspaceTermIndex;
  refreshing: Promise<void> | null;
  /** A write was reported while refreshing: refresh once more after this one. */
  again: boolean;
  /**
   * Chunk count at which the workspace was found too large for the budget: not loaded again until it
   * has a tenth fewer chunks (each attempt reads up to the budget's worth of postings).
   */
  tooLargeAt: number | null;
}

/** The process's copies, for one database. */
export class TermIndexes {
  private entries = new Map<string, Entry>();
  private clock = 0;
  /** Lookups answered by a current copy, and lookups of large workspaces that had none (searched in SQL). */
  readonly counts = { hits: 0, misses: 0 };

  constructor(
    private readonly database: Database,
    readonly options: { minChunks: number; maxPostings: number },
    private readonly log?: Logger,
  ) {}

  /** Postings held by all copies. */
  totalPostings(): number {
    let n = 0;
    for (const e of this.entries.values()) n += e.index.postings;
    return n;
  }

  /**
   * The copy to rank with in the transaction that read `stats`, or null (rank in SQL). A missing or
   * stale copy of a large enough workspace starts a background refresh.
   */
  lookup(scope: { workspaceId: string; userId: string | null }, stats: IndexStats): WorkspaceTermIndex | null {
    if (this.options.maxPostings <= 0 || stats.chunkCount < this.options.minChunks || stats.chunkCount === 0) {
      this.entries.delete(scope.workspaceId);
      return null;
    }
    let entry = this.entries.get(scope.workspaceId);
    if (entry?.index.generation === stats.generation) {
      entry.index.lastUsed = ++this.clock;
      this.counts.hits++;
      termIndexTotals.hit++;
      return entry.index;
    }
    this.counts.misses++;
    termIndexTotals.miss++;
    if (!entry) {
      entry = { index: new WorkspaceTermIndex(), refreshing: null, again: false, tooLargeAt: null };
      this.entries.set(scope.workspaceId, entry);
    }
    const tooLarge = entry.tooLargeAt !== null && stats.chunkCount > entry.tooLargeAt * 0.9;
    if (!entry.refreshing && !tooLarge) this.startRefresh(scope, entry);
    return null;
  }

  /**
   * A write of this process changed the workspace's index: a copy it holds is brought up to date now,
   * in the background, so the next search need not run in SQL. (Other processes notice at their next
   * search, by the generation.)
   */
  changed(scope: { workspaceId: string; userId: string | null }): void {
    const entry = this.entries.get(scope.workspaceId);
    if (!entry || entry.tooLargeAt !== null) return;
    if (entry.refreshing) entry.again = true;
    else this.startRefresh(scope, entry);
  }

  private startRefresh(scope: { workspaceId: string; userId: string | null }, entry: Entry): void {
    entry.again = false;
    entry.refreshing = this.refresh(scope, entry)
      .catch((err: unknown) => {
        this.log?.warn({ err: (err as Error).message, workspaceId: scope.workspaceId }, 'term index refresh failed');
      })
      .finally(() => {
        entry.refreshing = null;
        if (entry.again && this.entries.get(scope.workspaceId) === entry) this.startRefresh(scope, entry);
      });
  }

  /** Brings the workspace's copy up to date now (benchmarks, tests); resolves when it is current. */
  async refreshNow(scope: { workspaceId: string; userId: string | null }): Promise<WorkspaceTermIndex | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const stats = await withTenant(this.database, scope, (tx) => readStats(tx, scope.workspaceId));
      const ready = this.lookup(scope, stats);
      if (ready) return ready;
      const entry = this.entries.get(scope.workspaceId);
      if (!entry?.refreshing) return null;
      await entry.refreshing;
    }
    return null;
  }

  private async refresh(scope: { workspaceId: string; userId: string | null }, entry: Entry): Promise<void> {
    const ws = scope.workspaceId;
    // One statement, one snapshot: the generation and the chunks it covers.
    const [snapshot] = await withTenant(this.database, scope, (tx) =>
      rowsOf<{ generation: string | number | null; ids: string[] | string | null }>(
        tx,
        sql`select (select s.generation from knowledge_stats s where s.workspace_id = ${ws}::uuid) as generation,
                   (select jsonb_agg(c.id) from document_chunks c
                     where c.workspace_id = ${ws}::uuid and c.token_count > 0) as ids`,
      ),
    );
    if (snapshot?.generation === null || snapshot?.generation === undefined) return;
    const generation = Number(snapshot.generation);
    const rawIds = snapshot.ids ?? [];
    const ids: string[] = typeof rawIds === 'string' ? JSON.parse(rawIds) : rawIds;
    const current = new Set(ids);
    const removed = entry.index.chunkIds().filter((id) => !current.has(id));
    const missing = ids.filter((id) => !entry.index.has(id));

    const added: LoadedChunk[] = [];
    let postings = entry.index.postings;
    // Ids are cast in a fenced subquery: a cast inside the lateral's condition is not leakproof, so under
    // row-level security PostgreSQL could not use the primary key and scanned the whole table once per id
    // (measured: 2,000 ids, 140 s instead of 56 ms).
    for (let i = 0; i < missing.length; i += LOAD_PAGE) {
      const page = missing.slice(i, i + LOAD_PAGE);
      const rows = await withTenant(this.database, scope, (tx) =>
        rowsOf<Omit<LoadedChunk, 'terms'> & { terms: string }>(
          tx,
          sql`select c.id, c.document_id, c.token_count, c.terms
                from (select x::uuid as id from jsonb_array_elements_text(${JSON.stringify(page)}::jsonb) as x offset 0) w
                cross join lateral (
                  select d.id, d.document_id, d.token_count, d.terms::text as terms from document_chunks d
                   where d.workspace_id = ${ws}::uuid and d.id = w.id offset 0) c`,
        ),
      );
      // A chunk deleted since the snapshot: the copy would not match any generation. The next search retries.
      if (rows.length !== page.length) return;
      for (const row of rows) {
        const terms = JSON.parse(row.terms) as LoadedChunk['terms'];
        postings += Object.keys(terms).length;
        added.push({ ...row, terms, token_count: Number(row.token_count) });
      }
      if (postings > this.options.maxPostings) {
        entry.tooLargeAt = ids.length;
        entry.index = new WorkspaceTermIndex();
        this.log?.info(
          { workspaceId: ws, postings },
          'workspace too large for the in-memory term index; searched in SQL',
        );
        return;
      }
    }
    entry.tooLargeAt = null;
    entry.index.apply(generation, removed, added);
    entry.index.lastUsed = ++this.clock;
    this.evictBeyondBudget(ws);
  }

  /** Least recently searched copies go until all fit the budget (the one just refreshed stays). */
  private evictBeyondBudget(keep: string): void {
    let total = this.totalPostings();
    if (total <= this.options.maxPostings) return;
    const others = [...this.entries.entries()]
      .filter(([ws]) => ws !== keep)
      .sort(([, a], [, b]) => a.index.lastUsed - b.index.lastUsed);
    for (const [ws, entry] of others) {
      if (total <= this.options.maxPostings) break;
      total -= entry.index.postings;
      this.entries.delete(ws);
    }
  }
}

/**
 * Ranks with the copy and reads the winners' rows in `tx`; null when the copy cannot answer (the
 * caller ranks in SQL). Rows come back as the SQL ranking returns them.
 */
export async function rankFromMemory(
  tx: Queryable,
  workspaceId: string,
  index: WorkspaceTermIndex,
  stats: IndexStats,
  weights: ReadonlyMap<string, number>,
  k: number,
  params: { k1: number; b: number },
  documentIds?: readonly string[],
): Promise<RankedChunk[] | null> {
  // A refresh may have moved the copy on since the lookup (the search awaited in between): then it no
  // longer matches what this transaction sees.
  if (index.generation !== stats.generation) return null;
  const ranked = index.rank(weights, stats, k, params, documentIds);
  if (!ranked) return null;
  if (ranked.length === 0) return [];
  const rows = await rowsOf<Omit<RankedChunk, 'score' | 'matched'>>(
    tx,
    sql`select c.id as chunk_id, c.document_id, c.chunk_index, c.title, c.heading_path, c.content
          from (select x::uuid as id from jsonb_array_elements_text(${JSON.stringify(ranked.map((r) => r.id))}::jsonb) as x offset 0) w
          cross join lateral (
            select d.id, d.document_id, d.chunk_index, d.title, d.heading_path, d.content from document_chunks d
             where d.workspace_id = ${workspaceId}::uuid and d.id = w.id offset 0) c`,
  );
  const byId = new Map(rows.map((r) => [r.chunk_id, r]));
  const out: RankedChunk[] = [];
  for (const r of ranked) {
    const row = byId.get(r.id);
    if (!row) return null;
    out.push({ ...row, chunk_index: Number(row.chunk_index), score: r.score, matched: r.matched });
  }
  return out;
}

const registries = new WeakMap<Database, TermIndexes>();

/** The process's copies for this database (created on first use). */
export function termIndexesOf(
  database: Database,
  options: { minChunks: number; maxPostings: number },
  log?: Logger,
): TermIndexes {
  let registry = registries.get(database);
  if (!registry) {
    registry = new TermIndexes(database, options, log);
    registries.set(database, registry);
    termIndexPostingSources.add(new WeakRef(registry));
  }
  return registry;
}
