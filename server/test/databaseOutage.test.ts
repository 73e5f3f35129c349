import { openDatabase } from '../src/db/connect';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/db/errors';
import { eventually, member, startApp, type Harness } from './helpers';
import { createPgSchema } from './pg';
import { TcpRelay } from './tcpRelay';

// The machine's PostgreSQL is reached through a relay the test cuts and restores (it is never touched itself).
describe('PostgreSQL unreachable, then back', () => {
  let h: Harness;
  let drop: () => Promise<void>;
  let relay: TcpRelay;
  beforeAll(async () => {
    const pg = await createPgSchema();
    drop = pg.drop;
    const direct = new URL(pg.url);
    relay = new TcpRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    await relay.open();
    const url = new URL(pg.url);
    url.port = String(relay.port);
    const db = openDatabase({ databaseUrl: url.toString(), databaseSchema: pg.schema, sqliteFile: '' });
    h = await startApp({ databaseUrl: url.toString(), databaseSchema: pg.schema, sessionCacheMs: 0 }, { db });
  }, 30_000);
  afterAll(async () => {
    await h?.close();
    await relay?.cut();
    await drop?.();
  });

  it('answers 503 with a clear message during the outage and recovers by itself', async () => {
    const m = await member(h);
    const read = () => h.api<{ message?: string }>('GET', '/api/Chat/Conversations', { token: m.token });
    const signIn = () => h.api<{ message?: string }>('POST', '/api/Account/Login', { body: { email: m.email, password: m.password } });
    expect((await read()).status).toBe(200);

    await relay.cut();
    for (const answer of [await read(), await signIn(), await read()]) {
      expect({ status: answer.status, message: answer.body.message, retryAfter: answer.headers.get('retry-after') }).toEqual({
        status: 503,
        message: DATABASE_UNAVAILABLE_MESSAGE,
        retryAfter: '5',
      });
    }
    // Readiness says so too, so a proxy or orchestrator with active checks sends nothing here meanwhile.
    expect((await h.api('GET', '/api/health/ready')).status).toBe(503);

    // Back on the same address: the pool makes new connections by itself, no restart.
    await relay.open();
    await eventually(async () => (await read()).status === 200, 'reads to work again');
    expect((await signIn()).status).toBe(200);
    expect((await h.api('GET', '/api/health/ready')).status).toBe(200);
  }, 60_000);
});
