import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrations';
import { seed } from '../src/db/seed';
import { PasswordHasher } from '../src/auth/passwords';
import { findUserByEmail, findUserById, insertUser, loadUser, updateUser } from '../src/modules/users/repository';
import { createSession, deleteSession, deleteUserSessions, isSessionActive } from '../src/modules/account/repository';
import { deleteRecord, insertRecord, listRecords, updateRecord } from '../src/modules/records/repository';
import { listServices, replaceOfferedServices } from '../src/modules/services/repository';
import { listPublications, replacePublications } from '../src/modules/publications/repository';
import { consumeResetToken, insertResetToken } from '../src/modules/account/repository';
import { insertMessage, listConversation } from '../src/modules/chat/repository';
import { findUserIdByIdentity, linkIdentity } from '../src/modules/account/repository';
import { RECORD_KINDS } from '../src/modules/records/kinds';
import { isUniqueViolation } from '../src/db/errors';
import { createPgSchema } from './pg';

interface Target {
  open(): Promise<{ db: Db; cleanup: () => Promise<void> }>;
}

const targets: Array<[string, Target]> = [
  [
    'sqlite',
    {
      async open() {
        const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-repo-'));
        const db = openDatabase({ databaseUrl: null, sqliteFile: path.join(dir, 'repo.db') });
        return { db, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
  ],
  [
    'postgres',
    {
      async open() {
        const { url, schema, drop } = await createPgSchema();
        return { db: openDatabase({ databaseUrl: url, databaseSchema: schema, sqliteFile: '' }), cleanup: drop };
      },
    },
  ],
];

describe.each(targets)('repositories on %s', (dialect, target) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await target.open());
    await migrate(db.kysely as unknown as Kysely<unknown>, db.dialect);
    await seed(db, new PasswordHasher({ memoryKiB: 64, iterations: 1 }), true);
    // Migrations and seed are idempotent.
    await migrate(db.kysely as unknown as Kysely<unknown>, db.dialect);
    await seed(db, new PasswordHasher({ memoryKiB: 64, iterations: 1 }), true);
  }, 30_000);
  afterAll(async () => {
    await db?.close();
    await cleanup?.();
  });

  const newUser = (email: string) => insertUser(db, { email, passwordHash: 'h', firstName: 'F', lastName: 'L', phoneNumber: null, authProvider: 'password' });

  it('reports its dialect and answers a ping', async () => {
    expect(db.dialect).toBe(dialect);
    expect(await db.ping()).toBe(true);
  });

  it('seeded the catalogue once and the demo expert with a profile', async () => {
    const services = await listServices(db);
    expect(services).toHaveLength(10);
    const ada = await findUserByEmail(db, 'ada.expert@sciexperts.test');
    expect(ada).toBeDefined();
    const user = await loadUser(db, ada!);
    expect(user.offeredServices.length).toBeGreaterThan(0);
    expect(user.workExperiences[0]).toMatchObject({ currentlyWorking: true, endTime: null });
    expect(typeof user.hourlyFee).toBe('number');
  });

  it('stores users exactly and enforces unique e-mails', async () => {
    const id = await newUser('repo@example.test');
    const tricky = `'; DROP TABLE users; -- "quoted" 研究者 🚀`;
    await updateUser(db, id, { headline: tricky, hourlyFee: 12.75, isProfilePublic: false });
    const row = await findUserById(db, id);
    expect(row).toMatchObject({ headline: tricky, hourlyFee: 12.75, isProfilePublic: 0 });
    let error: unknown;
    try {
      await newUser('repo@example.test');
    } catch (err) {
      error = err;
    }
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('tracks sessions', async () => {
    const id = await newUser('sessions@example.test');
    const a = await createSession(db, id, 60);
    const b = await createSession(db, id, 60);
    expect(await isSessionActive(db, a.id, id)).toBe(true);
    expect(await isSessionActive(db, a.id, id + 1)).toBe(false);
    await deleteSession(db, a.id);
    expect(await isSessionActive(db, a.id, id)).toBe(false);
    expect(await isSessionActive(db, b.id, id, new Date(Date.now() + 120_000))).toBe(false);
    await deleteUserSessions(db, id);
    expect(await isSessionActive(db, b.id, id)).toBe(false);
  });

  it('keeps records per owner', async () => {
    const owner = await newUser('records@example.test');
    const stranger = await newUser('stranger@example.test');
    const kind = RECORD_KINDS.education;
    const values = { institutionName: 'Universität Wien', degreeTitle: 'Physik', degreeType: 'PhD', currentlyStudying: true, description: null, startTime: '2020-10', endTime: null };
    const rec = (await insertRecord(db, kind, owner, values))!;
    expect(rec).toEqual({ id: expect.any(Number), ...values });
    expect(await updateRecord(db, kind, stranger, rec.id, { ...values, degreeTitle: 'x' })).toBeUndefined();
    expect(await deleteRecord(db, kind, stranger, rec.id)).toBe(false);
    const updated = await updateRecord(db, kind, owner, rec.id, { ...values, currentlyStudying: false, endTime: '2024-01' });
    expect(updated).toMatchObject({ currentlyStudying: false, endTime: '2024-01' });
    expect(await listRecords(db, kind, owner)).toEqual([updated]);
    expect(await deleteRecord(db, kind, owner, rec.id)).toBe(true);
    expect(await listRecords(db, kind, owner)).toEqual([]);
  });

  it('replaces offered services and publications', async () => {
    const id = await newUser('services@example.test');
    const [ds] = await listServices(db);
    await replaceOfferedServices(db, id, [{ serviceId: ds!.id, practiceAreaIds: [ds!.practiceAreas[0]!.id] }]);
    await replaceOfferedServices(db, id, [{ serviceId: ds!.id, practiceAreaIds: [ds!.practiceAreas[1]!.id] }]);
    const user = await loadUser(db, (await findUserById(db, id))!);
    expect(user.offeredServices.map((o) => o.practiceAreas.map((a) => a.name))).toEqual([[ds!.practiceAreas[1]!.name]]);

    const works = [{ title: 'Über «Daten»', url: null, type: 'book', publicationDate: { year: { value: '2020' }, month: null, day: null } }];
    await replacePublications(db, id, works);
    await replacePublications(db, id, works);
    expect(await listPublications(db, id)).toEqual(works);
  });

  it('consumes reset tokens once and links identities uniquely', async () => {
    const id = await newUser('reset@example.test');
    await insertResetToken(db, id, 'hash-1', new Date(Date.now() + 60_000));
    expect(await consumeResetToken(db, 'hash-1')).toBe(id);
    expect(await consumeResetToken(db, 'hash-1')).toBeUndefined();
    await linkIdentity(db, id, 'https://idp', 'sub-1');
    expect(await findUserIdByIdentity(db, 'https://idp', 'sub-1')).toBe(id);
    await expect(linkIdentity(db, id, 'https://idp', 'sub-1')).rejects.toBeDefined();
  });

  it('de-duplicates messages by sender and client id', async () => {
    const a = await newUser('chat-a@example.test');
    const b = await newUser('chat-b@example.test');
    const first = await insertMessage(db, { senderId: a, receiverId: b, text: 'héllo 👋', clientId: 'c1' });
    const again = await insertMessage(db, { senderId: a, receiverId: b, text: 'héllo 👋', clientId: 'c1' });
    expect(first.created).toBe(true);
    expect(again).toEqual({ message: first.message, created: false });
    await insertMessage(db, { senderId: b, receiverId: a, text: 'hi', clientId: 'c1' });
    expect((await listConversation(db, a, b, 10)).map((m) => m.text)).toEqual(['héllo 👋', 'hi']);
  });
});
