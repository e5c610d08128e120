import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { callFunction, testHttp } from '../../test/http';
import { waitFor } from '../../test/wait';
import { type InboundMailServer, startInboundMail } from './inbound-smtp';

const DOMAIN = 'in.helixis.test';
let t: TestApp;
let smtp: InboundMailServer;
let icsServer: http.Server;
let icsBase = '';
const icsBodies = new Map<string, string>();

const { signedIn } = testHttp(() => t);

function transport() {
  return nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
}

/** ICS date-time in the calendar's local zone, `days` from now at 10:00. */
function localStamp(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}T100000`;
}

/** A weekly inspection in a zone defined only by the file's own VTIMEZONE (UTC+03:00, no DST). */
function calendar(name: string): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Helixis tests//EN',
    `X-WR-CALNAME:${name}`,
    'BEGIN:VTIMEZONE',
    'TZID:Test/Plus-Three',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0300',
    'TZOFFSETTO:+0300',
    'TZNAME:T3',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'UID:inspection-1@test',
    'DTSTAMP:20250101T000000Z',
    `DTSTART;TZID=Test/Plus-Three:${localStamp(2)}`,
    `DTEND;TZID=Test/Plus-Three:${localStamp(2).replace('T10', 'T11')}`,
    'RRULE:FREQ=WEEKLY;COUNT=4',
    'SUMMARY:Unit inspection at Maple Court',
    'LOCATION:12 Maple Court',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:rent-day@test',
    'DTSTAMP:20250101T000000Z',
    `DTSTART;VALUE=DATE:${localStamp(5).slice(0, 8)}`,
    'SUMMARY:Rent collection day',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

beforeAll(async () => {
  icsServer = http.createServer((req, res) => {
    const body = icsBodies.get(req.url ?? '');
    if (!body) {
      res.writeHead(404).end('missing');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(body);
  });
  await new Promise<void>((r) => icsServer.listen(0, '127.0.0.1', () => r()));
  const port = (icsServer.address() as AddressInfo).port;
  icsBase = `http://127.0.0.1:${port}`;
  t = await startTestApp({ HELIXIS_INBOUND_MAIL_DOMAIN: DOMAIN, HELIXIS_TRUSTED_UPSTREAMS: `127.0.0.1:${port}` });
  smtp = await startInboundMail(t.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
  await new Promise<void>((r) => icsServer.close(() => r()));
});

describe('create-email-alias and inbound SMTP', () => {
  it('gives one address per workspace and receives mail for it over SMTP', async () => {
    const { workspaceId, ...user } = await signedIn();
    const first = await callFunction(t, user, 'create-email-alias', { workspace_id: workspaceId });
    expect(first.status).toBe(200);
    expect(first.body.address).toMatch(new RegExp(`^inbox-[0-9a-f]{12}@${DOMAIN.replace(/\./g, '\\.')}$`));
    const again = await callFunction(t, user, 'create-email-alias');
    expect(again.body.address).toBe(first.body.address);

    const info = await transport().sendMail({
      from: 'Tenant Tom <tom@example.com>',
      to: first.body.address,
      subject: 'Leaking faucet in unit 4B',
      text: 'Hello, the kitchen faucet in unit 4B has been dripping since Tuesday. Tom',
      attachments: [
        { filename: 'photo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]), contentType: 'image/png' },
        { filename: 'run-me.exe', content: Buffer.from('MZ'), contentType: 'application/octet-stream' },
      ],
    });
    expect(info.accepted).toEqual([first.body.address]);

    const list = await waitFor(
      () => api<any>(t, 'GET', '/api/v1/mail/messages', { token: user.token }),
      (r) => r.body.messages?.length === 1,
    );
    const mail = list.body.messages[0];
    expect(mail).toMatchObject({
      source: 'alias',
      subject: 'Leaking faucet in unit 4B',
      to: first.body.address,
    });
    expect(mail.from).toContain('tom@example.com');
    expect(mail.text).toContain('dripping since Tuesday');
    expect(mail.attachments).toEqual([{ filename: 'photo.png', contentType: 'image/png', size: 4 }]);
    expect(mail.document_id).toMatch(/^[0-9a-f-]{36}$/);

    // The text reaches the knowledge base.
    const hits = await waitFor(
      () =>
        api<any>(t, 'POST', '/functions/v1/search', { token: user.token, body: { query: 'kitchen faucet dripping' } }),
      (r) => r.body.results?.length > 0,
    );
    expect(hits.body.results[0].document_id).toBe(mail.document_id);

    const status = await api<any>(t, 'GET', '/api/v1/mail/status', { token: user.token });
    expect(status.body.alias).toEqual({ address: first.body.address, received: 1 });
  });

  it('refuses unknown aliases and other domains at RCPT time (no open relay)', async () => {
    const user = await signedIn();
    const alias = await callFunction(t, user, 'create-email-alias');
    for (const to of [`inbox-000000000000@${DOMAIN}`, 'someone@gmail.example']) {
      await expect(transport().sendMail({ from: 'x@example.com', to, subject: 's', text: 't' })).rejects.toMatchObject({
        responseCode: 550,
      });
    }
    // A mixed envelope delivers only to the real alias.
    const info = await transport().sendMail({
      from: 'x@example.com',
      to: [alias.body.address, `nobody@${DOMAIN}`],
      subject: 'Mixed',
      text: 'Only one of us exists.',
    });
    expect(info.accepted).toEqual([alias.body.address]);
    expect(info.rejected).toEqual([`nobody@${DOMAIN}`]);
  });

  it("keeps each workspace's mail to itself", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const aliasA = await callFunction(t, a, 'create-email-alias');
    await transport().sendMail({
      from: 'x@example.com',
      to: aliasA.body.address,
      subject: 'For A only',
      text: 'secret A',
    });
    await waitFor(
      () => api<any>(t, 'GET', '/api/v1/mail/messages', { token: a.token }),
      (r) => r.body.messages?.length === 1,
    );
    const other = await api<any>(t, 'GET', '/api/v1/mail/messages', { token: b.token });
    expect(other.body.messages).toEqual([]);
    const foreign = await callFunction(t, b, 'create-email-alias', { workspace_id: a.workspaceId });
    expect(foreign.status).toBe(403);
  });
});

