import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../../test/app';
import { createUserWithSession, type TestUser } from '../../../test/factories';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createUserWithSession(t);
});
afterAll(async () => {
  await t?.close();
});

async function documentCount(): Promise<number> {
  return (await api<any>(t, 'GET', '/api/v1/documents', { token: owner.token })).body.documents.length;
}

/** A multipart body written by hand, so a file name can carry any character. */
function multipart(files: { name: string; text: string }[]): { body: Buffer; type: string } {
  const boundary = 'helixis-test-boundary';
  const parts = files.map((f) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: text/plain\r\n\r\n${f.text}\r\n`,
    ),
  );
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function post(form: { body: Buffer; type: string }) {
  const res = await fetch(`${t.url}/functions/v1/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': form.type },
    body: form.body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('uploads', () => {
  it('refuses two files in one upload with 400 instead of dropping the second', async () => {
    const before = await documentCount();
    const res = await post(
      multipart([
        { name: 'pets.txt', text: 'Cats are welcome.' },
        { name: 'parking.txt', text: 'Each unit has one parking space.' },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Please upload one file at a time.');
    expect(await documentCount()).toBe(before);
  });

  it('refuses a file name with a NUL byte with 400', async () => {
    const res = await post(multipart([{ name: 'lease\u0000.txt', text: 'Rent is due on the first.' }]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/"file name" contains a character that is not allowed/);
  });

  it('still takes one file', async () => {
    const res = await post(multipart([{ name: 'pool.txt', text: 'The pool opens at 9.' }]));
    expect(res.status).toBe(202);
  });
});
