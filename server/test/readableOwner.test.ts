import { sql } from 'kysely';
import { readableOwner } from '../src/modules/users/access';
import { member, startAppOn, type Harness } from './helpers';

// The list reads' owner check (decision 0019) reads at once on SQLite, outside Kysely's connection lock. It must read
// what Kysely would: never a row a transaction still holds uncommitted (a record's insert bumps the owner's
// recordsVersion in its transaction; a list body kept under a version that was then rolled back would be served stale).
describe.each(['sqlite', 'postgres'] as const)("the list reads' owner check over %s", (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAppOn(dialect);
  });
  afterAll(() => h?.close());

  const versionOf = async (id: number) => Number((await h.db.kysely.selectFrom('users').select('recordsVersion').where('id', '=', id).executeTakeFirstOrThrow()).recordsVersion);

  it('reads the committed version, and a private profile is a 404 to others but not to its owner', async () => {
    const owner = await member(h);
    const other = await member(h);
    await h.db.kysely.updateTable('users').set({ isProfilePublic: 0 }).where('id', '=', owner.id).execute();
    expect(await readableOwner(h.db, owner.id, owner.id)).toEqual({ id: owner.id, recordsVersion: await versionOf(owner.id) });
    await expect(readableOwner(h.db, other.id, owner.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(readableOwner(h.db, owner.id, 987_654_321)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('never sees what an open transaction wrote: a check made during it reads the version it leaves behind', async () => {
    const owner = await member(h);
    const before = await versionOf(owner.id);
    let during: Promise<unknown> | undefined;
    await h.db.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`update "users" set "recordsVersion" = "recordsVersion" + 100 where "id" = ${owner.id}`.execute(trx);
        // Not awaited here: it may have to wait for the transaction to end.
        during = readableOwner(h.db, owner.id, owner.id);
        // Its result, whenever it comes, must not be the +100 that is about to be rolled back.
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    expect(await during).toEqual({ id: owner.id, recordsVersion: before });
    expect(await versionOf(owner.id)).toBe(before);
  });
});
