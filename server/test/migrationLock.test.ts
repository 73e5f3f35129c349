import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { prepareDatabase } from '../src/app';
import { openDatabase, type Db } from '../src/db/connect';
import { readDemoAccounts } from '../src/db/seed';
import { testConfig } from './helpers';
import { createPgSchema } from './pg';

// Two API processes started at once on an empty database (a rolling deployment, `npm run start:cluster`): each opens
// its own pool and prepares the database. The migrations and the seed must run once, and both processes must start.
describe('two processes preparing one empty PostgreSQL database at once', () => {
  let drop: (() => Promise<void>) | undefined;
  const dbs: Db[] = [];
  let dataDir: string;
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the migrations and the seed once, and both start', async () => {
    const pg = await createPgSchema();
    drop = pg.drop;
    dataDir = mkdtempSync(path.join(tmpdir(), 'sciexperts-migrate-'));
    const config = testConfig(dataDir, { databaseUrl: pg.url, databaseSchema: pg.schema, seedDemo: true });
    for (let i = 0; i < 3; i++) dbs.push(openDatabase({ databaseUrl: pg.url, databaseSchema: pg.schema, sqliteFile: '' }));

    const outcomes = await Promise.allSettled(dbs.map((db) => prepareDatabase(db, config)));
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'started'))).toEqual(['started', 'started', 'started']);

    const db = dbs[0];
    if (!db) throw new Error('no pool');
    const migrations = await sql<{ name: string; times: number }>`select name, count(*)::int as times from kysely_migration group by name`.execute(db.kysely);
    expect(migrations.rows.length).toBeGreaterThan(10);
    expect(migrations.rows.filter((row) => row.times !== 1)).toEqual([]);
    const demoEmails = readDemoAccounts().map((account) => account.email.toLowerCase());
    expect(demoEmails.length).toBeGreaterThan(0);
    const users = await db.kysely.selectFrom('users').select('email').where('email', 'in', demoEmails).execute();
    expect(users.map((u) => u.email).sort()).toEqual([...demoEmails].sort());
  }, 120_000);
});
