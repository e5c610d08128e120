import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible server: POST /v1/chat/completions, answered as JSON or,
 * with `stream: true`, as server-sent `chat.completion.chunk` events ending in `data: [DONE]`.
 * By default it answers with the first citation marker it finds in the system message, so tests can
 * see the retrieved context reached the model.
 */
export interface FakeChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  stream?: boolean;
  authorization: string | undefined;
}

export interface FakeOpenAI {
  /** Base URL to configure, ending in /v1. */
  url: string;
  requests: FakeChatRequest[];
  /** Replace the answer builder (per test). */
  reply: (request: FakeChatRequest) => string;
  /** Milliseconds between the streamed pieces of an answer (a slow model; 0, the default, sends at once). */
  pauseMs: number;
  /** Answer the next N requests with this HTTP status (e.g. 500) before answering normally. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export function defaultFakeReply(request: FakeChatRequest): string {
  const full = request.messages.find((m) => m.role === 'system')?.content ?? '';
  // Only the sources block counts (the instructions show example markers).
  const system = full.includes('Sources:') ? full.slice(full.indexOf('Sources:')) : '';
  const marker = system.match(/\[(Doc|Fact):[^\]]+\]/)?.[0];
  if (!marker) return "I don't know. A person on the team will follow up.";
  const body =
    system
      .slice(system.indexOf(marker) + marker.length)
      .trim()
      .split('\n')[0] ?? '';
  return `Per our records, ${body} ${marker}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  let failures: { status: number; left: number } | null = null;
  const fake: Omit<FakeOpenAI, 'url' | 'close'> & { url?: string } = {
    requests: [],
    reply: defaultFakeReply,
    pauseMs: 0,
    failNext(status, times = 1) {
      failures = { status, left: times };
    },
  };
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
      return;
    }
    const raw = JSON.parse(await readBody(req)) as Omit<FakeChatRequest, 'authorization'>;
    const request: FakeChatRequest = { ...raw, authorization: req.headers.authorization };
    fake.requests.push(request);
    if (failures && failures.left > 0) {
      failures.left--;
      res.writeHead(failures.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Injected failure', type: 'server_error' } }));
      return;
    }
    const text = fake.reply(request);
    const id = `chatcmpl-fake-${fake.requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    if (!request.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: request.model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
      if (fake.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.pauseMs));
      if (res.destroyed) return;
      res.write(chunk({ content: piece }, null));
    }
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const result = fake as FakeOpenAI;
  result.url = `http://127.0.0.1:${port}/v1`;
  result.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    });
  return result;
}
