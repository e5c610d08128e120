import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface EmbeddingsRequest {
  model: string;
  input: string[];
  authorization?: string;
}

/**
 * A local OpenAI-compatible `POST /v1/embeddings` for tests and benchmarks: each input gets
 * `embed(text)`. `reverse` answers the items out of order (clients must sort by `index`).
 */
export async function startFakeEmbeddings(
  embed: (text: string) => number[],
  options: { onRequest?: (request: EmbeddingsRequest) => void; reverse?: boolean } = {},
): Promise<{ baseUrl: string; close: () => void }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return res.writeHead(404).end();
      const parsed = JSON.parse(body) as { model: string; input: string[] };
      options.onRequest?.({ ...parsed, authorization: req.headers.authorization });
      const data = parsed.input.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) }));
      if (options.reverse) data.reverse();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ object: 'list', data, model: parsed.model, usage: { prompt_tokens: 1, total_tokens: 1 } }),
        );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, close: () => server.close() };
}
