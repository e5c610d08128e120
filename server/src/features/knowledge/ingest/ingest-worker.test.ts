import { threadId } from 'node:worker_threads';
import { KNOWLEDGE_LIMITS } from '@helixis/contract';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTenant } from '../../../platform/tenant';
import { api, startTestApp, type TestApp } from '../../../test/app';
import { createUserWithSession, type TestUser } from '../../../test/factories';
import { WRITE_BATCH_POSTINGS } from '../index/write';
import * as repo from '../knowledge.repo';
import { searchFor, uploadFile, waitForDocument } from '../test-helpers';
import { IngestPool } from './ingest-pool';
import { assertZipWithinLimits, zipDirectory } from './parsers';
import { indexedTerms } from './prepare';
import { processDocuments } from './process';

// Workers boot and parse 100k-row files: minutes on a loaded machine, seconds on a quiet one.
vi.setConfig({ testTimeout: 180_000 });

/** A ledger export: `rows` rows with a distinct id each (many distinct lexemes, like a real export). */
function ledgerCsv(rows: number): Buffer {
  const lines = ['Id,Unit,Street,Rent,Paid'];
  const streets = ['Oak', 'Maple', 'Cedar', 'Elm', 'Pine'];
  for (let n = 0; n < rows; n++) {
    lines.push(`T${n},${(n % 40) + 1}B,${streets[n % 5]} ${100 + (n % 900)},${900 + (n % 1700)}.00,ACH`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** A zip whose central directory says its one entry inflates to `declared` bytes (the local header is honest). */
function zipDeclaring(declared: number): Uint8Array {
  const zip = zipSync({ 'word/document.xml': [strToU8('<w:document/>'), { level: 6 }] });
  let cd = -1;
  for (let at = zip.length - 4; at >= 0; at--) {
    if (zip[at] === 0x50 && zip[at + 1] === 0x4b && zip[at + 2] === 0x01 && zip[at + 3] === 0x02) {
      cd = at;
      break;
    }
  }
  if (cd < 0) throw new Error('no central directory');
  new DataView(zip.buffer, zip.byteOffset).setUint32(cd + 24, declared, true);
  // The entry's data becomes garbage: inflating it would fail with a different, generic reason.
  const local = 30 + 'word/document.xml'.length;
  zip.fill(0xff, local, local + 8);
  return zip;
}

describe('the ingest worker pool', () => {
  let pool: IngestPool;
  beforeAll(() => {
    pool = new IngestPool({ workers: 1, timeoutMs: 60_000, memoryMb: 256 });
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('parses, chunks and indexes a document on another thread than the caller', async () => {
    const result = await pool.prepare({
      source: { kind: 'file', format: 'md', data: strToU8('# Pets\n\nCats and small dogs are welcome.') },
      documentTitle: 'pets.md',
      filename: 'pets.md',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.threadId).not.toBe(threadId);
    expect(result.title).toBe('Pets');
    expect(result.chunks).toHaveLength(1);
    // The same terms the API's thread would have computed (Maps survive the trip).
    expect(result.chunks[0]?.tf).toEqual(indexedTerms('Pets', result.chunks[0]?.content ?? '').tf);
  });

  it('sends a large result back whole (in parts)', async () => {
    const result = await pool.prepare({
      source: { kind: 'file', format: 'csv', data: ledgerCsv(20_000) },
      documentTitle: 'ledger.csv',
      filename: 'ledger.csv',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.chunks.length).toBeGreaterThan(300);
    expect(result.chunks.map((c) => c.chunkIndex)).toEqual(result.chunks.map((_, i) => i));
    expect(result.chunks.at(-1)?.content).toContain('Id: T19999;');
  });

  it('fails a document past its time budget with a readable reason, and goes on with the next one', async () => {
    const strict = new IngestPool({ workers: 1, timeoutMs: 300, memoryMb: 256 });
    try {
      const slow = await strict.prepare({
        source: { kind: 'file', format: 'csv', data: ledgerCsv(100_000) },
        documentTitle: 'ledger.csv',
        filename: 'ledger.csv',
      });
      expect(slow).toMatchObject({
        ok: false,
        message:
          'This file took longer than 0.3 seconds to read and was not processed. Please split it into smaller files.',
      });
      const next = await strict.prepare({
        source: { kind: 'file', format: 'txt', data: strToU8('The pool opens at 9.') },
        documentTitle: 'pool.txt',
        filename: 'pool.txt',
      });
      expect(next.ok).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('fails a document past its memory budget with a readable reason', async () => {
    const small = new IngestPool({ workers: 1, timeoutMs: 120_000, memoryMb: 24 });
    try {
      const result = await small.prepare({
        source: { kind: 'file', format: 'csv', data: ledgerCsv(100_000) },
        documentTitle: 'ledger.csv',
        filename: 'ledger.csv',
      });
      expect(result).toMatchObject({
        ok: false,
        message:
          'This file needs more than 24 MB of memory to read and was not processed. Please split it into smaller files.',
      });
    } finally {
      await small.close();
    }
  });
});

describe('the zip guard reads the central directory before inflating', () => {
  it('reads entries and declared sizes', () => {
    const zip = zipSync({ a: new Uint8Array(1000), b: new Uint8Array(2500) });
    expect(zipDirectory(zip)).toEqual({ entries: 2, uncompressedBytes: 3500 });
  });

  it('refuses an archive whose directory declares more than the cap, without inflating it', () => {
    const zip = zipDeclaring(200 * 1024 * 1024);
    expect(() => assertZipWithinLimits(zip)).toThrow(
      `This file unpacks to more than ${KNOWLEDGE_LIMITS.maxUnzippedBytes / 1024 / 1024} MB and was not processed.`,
    );
    // The same archive declaring its true size gets as far as inflating the garbage entry.
    expect(() => assertZipWithinLimits(zipDeclaring(13))).toThrow('This file could not be read.');
  });

  it('refuses a file that is not a zip archive', () => {
    expect(() => zipDirectory(strToU8('not a zip at all'))).toThrow('This file is not a valid Office document.');
  });
});

describe('ingestion over HTTP', () => {
  let t: TestApp;
  let owner: TestUser;
  let workspaceId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUserWithSession(t);
    workspaceId = (await api<any>(t, 'GET', '/api/v1/me', { token: owner.token })).body.workspace.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function indexState() {
    const [row] = await t.database.query<Record<string, number>>(
      `select (select count(*)::int from document_chunks where workspace_id = $1) as chunks,
              (select count(distinct block)::int from document_chunks where workspace_id = $1) as blocks,
              (select coalesce(sum(cardinality(chunk_ids)), 0)::int from posting_blocks where workspace_id = $1) as postings,
              (select coalesce(sum((select count(*) from jsonb_object_keys(c.terms))), 0)::int
                 from document_chunks c where c.workspace_id = $1) as chunk_terms,
              (select coalesce(max(chunk_count), 0)::int from knowledge_stats where workspace_id = $1) as stat_chunks`,
      [workspaceId],
    );
    return row as Record<string, number>;
  }

  it('writes a large CSV in several bounded transactions and ends consistent and searchable', async () => {
    const res = await uploadFile(t, owner.token, 'ledger.csv', ledgerCsv(3_000));
    const doc = await waitForDocument(t, owner.token, res.body.document_id, 90_000);
    expect(doc.status).toBe('READY');
    const state = await indexState();
    expect(state.chunks).toBe(doc.chunk_count);
    expect(state.stat_chunks).toBe(doc.chunk_count);
    // Every chunk's postings are in the blocks, written in more than one batch (a block each).
    expect(state.postings).toBe(state.chunk_terms);
    expect(state.postings).toBeGreaterThan(WRITE_BATCH_POSTINGS);
    expect(state.blocks).toBeGreaterThan(1);
    const [hit] = await searchFor(t, owner.token, 'T2999');
    expect(hit?.document_id).toBe(doc.id);

    await api(t, 'DELETE', `/api/v1/documents/${doc.id}`, { token: owner.token });
    expect(await indexState()).toMatchObject({ chunks: 0, postings: 0, stat_chunks: 0 });
  });

  it('a retry after an interrupted batched write removes what the first attempt wrote', async () => {
    const scope = { deps: t.deps, workspaceId, userId: null, log: t.deps.log };
    const data = ledgerCsv(2_000);
    const [id] = await withTenant(t.database, { workspaceId, userId: null }, (tx) =>
      repo.insertDocumentsWithUploads(tx, workspaceId, [
        {
          title: 'ledger.csv',
          format: 'csv',
          source: 'upload',
          createdBy: null,
          upload: { filename: 'ledger.csv', contentType: 'text/csv', data },
        },
      ]),
    );
    const documentId = id as string;
    // What a first attempt killed after its first batch left behind: chunks of a PENDING document.
    await withTenant(t.database, { workspaceId, userId: null }, async (tx) => {
      await repo.lockWorkspaceIndex(tx, workspaceId);
      await repo.insertDocumentsIndex(tx, workspaceId, [
        {
          document: { id: documentId, title: 'ledger' },
          chunks: [0, 1, 2].map((i) => ({
            id: crypto.randomUUID(),
            chunkIndex: i,
            headingPath: [],
            content: `left over ${i}`,
            ...indexedTerms('ledger', `left over ${i}`),
          })),
        },
      ]);
    });
    const [ready] = await processDocuments(scope, [documentId], { isLast: true });
    expect(ready?.documentId).toBe(documentId);
    const doc = await waitForDocument(t, owner.token, documentId, 60_000);
    expect(doc.status).toBe('READY');
    const state = await indexState();
    expect(state.chunks).toBe(doc.chunk_count);
    expect(state.stat_chunks).toBe(doc.chunk_count);
    expect(state.postings).toBe(state.chunk_terms);
    expect(await searchFor(t, owner.token, 'left over')).toEqual([]);
    await api(t, 'DELETE', `/api/v1/documents/${documentId}`, { token: owner.token });
  });

  it('fails an .xlsx whose directory declares more than the cap, with the reason for its owner', async () => {
    const res = await uploadFile(t, owner.token, 'bomb.xlsx', Buffer.from(zipDeclaring(150 * 1024 * 1024)));
    expect(res.status).toBe(202);
    const doc = await waitForDocument(t, owner.token, res.body.document_id, 60_000);
    expect(doc).toMatchObject({
      status: 'failed',
      chunk_count: 0,
      error: `This file unpacks to more than ${KNOWLEDGE_LIMITS.maxUnzippedBytes / 1024 / 1024} MB and was not processed.`,
    });
  });
});

describe('the per-document budget over HTTP', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ HELIXIS_INGEST_TIMEOUT_SECONDS: '0.2' });
    owner = await createUserWithSession(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a document over its time budget fails cleanly and leaves nothing indexed', async () => {
    const res = await uploadFile(t, owner.token, 'ledger.csv', ledgerCsv(100_000));
    const doc = await waitForDocument(t, owner.token, res.body.document_id, 90_000);
    expect(doc).toMatchObject({
      status: 'failed',
      chunk_count: 0,
      error:
        'This file took longer than 0.2 seconds to read and was not processed. Please split it into smaller files.',
    });
    const [row] = await t.database.query<{ n: number }>('select count(*)::int as n from document_chunks');
    expect(row?.n).toBe(0);
    // The next (small) document is read by a fresh worker.
    const small = await uploadFile(t, owner.token, 'pool.txt', 'The pool opens at 9 am.');
    expect((await waitForDocument(t, owner.token, small.body.document_id, 60_000)).status).toBe('READY');
  });
});
