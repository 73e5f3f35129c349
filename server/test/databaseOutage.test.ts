import net from 'node:net';
import { openDatabase } from '../src/db/connect';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/db/errors';
import { eventually, member, startApp, type Harness } from './helpers';
import { createPgSchema } from './pg';

/**
 * A TCP relay in front of the machine's PostgreSQL that the test cuts and restores, as a database restart or a network
 * cut looks to the API (the machine's PostgreSQL itself is never touched).
 */
class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.server = server;
  }

  /** Every connection cut and new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

describe('PostgreSQL unreachable, then back', () => {
  let h: Harness;
  let drop: () => Promise<void>;
  let relay: Relay;
  beforeAll(async () => {
    const pg = await createPgSchema();
    drop = pg.drop;
    const direct = new URL(pg.url);
    relay = new Relay({ host: direct.hostname, port: Number(direct.port || 5432) });
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
