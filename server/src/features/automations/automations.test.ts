import type { Automation, AutomationTestResult, RunLogEntry } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { ingestAndWait } from '../knowledge/test-helpers';
import { formatSlot, proposeTimes } from './automations.service';
import { insertBusySlots } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Err = { error: { code: string; message: string } };

async function owner(): Promise<{ user: TestUser; workspaceId: string }> {
  const user = await createUserWithSession(t);
  const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: user.token });
  return { user, workspaceId: me.body.workspace.id };
}

async function create(token: string, kind: string, name: string) {
  return api<{ automation: Automation } & Err>(t, 'POST', '/api/v1/automations', { token, body: { kind, name } });
}

describe('automations API', () => {
  it('creates automations disabled: needs_auth for e-mail and rescheduler, paused otherwise; no fake stats', async () => {
    const { user } = await owner();
    const expected = {
      email_inbox: 'needs_auth',
      smart_rescheduler: 'needs_auth',
      sms_text: 'paused',
      call_followup: 'paused',
    } as const;
    for (const [kind, status] of Object.entries(expected)) {
      const res = await create(user.token, kind, `My ${kind}`);
      expect(res.status).toBe(200);
      expect(res.body.automation).toMatchObject({
        kind,
        status,
        enabled: false,
        errorMsg: null,
        lastRunAt: null,
        stats: { today: 0, '7d': 0 },
        connections: { gmail: false, ms365: false, twilio: false, voice: false },
      });
    }
    const list = await api<{ automations: Automation[] }>(t, 'GET', '/api/v1/automations', { token: user.token });
    expect(list.body.automations.map((a) => a.status)).toEqual(Object.values(expected));
  });

  it('rejects bad input with readable messages', async () => {
    const { user } = await owner();
    const noName = await create(user.token, 'sms_text', '   ');
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toContain('Please give the automation a name.');
    const badKind = await create(user.token, 'fax', 'x');
    expect(badKind.status).toBe(400);
    const missing = await api<Err>(t, 'POST', '/api/v1/automations/00000000-0000-4000-8000-000000000000/toggle', {
      token: user.token,
      body: { enabled: true },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Automation not found.');
  });

  it('switching on/off follows the status rules: needs_auth stays, paused → connected, off → paused', async () => {
    const { user } = await owner();
    const email = (await create(user.token, 'email_inbox', 'Inbox')).body.automation;
    const sms = (await create(user.token, 'sms_text', 'Texts')).body.automation;
    const toggle = (id: string, enabled: boolean) =>
      api<{ automation: Automation }>(t, 'POST', `/api/v1/automations/${id}/toggle`, {
        token: user.token,
        body: { enabled },
      });
    expect((await toggle(email.id, true)).body.automation).toMatchObject({ enabled: true, status: 'needs_auth' });
    expect((await toggle(sms.id, true)).body.automation).toMatchObject({ enabled: true, status: 'connected' });
    expect((await toggle(sms.id, false)).body.automation).toMatchObject({ enabled: false, status: 'paused' });
    expect((await toggle(email.id, false)).body.automation).toMatchObject({ enabled: false, status: 'paused' });
  });

  it('marks gmail connected only when the workspace has a connected Gmail token, and drops it when it goes', async () => {
    const { user, workspaceId } = await owner();
    const email = (await create(user.token, 'email_inbox', 'Inbox')).body.automation;
    await api(t, 'POST', `/api/v1/automations/${email.id}/toggle`, { token: user.token, body: { enabled: true } });
    let list = await api<{ automations: Automation[] }>(t, 'GET', '/api/v1/automations', { token: user.token });
    expect(list.body.automations[0]).toMatchObject({ status: 'needs_auth', connections: { gmail: false } });

    await t.database.query(
      `insert into oauth_tokens (workspace_id, user_id, provider, access_token_encrypted, status)
       values ($1, $2, 'gmail', 'not-read-here', 'connected')`,
      [workspaceId, user.id],
    );
    list = await api<{ automations: Automation[] }>(t, 'GET', '/api/v1/automations', { token: user.token });
    expect(list.body.automations[0]).toMatchObject({
      status: 'connected',
      enabled: true,
      connections: { gmail: true, ms365: false, twilio: false, voice: false },
    });
    // A rescheduler created now starts disabled but already connected → paused.
    const rescheduler = await create(user.token, 'smart_rescheduler', 'Calendar');
    expect(rescheduler.body.automation).toMatchObject({ status: 'paused', connections: { gmail: true } });
    // SMS never shows a Twilio connection that does not exist.
    const sms = await create(user.token, 'sms_text', 'Texts');
    expect(sms.body.automation.connections.twilio).toBe(false);

    await t.database.query(`delete from oauth_tokens where workspace_id = $1`, [workspaceId]);
    list = await api<{ automations: Automation[] }>(t, 'GET', '/api/v1/automations', { token: user.token });
    expect(list.body.automations[0]).toMatchObject({ status: 'needs_auth', connections: { gmail: false } });
  });

  it('employees may list but not change; other workspaces see nothing', async () => {
    const { user, workspaceId } = await owner();
    const auto = (await create(user.token, 'sms_text', 'Texts')).body.automation;
    const employee = await createUserWithSession(t);
    await t.database.query(`insert into memberships (user_id, workspace_id, role) values ($1, $2, 'MEMBER')`, [
      employee.id,
      workspaceId,
    ]);
    const list = await api<{ automations: Automation[] }>(t, 'GET', '/api/v1/automations', { token: employee.token });
    expect(list.body.automations).toHaveLength(1);
    const denied = await create(employee.token, 'sms_text', 'Nope');
    expect(denied.status).toBe(403);
    const toggle = await api(t, 'POST', `/api/v1/automations/${auto.id}/toggle`, {
      token: employee.token,
      body: { enabled: true },
    });
    expect(toggle.status).toBe(403);
    const test = await api(t, 'POST', `/api/v1/automations/${auto.id}/test`, {
      token: employee.token,
      body: { text: 'hi' },
    });
    expect(test.status).toBe(403);

    const stranger = await owner();
    const other = await api<{ automations: Automation[] }>(t, 'GET', '/api/v1/automations', {
      token: stranger.user.token,
    });
    expect(other.body.automations).toEqual([]);
    const del = await api(t, 'DELETE', `/api/v1/automations/${auto.id}`, { token: stranger.user.token });
    expect(del.status).toBe(404);
  });

  it('Run test classifies with the routing rules, drafts from the knowledge base with citations, and records a run', async () => {
    const { user } = await owner();
    await ingestAndWait(
      t,
      user.token,
      'pricing.md',
      '# Pricing\n\nMonthly rent for a two-bedroom unit is $1,850. The security deposit equals one month of rent.\n\n# Pets\n\nCats are welcome; dogs under 30 lb with a $300 pet fee.',
    );
    const auto = (await create(user.token, 'email_inbox', 'Inbox')).body.automation;

    const res = await api<AutomationTestResult>(t, 'POST', `/api/v1/automations/${auto.id}/test`, {
      token: user.token,
      body: { text: 'Hello, how much is the rent for a two-bedroom unit?' },
    });
    expect(res.status).toBe(200);
    expect(res.body.intent).toBe('pricing_question');
    expect(res.body.actions).toEqual(['Draft reply', 'Queue for approval']);
    // Two top-level sections: the document is titled by its file name.
    expect(res.body.citations[0]?.citation).toBe('[Doc:pricing#0]');
    expect(res.body.draft).toContain('$1,850');
    // The draft is for the resident: no markers or file names; the sources stay beside it for the owner.
    expect(res.body.draft).not.toContain('[Doc:');
    expect(res.body.draft).not.toContain('pricing.md');
    expect(res.body.draft?.startsWith('Hello,\n\n')).toBe(true);
    expect(res.body.run.status).toBe('success');

    const general = await api<AutomationTestResult>(t, 'POST', `/api/v1/automations/${auto.id}/test`, {
      token: user.token,
      body: { text: 'Do you have parking for motorcycles?' },
    });
    expect(general.body.intent).toBe('general_inquiry');
    expect(general.body.citations).toEqual([]);
    expect(general.body.draft).toBeNull();
    expect(general.body.actions).toContain('Create task for a human');

    // Routing comes from the config: a new rule changes the classification.
    const updated = await api<{ automation: Automation }>(t, 'PATCH', `/api/v1/automations/${auto.id}`, {
      token: user.token,
      body: {
        id: auto.id,
        config: {
          ...auto.config,
          routing: [{ intent: 'parking_question', keywords: ['parking'] }, ...auto.config.routing],
        },
      },
    });
    expect(updated.status).toBe(200);
    const routed = await api<AutomationTestResult>(t, 'POST', `/api/v1/automations/${auto.id}/test`, {
      token: user.token,
      body: { text: 'Do you have parking for motorcycles?' },
    });
    expect(routed.body.intent).toBe('parking_question');

    const runs = await api<{ runs: RunLogEntry[] }>(t, 'GET', `/api/v1/automations/${auto.id}/runs`, {
      token: user.token,
    });
    expect(runs.body.runs).toHaveLength(3);
    expect(runs.body.runs[0]?.msg).toContain('parking_question');
    expect(runs.body.runs[2]?.msg).toContain('pricing_question; 1 citation');
    const list = await api<{ automations: Automation[] }>(t, 'GET', '/api/v1/automations', { token: user.token });
    expect(list.body.automations[0]?.stats).toEqual({ today: 3, '7d': 3 });
    expect(list.body.automations[0]?.lastRunAt).toBe(runs.body.runs[0]?.ts);

    const empty = await api<Err>(t, 'POST', `/api/v1/automations/${auto.id}/test`, {
      token: user.token,
      body: { text: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('Paste a message to test with.');
  });

  it('the rescheduler proposes 3 times that avoid the workspace calendar', async () => {
    const { user, workspaceId } = await owner();
    const auto = (await create(user.token, 'smart_rescheduler', 'Rescheduler')).body.automation;
    const now = new Date();
    const busy = proposeTimes([], now, 2);
    await insertBusySlots(t, workspaceId, busy);
    const res = await api<AutomationTestResult>(t, 'POST', `/api/v1/automations/${auto.id}/test`, {
      token: user.token,
      body: { text: 'Can we reschedule my viewing to another time?' },
    });
    expect(res.status).toBe(200);
    expect(res.body.intent).toBe('reschedule_request');
    expect(res.body.actions.slice(0, 2)).toEqual(['Suggest 3 times', 'Email confirmation']);
    const proposed = (res.body.draft ?? '').split('\n').filter((l) => l.startsWith('- '));
    expect(proposed).toHaveLength(3);
    const expectedFree = proposeTimes(
      busy.map((b) => ({ start: b.getTime(), end: b.getTime() + 3_600_000 })),
      now,
    );
    expect(proposed).toEqual(expectedFree.map((d) => `- ${formatSlot(d)}`));
    for (const b of busy) expect(res.body.draft).not.toContain(formatSlot(b));
  });

  it('deletes an automation with its run log', async () => {
    const { user } = await owner();
    const auto = (await create(user.token, 'sms_text', 'Texts')).body.automation;
    await api(t, 'POST', `/api/v1/automations/${auto.id}/test`, { token: user.token, body: { text: 'price?' } });
    const del = await api(t, 'DELETE', `/api/v1/automations/${auto.id}`, { token: user.token });
    expect(del.status).toBe(200);
    const runs = await api(t, 'GET', `/api/v1/automations/${auto.id}/runs`, { token: user.token });
    expect(runs.status).toBe(404);
    const [count] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from automation_runs where automation_id = $1`,
      [auto.id],
    );
    expect(count?.n).toBe(0);
  });
});

describe('proposeTimes', () => {
  it('skips weekends and busy slots', () => {
    const friday = new Date('2026-11-27T12:00:00Z');
    const nine = Date.parse('2026-11-30T09:00:00Z');
    const times = proposeTimes([{ start: nine, end: nine + 2 * 3_600_000 }], friday);
    expect(times.map((d) => d.toISOString())).toEqual([
      '2026-11-30T11:00:00.000Z',
      '2026-11-30T12:00:00.000Z',
      '2026-11-30T13:00:00.000Z',
    ]);
  });
});
