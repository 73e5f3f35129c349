import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_USERS = ['postgres', 'root'];
export const pgUrl = (user: string) => process.env.TEST_DATABASE_URL ?? `postgres://${user}@127.0.0.1:5432/test`;

/** Creates a throw-away schema; PostgreSQL is required on dev and CI machines, so being unreachable is a failure. */
export async function createPgSchema(): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const errors: string[] = [];
  for (const user of PG_USERS) {
    const url = pgUrl(user);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query(`create schema ${schema}`);
      await client.end();
      return {
        url,
        schema,
        drop: async () => {
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          await c.query(`drop schema if exists ${schema} cascade`);
          await c.end();
        },
      };
    } catch (err) {
      errors.push(`${url}: ${(err as Error).message}`);
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`PostgreSQL is required for these tests (127.0.0.1:5432, database "test", trust auth) but is unreachable:\n${errors.join('\n')}`);
}
