// The connection budget (docs/decisions/0048-images-orchestrator-pooler.md): each API process keeps exactly
// DATABASE_POOL_SIZE connections to PostgreSQL, whatever its load, and the manifests' largest scale (the HPA's
// maxReplicas pods, the migrations Job, a backup, a rollout's surge pod) fits within PostgreSQL's max_connections,
// as this PostgreSQL reports it, less the connections it keeps for superusers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig, type ConfigError } from '../src/config';
import { POSTGRES_POOL_SIZE, openDatabase, type Db } from '../src/db/connect';
import { createPgSchema } from './pg';

const KUBERNETES = path.resolve(__dirname, '..', '..', 'deploy', 'kubernetes', 'base');

/** A value of the base's YAML, read by its key's line (the files keep one setting per line). */
function manifestValue(file: string, pattern: RegExp): number {
  const match = pattern.exec(readFileSync(path.join(KUBERNETES, file), 'utf8'));
  if (!match) throw new Error(`${pattern} not found in deploy/kubernetes/base/${file}`);
  return Number(match[1]);
}

describe('DATABASE_POOL_SIZE', () => {
  const problems = (value: string) => {
    try {
      loadConfig({ DATA_DIR: '/tmp/sciexperts-pool-config', DATABASE_POOL_SIZE: value });
      return [];
    } catch (err) {
      return (err as ConfigError).problems;
    }
  };

  it('is 10 unless set, and a whole number from 1 to 100', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/sciexperts-pool-config' }).databasePoolSize).toBe(POSTGRES_POOL_SIZE);
    expect(loadConfig({ DATA_DIR: '/tmp/sciexperts-pool-config', DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    for (const bad of ['0', '101', 'four', '2.5']) expect(problems(bad)).toEqual([expect.stringContaining('DATABASE_POOL_SIZE')]);
  });
});

describe('the connection budget on PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let admin: pg.Client;
  let url: string;

  beforeAll(async () => {
    const created = await createPgSchema();
    drop = created.drop;
    url = created.url;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await db?.close();
    await admin?.end();
    await drop?.();
  });

  it('a process keeps exactly its pool of connections, however many queries wait', async () => {
    const size = manifestValue('config.yaml', /^\s*DATABASE_POOL_SIZE: "(\d+)"/m);
    db = openDatabase({ databaseUrl: url, poolSize: size, sqliteFile: '' });
    // Three times as many queries as connections, each holding its connection for 50 ms.
    const pids = await Promise.all(
      Array.from({ length: size * 3 }, () => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db.kysely).then((r) => r.rows[0]!.pid)),
    );
    expect(new Set(pids).size).toBe(size);
    const open = await admin.query<{ n: string }>('select count(*) as n from pg_stat_activity where pid = any($1::int[])', [[...new Set(pids)]]);
    expect(Number(open.rows[0]!.n)).toBe(size);
  });

  it("20 API pods at the manifests' pool size, the migrations Job, a backup and a rollout's surge pod fit within max_connections", async () => {
    const size = manifestValue('config.yaml', /^\s*DATABASE_POOL_SIZE: "(\d+)"/m);
    const maxReplicas = manifestValue('autoscaling.yaml', /name: sciexperts-api\nspec:\n(?:.*\n)*?\s*maxReplicas: (\d+)/);
    const surge = manifestValue('api.yaml', /maxSurge: (\d+)/);
    expect(maxReplicas).toBeGreaterThanOrEqual(20);
    const settings = await admin.query<{ name: string; setting: string }>("select name, setting from pg_settings where name in ('max_connections', 'superuser_reserved_connections')");
    const value = (name: string) => Number(settings.rows.find((r) => r.name === name)!.setting);
    const available = value('max_connections') - value('superuser_reserved_connections');
    const needed = (maxReplicas + surge) * size + size + 1;
    expect({ needed, available, fits: needed <= available }).toEqual({ needed: 89, available: 97, fits: true });
    // The default pool would not: 20 processes of 10 need twice what PostgreSQL allows by default.
    expect(20 * POSTGRES_POOL_SIZE).toBeGreaterThan(available);
  });
});
