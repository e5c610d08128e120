import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { testConfig } from '../test/app';
import { openTestDatabase } from '../test/db';
import { decodeQuotedPrintable, type SmtpSink, startSmtpSink } from '../test/smtp-sink';
import { createLogger } from './logger';
import { createMailer, latestOutboxMails } from './mailer';

let database: Database;
let sink: SmtpSink;
const log = createLogger('silent');
beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
  await database?.close();
});

describe('mailer', () => {
  it('writes to the local outbox when no SMTP server is configured', async () => {
    const mailer = createMailer({ config: testConfig(), database, log });
    expect(mailer.delivery).toBe('outbox');
    await mailer.send({ to: 'a@example.com', subject: 'First', text: 'one' });
    await mailer.send({ to: 'b@example.com', subject: 'Second', text: 'two' });
    await mailer.send({ to: 'a@example.com', subject: 'Third', text: 'three' });
    const all = await latestOutboxMails(database, { limit: 10 });
    expect(all.map((m) => m.subject)).toEqual(['Third', 'Second', 'First']);
    const forA = await latestOutboxMails(database, { limit: 1, to: 'a@example.com' });
    expect(forA).toEqual([
      { id: expect.any(Number), to: 'a@example.com', subject: 'Third', text: 'three', created_at: expect.any(String) },
    ]);
  });

  it('sends through SMTP when HELIXIS_SMTP_URL is set, from HELIXIS_MAIL_FROM, and keeps nothing locally', async () => {
    const config = testConfig({ HELIXIS_SMTP_URL: sink.url, HELIXIS_MAIL_FROM: 'Helixis <mail@helixis.test>' });
    const mailer = createMailer({ config, database, log });
    expect(mailer.delivery).toBe('smtp');
    const before = await latestOutboxMails(database, { limit: 100 });
    const link = `https://helixis.test/auth/v1/verify?token=${'x'.repeat(60)}&type=signup&redirect_to=%2F`;
    await mailer.send({ to: 'c@example.com', subject: 'Via SMTP', text: `Open ${link}` });
    expect(sink.messages).toHaveLength(1);
    const message = sink.messages[0]!;
    expect(message.from).toBe('mail@helixis.test');
    expect(message.to).toEqual(['c@example.com']);
    expect(message.raw).toMatch(/^Subject: Via SMTP$/m);
    expect(message.raw).toMatch(/^To: c@example.com$/m);
    expect(decodeQuotedPrintable(message.raw)).toContain(link);
    expect(await latestOutboxMails(database, { limit: 100 })).toEqual(before);
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ config: testConfig({ HELIXIS_SMTP_URL: 'smtp://127.0.0.1:1' }), database, log });
    await expect(mailer.send({ to: 'd@example.com', subject: 'Lost', text: 'x' })).rejects.toThrow();
  });
});
