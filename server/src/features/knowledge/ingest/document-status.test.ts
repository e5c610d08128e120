import { DocumentStatus } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../../test/app';
import { createUserWithSession, type TestUser } from '../../../test/factories';
import { ingestAndWait, uploadFile } from '../test-helpers';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createUserWithSession(t);
});
afterAll(async () => {
  await t?.close();
});

/** The database's answer to an UPDATE of one document: 'ok' or the constraint that refused it. */
async function tryUpdate(id: string, set: string): Promise<string> {
  try {
    await t.database.query(`update documents set ${set} where id = $1`, [id]);
    return 'ok';
  } catch (err) {
    return (err as { constraint?: string }).constraint ?? (err as Error).message;
  }
}

describe("document status: the specification's one vocabulary (PENDING, READY, failed)", () => {
  it('every answer uses exactly those values, and the database keeps status, reason and chunks in agreement', async () => {
    const queued = await uploadFile(t, owner.token, 'pets.txt', 'Cats are welcome with a deposit of $300.');
    expect(queued.body.status).toBe('PENDING');
    const ready = await ingestAndWait(t, owner.token, 'pool.txt', 'The pool opens at 9 am.');
    const failed = await ingestAndWait(t, owner.token, 'empty.csv', '\n\n');
    expect([ready.status, failed.status]).toEqual(['READY', 'failed']);
    expect(ready.error).toBeNull();
    expect(failed.error).toBe('No text was found in this document.');
    const list = await api<any>(t, 'GET', '/api/v1/documents', { token: owner.token });
    for (const doc of list.body.documents) expect(DocumentStatus.options).toContain(doc.status);

    // Other spellings and mixed states are refused by the database itself (0004, 0029).
    expect(await tryUpdate(ready.id, `status = 'FAILED', chunk_count = 0`)).toBe('documents_status_check');
    expect(await tryUpdate(ready.id, `status = 'ready', chunk_count = 0`)).toBe('documents_status_check');
    expect(await tryUpdate(ready.id, `status = 'failed', chunk_count = 0`)).toBe('documents_failed_has_reason');
    expect(await tryUpdate(ready.id, `error = 'stale reason'`)).toBe('documents_failed_has_reason');
    expect(await tryUpdate(failed.id, `chunk_count = 3`)).toBe('documents_chunks_when_ready');
    expect(await tryUpdate(failed.id, `error = null`)).toBe('documents_failed_has_reason');
    expect(await tryUpdate(ready.id, `status = 'failed', error = 'Gone.', chunk_count = 0`)).toBe('ok');
  });
});
