import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** PostgreSQL's "cached plan must not change result type": a table a prepared statement reads changed shape. */
const PLAN_CHANGED = '0A000';

/**
 * node-postgres sends each query unnamed, so PostgreSQL parses and plans it every time; the chat's few statements run
 * for every message. A statement the app has sent twice is sent named from then on, and each pooled connection
 * parses and plans it once (decision 0025). Only statements with parameters (never BEGIN, COMMIT or DDL), at most
 * `maxStatements` of them: past that, new texts go unnamed. A statement whose table changed shape since it was
 * prepared is sent unnamed from then on.
 */
export function withPreparedStatements(pool: pg.Pool, maxStatements = 300): PostgresPool {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  const nameFor = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined) return known || undefined;
    if (names.size >= maxStatements) return undefined;
    if (!seenOnce.has(text)) {
      if (seenOnce.size >= 10_000) seenOnce.clear();
      seenOnce.add(text);
      return undefined;
    }
    seenOnce.delete(text);
    const name = `k${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = async (text: string, values: readonly unknown[]) => {
        const name = values.length > 0 ? nameFor(text) : undefined;
        if (name === undefined) return client.query(text, values as unknown[]);
        try {
          return await client.query({ name, text, values: values as unknown[] });
        } catch (err) {
          if ((err as { code?: string }).code !== PLAN_CHANGED) throw err;
          names.set(text, '');
          return client.query(text, values as unknown[]);
        }
      };
      return {
        query: ((textOrCursor: unknown, values?: readonly unknown[]) =>
          typeof textOrCursor === 'string' ? query(textOrCursor, values ?? []) : client.query(textOrCursor as never)) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}
