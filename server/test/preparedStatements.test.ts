// The PostgreSQL pool names the statements the app repeats (decision 0025): checked against the server's own list of
// a connection's prepared statements, and across a change of table shape.
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/db/connect';
import { createPgSchema } from './pg';

describe('prepared statements on PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const pg = await createPgSchema();
    drop = pg.drop;
    db = openDatabase({ databaseUrl: pg.url, databaseSchema: pg.schema, sqliteFile: '' });
    await sql`create table things (id integer primary key, name text not null)`.execute(db.kysely);
    await sql`insert into things values (1, 'one'), (2, 'two')`.execute(db.kysely);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  // One connection (a transaction), so the server's list is the one the statements were prepared on.
  const preparedOnConnection = (run: (k: typeof db.kysely) => Promise<unknown>) =>
    db.kysely.transaction().execute(async (trx) => {
      await run(trx);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
      return rows.map((r) => r.statement);
    });

  it('prepares a statement with parameters from its second use on, and never BEGIN or a statement without parameters', async () => {
    const byId = (k: typeof db.kysely, id: number) => k.selectFrom('things' as never).select('name' as never).where('id' as never, '=', id as never).execute();
    const prepared = await preparedOnConnection(async (k) => {
      for (const id of [1, 2, 1]) await byId(k, id);
      await sql`select count(*) from things`.execute(k);
    });
    expect(prepared.filter((s) => s.includes('from "things" where "id" = $1'))).toHaveLength(1);
    expect(prepared.some((s) => /count\(\*\)/.test(s))).toBe(false);
    expect((await byId(db.kysely, 2)) as unknown).toEqual([{ name: 'two' }]);
  });

  it('answers a prepared "select *" after its table gained a column, with the new column', async () => {
    const all = (k: typeof db.kysely) => k.selectFrom('things' as never).selectAll().where('id' as never, '>', 0 as never).orderBy('id' as never).execute();
    await preparedOnConnection(async (k) => {
      await all(k);
      await all(k);
    });
    await sql`alter table things add column extra text`.execute(db.kysely);
    for (let i = 0; i < 12; i++) expect(((await all(db.kysely)) as unknown as Array<Record<string, unknown>>)[0]).toEqual({ id: 1, name: 'one', extra: null });
  });
});
