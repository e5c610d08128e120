/**
 * A local OpenAI-compatible `/v1/embeddings` endpoint backed by the offline sentence encoder
 * (local-encoder.ts), for the quality sweeps: `quality-sweep.ts --fusion --embeddings-url
 * http://127.0.0.1:8799/v1 --embeddings-model use-lite --vectors-cache FILE` embeds both benchmark
 * corpora through the product's own client against it (decision 021 §11–12). Bench only: no auth, on
 * the loopback address.
 *
 *   npx tsx server/bench/knowledge/encoder-server.ts [port]
 */
import http from 'node:http';
import { createLocalEncoder } from '../../src/features/knowledge/embeddings/local-encoder';

const encoder = createLocalEncoder();
const port = Number(process.argv[2] ?? 8799);

http
  .createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', async () => {
      try {
        const { input } = JSON.parse(Buffer.concat(parts).toString('utf8')) as { input: string | string[] };
        const vectors = await encoder.embed(Array.isArray(input) ? input : [input]);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            object: 'list',
            model: encoder.model,
            data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
          }),
        );
      } catch (err) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { message: err instanceof Error ? err.message : String(err) } }));
      }
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`embeddings on http://127.0.0.1:${port}/v1`));
