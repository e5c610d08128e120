import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAICompatibleProvider } from '../llm/openai-provider';
import { generate } from '../llm/provider';
import { getJson, MailApiError } from './mail-message';
import { exchangeWithRetry, newTraceId, UpstreamError } from './upstream';

/**
 * Upstream faults, table-driven, for the calls that speak to Google (Gmail API), Microsoft (Graph)
 * and AppFolio (through exchangeWithRetry, shared with Buildium, whose client tests cover the same
 * schedule): 429 with Retry-After, 5xx, timeouts and malformed JSON. Bounded retries, Retry-After
 * honoured, then a clear error carrying the trace id sent upstream.
 */

type Step = { status: number; body?: string; headers?: Record<string, string>; hang?: boolean };
let script: Step[] = [];
const seen: { path: string; traceId: string | undefined }[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // A late attempt of an earlier call (one the client gave up on while the machine was busy) must not
    // take a step scripted for the call under test: it is answered and not counted.
    if (req.url?.includes('?call=') && req.url !== currentCall) {
      res.writeHead(410, { 'content-type': 'application/json' });
      res.end('{}');
      return;
    }
    seen.push({ path: req.url ?? '', traceId: req.headers['x-request-id'] as string | undefined });
    const step = script.shift() ?? { status: 200, body: '{"ok":true}' };
    if (step.hang) return; // never answers: the caller's timeout fires
    res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
    res.end(step.body ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const vendors = [
  { vendor: 'Google (Gmail)', path: '/gmail/v1/users/me/messages' },
  { vendor: 'Microsoft (Graph)', path: '/v1.0/me/messages' },
];

/** The URL of the mail call under test: each call gets its own, its retries share it. */
let currentCall = '';
let calls = 0;
function callMail(path: string, sleeps: number[]) {
  currentCall = `${path}?call=${++calls}`;
  return getJson(`${base}${currentCall}`, 'token', {
    timeoutMs: 300,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
}

describe.each(vendors)('$vendor mail API faults', ({ path }) => {
  it('waits for Retry-After on 429, then succeeds', async () => {
    script = [{ status: 429, headers: { 'retry-after': '2' }, body: '{"error":{"message":"slow down"}}' }];
    seen.length = 0;
    const sleeps: number[] = [];
    expect(await callMail(path, sleeps)).toEqual({ ok: true });
    expect(sleeps).toEqual([2000]);
    expect(seen).toHaveLength(2);
    // One logical call: the same trace id on both attempts.
    expect(seen[0]?.traceId).toBeTruthy();
    expect(seen[1]?.traceId).toBe(seen[0]?.traceId);
  });

  it('gives up after 3 attempts on 5xx with growing, jittered delays and the provider message', async () => {
    script = [503, 502, 500].map((status) => ({ status, body: '{"error":{"message":"backend down"}}' }));
    seen.length = 0;
    const sleeps: number[] = [];
    const err = await callMail(path, sleeps).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailApiError);
    expect(err).toMatchObject({ status: 500, message: 'backend down', traceId: seen[0]?.traceId });
    expect(seen).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(sleeps[0]).toBeLessThanOrEqual(300);
    expect(sleeps[1]).toBeGreaterThanOrEqual(500);
    expect(sleeps[1]).toBeLessThanOrEqual(600);
  });

  it('does not wait for a Retry-After beyond the cap', async () => {
    script = [{ status: 429, headers: { 'retry-after': '120' } }];
    seen.length = 0;
    const err = await callMail(path, []).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429 });
    expect(seen).toHaveLength(1);
  });

  it('retries a timeout, then reports it', async () => {
    script = [
      { status: 0, hang: true },
      { status: 0, hang: true },
      { status: 0, hang: true },
    ];
    seen.length = 0;
    const err = await callMail(path, []).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, message: 'timed out' });
    expect(seen).toHaveLength(3);
  });

  it('fails at once on malformed JSON in a 200, and on 401 without retrying', async () => {
    script = [{ status: 200, body: '{"messages": [' }];
    seen.length = 0;
    expect(await callMail(path, []).catch((e: unknown) => e)).toMatchObject({ message: 'the answer was not JSON' });
    script = [{ status: 401, body: '{"error":{"message":"Invalid Credentials"}}' }];
    expect(await callMail(path, []).catch((e: unknown) => e)).toMatchObject({
      status: 401,
      message: 'Invalid Credentials',
    });
    expect(seen).toHaveLength(2);
  });
});

describe('AppFolio / Buildium exchange faults', () => {
  const exchange = (sleeps: number[]) =>
    exchangeWithRetry(
      {
        config: { trustedUpstreams: [new URL(base).host] },
        timeoutMs: 300,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      },
      {
        url: new URL(`${base}/api/v2/reports/rent_roll.json`),
        method: 'POST',
        headers: {},
        body: '{}',
        path: '/api/v2/reports/rent_roll.json',
        traceId: newTraceId(),
        vendor: 'appfolio',
      },
    );

  it.each([
    ['429 with Retry-After then 200', [{ status: 429, headers: { 'retry-after': '1' } }], null, 2, [1000]],
    ['5xx three times', [{ status: 503 }, { status: 503 }, { status: 503 }], 'upstream_5xx', 3, null],
    [
      'a timeout three times',
      [
        { status: 0, hang: true },
        { status: 0, hang: true },
        { status: 0, hang: true },
      ],
      'network_timeout',
      3,
      null,
    ],
    ['malformed JSON in a 200', [{ status: 200, body: 'not json' }], 'unknown', 1, []],
  ] as const)('%s', async (_name, steps, code, attempts, expectedSleeps) => {
    script = steps.map((s) => ({ ...s }) as Step);
    seen.length = 0;
    const sleeps: number[] = [];
    const outcome = await exchange(sleeps).catch((e: unknown) => e);
    if (code === null) expect(outcome).toMatchObject({ status: 200 });
    else {
      expect(outcome).toBeInstanceOf(UpstreamError);
      expect(outcome).toMatchObject({ code, details: { attempts } });
    }
    expect(seen).toHaveLength(attempts);
    if (expectedSleeps) expect(sleeps).toEqual(expectedSleeps);
  });
});

describe('model endpoint (OpenAI-compatible) faults', () => {
  const ask = () =>
    generate(createOpenAICompatibleProvider({ baseUrl: base, model: 'm', maxRetries: 2, timeoutMs: 2_000 }), {
      mode: 'operational',
      systemPrompt: 'You are Helixis.',
      temperature: 0.2,
      history: [{ role: 'user', content: 'What is the late fee?' }],
      evidence: [],
      businessContext: '',
    });

  it('retries 429 with Retry-After up to its bound, then fails with an error', async () => {
    script = [0, 1, 2].map(() => ({
      status: 429,
      headers: { 'retry-after': '0' },
      body: '{"error":{"message":"rate limited"}}',
    }));
    seen.length = 0;
    await expect(ask()).rejects.toThrow();
    expect(seen).toHaveLength(3);
    expect(seen.every((s) => s.path.endsWith('/chat/completions'))).toBe(true);
  });

  it('fails on a malformed answer instead of inventing one', async () => {
    script = [{ status: 200, body: '{"choices": [', headers: { 'content-type': 'application/json' } }];
    seen.length = 0;
    await expect(ask()).rejects.toThrow();
  });
});
