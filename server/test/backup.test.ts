import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FundResponse } from '@sciexperts/shared/contracts';
import { openDatabase, type Db } from '../src/db/connect';
import { member, startApp, type Harness } from './helpers';
import { PG_USERS, pgUrl } from './pg';
import { FakeProvider, PAYMENTS_CONFIG, caller, deliver, hiredContract, ledgerProblems, paid } from './paymentsFixtures';

const ROOT = path.resolve(__dirname, '..', '..');

/** A database of its own (pg_dump copies a whole database), dropped at the end. */
async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_backup_${randomBytes(5).toString('hex')}`;
  for (const user of PG_USERS) {
    const admin = new pg.Client({ connectionString: pgUrl(user), connectionTimeoutMillis: 3000 });
    try {
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(pgUrl(user));
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        drop: async () => {
          const c = new pg.Client({ connectionString: pgUrl(user) });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        },
      };
    } catch {
      await admin.end().catch(() => undefined);
    }
  }
  throw new Error('PostgreSQL is required for this test (127.0.0.1:5432, trust auth)');
}

const npmScript = (script: string, file: string, databaseUrl: string) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts', `${script}.mjs`), file], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });

describe('npm run backup, then npm run restore into a fresh database', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('brings back the escrow, funded and released, with every ledger invariant holding', async () => {
    const source = await createDatabase();
    cleanups.push(source.drop);
    const db = openDatabase({ databaseUrl: source.url, sqliteFile: '' });
    const provider = new FakeProvider();
    const h: Harness = await startApp({ databaseUrl: source.url, payments: PAYMENTS_CONFIG }, { db, paymentProvider: provider });
    cleanups.push(() => h.close());
    const call = caller(h);
    const client = await member(h, { firstName: 'Olive' });
    const expert = await member(h, { firstName: 'Ada' });
    const { milestoneIds } = await hiredContract(h, client, expert, [100_000, 250_000]);
    // Both milestones funded; the first submitted and approved (released to the expert less the fee), the second held.
    for (const [i, id] of milestoneIds.entries()) {
      const started = await call<FundResponse>('POST', `/api/Milestones/${id}/Fund`, client);
      expect(started.status).toBe(200);
      expect((await deliver(h, paid(started.body.paymentId, i === 0 ? 100_000 : 250_000))).status).toBe(200);
    }
    expect((await call('POST', `/api/Milestones/${milestoneIds[0]}/Submit`, expert, { body: { note: 'Delivered.' } })).status).toBe(200);
    expect((await call('POST', `/api/Milestones/${milestoneIds[0]}/Approve`, client)).status).toBe(200);
    expect(await ledgerProblems(h.db)).toEqual([]);

    const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-backup-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'sciexperts.dump');
    const backup = npmScript('backup', file, source.url);
    expect({ status: backup.status, stderr: backup.stderr }).toEqual({ status: 0, stderr: '' });

    const target = await createDatabase();
    cleanups.push(target.drop);
    const restore = npmScript('restore', file, target.url);
    expect({ status: restore.status, stderr: restore.stderr }).toEqual({ status: 0, stderr: '' });

    const restored: Db = openDatabase({ databaseUrl: target.url, sqliteFile: '' });
    cleanups.push(() => restored.close());
    expect(await ledgerProblems(restored)).toEqual([]);
    const ledger = (d: Db) => d.kysely.selectFrom('ledgerEntries').select(['transactionId', 'account', 'amountCents']).orderBy('id').execute();
    const statuses = (d: Db) => d.kysely.selectFrom('contractMilestones').select(['id', 'status']).orderBy('id').execute();
    expect(await ledger(restored)).toEqual(await ledger(h.db));
    expect(await statuses(restored)).toEqual([
      { id: milestoneIds[0], status: 'released' },
      { id: milestoneIds[1], status: 'funded' },
    ]);
    // The restored database serves the site: the expert's balance is there, nothing migrates again.
    const again = await startApp({ databaseUrl: target.url, payments: PAYMENTS_CONFIG }, { db: openDatabase({ databaseUrl: target.url, sqliteFile: '' }), paymentProvider: provider });
    cleanups.push(() => again.close());
    const login = await again.api<{ token: string }>('POST', '/api/Account/Login', { body: { email: expert.email, password: expert.password } });
    expect(login.status).toBe(200);
    const balance = await again.api('GET', '/api/Payments/Balance', { token: login.body.token });
    expect(balance.body).toEqual({ availableCents: 90_000, inEscrowCents: 0, paidOutCents: 0 });
  }, 120_000);
});
