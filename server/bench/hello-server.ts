/** The bare Fastify route bench:load compares Helixis with: no hooks, no database, one JSON answer. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write('hello listening\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