describe('ingest-ics', () => {
  it('imports an uploaded .ics, registering its VTIMEZONE and expanding the recurrence', async () => {
    const { workspaceId, ...user } = await signedIn();
    const form = new FormData();
    form.set('workspace_id', workspaceId);
    form.set('file', new Blob([calendar('Maple Court')], { type: 'text/calendar' }), 'maple.ics');
    const res = await fetch(`${t.url}/functions/v1/ingest-ics`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ ok: true, calendar: 'Maple Court', events: 2, occurrences: 5 });

    const events = await api<any>(t, 'GET', '/api/v1/calendar/events', { token: user.token });
    const inspections = events.body.events.filter((e: any) => e.uid === 'inspection-1@test');
    expect(inspections).toHaveLength(4);
    // 10:00 at UTC+03:00 is 07:00Z: the file's own time zone was applied.
    for (const e of inspections) {
      expect(e.starts_at).toMatch(/T07:00:00\.000Z$/);
      expect(e.recurring).toBe(true);
      expect(e.location).toBe('12 Maple Court');
    }
    const gaps = inspections
      .slice(1)
      .map((e: any, i: number) => Date.parse(e.starts_at) - Date.parse(inspections[i].starts_at));
    expect(gaps).toEqual([7, 7, 7].map((d) => d * 86_400_000));
    expect(events.body.events.find((e: any) => e.uid === 'rent-day@test')).toMatchObject({ all_day: true });

    // The assistant's knowledge now answers "when is the next inspection?".
    const hits = await waitFor(
      () => api<any>(t, 'POST', '/functions/v1/search', { token: user.token, body: { query: 'next inspection' } }),
      (r) => r.body.results?.length > 0,
    );
    expect(hits.body.results[0].document_title).toContain('Maple Court');

    const summary = await api<any>(t, 'POST', '/functions/v1/integrations-summary', { token: user.token, body: {} });
    expect(summary.body.accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'calendar', status: 'connected' })]),
    );
    expect(summary.body.jobs[0]).toMatchObject({
      provider: 'ics',
      source_type: 'file',
      status: 'completed',
      error: null,
    });
    const status = await api<any>(t, 'GET', '/api/v1/mail/status', { token: user.token });
    expect(status.body.calendar).toEqual({ connected: true, events: 5 });
  });

  it('imports from a URL through the safe fetch, and re-importing replaces the events', async () => {
    const user = await signedIn();
    icsBodies.set('/team.ics', calendar('Team'));
    const url = `${icsBase}/team.ics`;
    for (let i = 0; i < 2; i++) {
      const res = await api<any>(t, 'POST', '/functions/v1/ingest-ics', { token: user.token, body: { icsUrl: url } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, calendar: 'Team', occurrences: 5 });
    }
    const events = await api<any>(t, 'GET', '/api/v1/calendar/events', { token: user.token });
    expect(events.body.events).toHaveLength(5);
  });

  it('refuses private addresses, bad files and wrong types with readable errors', async () => {
    const user = await signedIn();
    const privateUrl = await api<any>(t, 'POST', '/functions/v1/ingest-ics', {
      token: user.token,
      body: { icsUrl: 'http://10.0.0.8/calendar.ics' },
    });
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.body.error.code).toBe('url_not_allowed');

    const missing = await api<any>(t, 'POST', '/functions/v1/ingest-ics', {
      token: user.token,
      body: { icsUrl: `${icsBase}/nothing.ics` },
    });
    expect(missing.status).toBe(502);
    expect(missing.body.error.message).toContain('404');

    const upload = async (name: string, content: string) => {
      const form = new FormData();
      form.set('file', new Blob([content]), name);
      const res = await fetch(`${t.url}/functions/v1/ingest-ics`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const broken = await upload('broken.ics', 'BEGIN:VCALENDAR\r\nthis is not a calendar');
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('calendar_unreadable');
    const wrongType = await upload('notes.txt', calendar('x'));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toBe('Please choose an .ics or .ical calendar file.');

    const summary = await api<any>(t, 'POST', '/functions/v1/integrations-summary', { token: user.token, body: {} });
    expect(summary.body.jobs.some((j: any) => j.status === 'failed' && j.error)).toBe(true);
    expect(summary.body.accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'calendar', status: 'error' })]),
    );
  });
});
