import pg from 'pg';
import { openDatabase, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrations';
import { createPgSchema } from './pg';

// Several runs share one PostgreSQL database, a schema each (the tests' throw-away schemas; several sites on one
// database). Migrating one must not depend on the others. The migrator asks the database which tables exist; Kysely's
// own answer read every column of every schema and looked each table up by name, so a schema another run dropped
// between those two steps failed this run's migration ('column "jobTitle" of relation "workExperiences" does not
// exist', the other schema's table). That moment cannot be staged on demand; what removes it can be checked: the
// question is asked of this schema only.
describe('migrating one schema beside the other schemas of the database', () => {
  const cleanUps: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it('runs every migration, and looks at no table outside its own schema', async () => {
    const other = await createPgSchema();
    const ours = await createPgSchema();
    cleanUps.push(other.drop, ours.drop);
    const client = new pg.Client({ connectionString: other.url });
    await client.connect();
    await client.query(`create table ${other.schema}."workExperiences" (id serial primary key, "jobTitle" text not null)`);
    await client.end();

    const db: Db = openDatabase({ databaseUrl: ours.url, databaseSchema: ours.schema, sqliteFile: '' });
    cleanUps.push(() => db.close());
    await migrate(db.kysely as never, 'postgres');

    const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([ours.schema]));
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'users', 'workExperiences', 'messages']));
    expect((await db.kysely.introspection.getSchemas()).map((schema) => schema.name)).toEqual([ours.schema]);
  });
});
