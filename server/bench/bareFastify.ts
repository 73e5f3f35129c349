// The yardstick of the API read-path figures: a bare Fastify route on the same machine, in the same run, sending
// the same 20-item JSON body the real list route sends, with nothing else (no auth, no database, no plugins).
// Started by api.bench.ts as `node --import tsx server/bench/bareFastify.ts <port> <body.json>`.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [portArg, bodyFile] = process.argv.slice(2);
const body: unknown = JSON.parse(readFileSync(bodyFile!, 'utf8'));
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.get('/list', async () => body);
app.listen({ port: Number(portArg), host: '127.0.0.1' }).catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
