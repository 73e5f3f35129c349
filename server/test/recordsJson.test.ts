import path from 'node:path';
import { listRecords, listRecordsJson } from '../src/modules/records/repository';
import { ALL_RECORD_KINDS, RECORD_KINDS } from '../src/modules/records/kinds';
import { openDatabase } from '../src/db/connect';
import { member, startApp, type Harness } from './helpers';
import { createPgSchema } from './pg';

// The list routes send the JSON the database builds (listRecordsJson); it must be exactly what the object path
// (listRecords, which the profile and the directory use) gives, on both databases.
const tricky = "O'Reilly \"Labs\"; DROP TABLE x -- 研究員 \\ \n tab\t end";

async function fillRecords(h: Harness) {
  const m = await member(h);
  const add = (path: string, body: Record<string, unknown>) => h.api('POST', `${path}/${m.id}`, { body, token: m.token });
  await add('/api/WorkExperience/AddNewWorkExperience', { companyName: tricky, jobTitle: 'Data Scientist', employmentType: 'Full time', currentlyWorking: false, description: null, startTime: '2019-01', endTime: '2021-06' });
  await add('/api/WorkExperience/AddNewWorkExperience', { companyName: 'Acme', jobTitle: 'Lead', employmentType: 'Freelancer', currentlyWorking: true, description: 'Models.', startTime: '2022-02', endTime: null });
  await add('/api/WorkExperience/AddNewWorkExperience', { companyName: 'Same month', jobTitle: 'Second', employmentType: 'Freelancer', currentlyWorking: true, startTime: '2022-02', endTime: null });
  return m;
}

async function expectSameLists(h: Harness, userId: number) {
  for (const kind of ALL_RECORD_KINDS) {
    const fromJson: unknown = JSON.parse(await listRecordsJson(h.db, kind, userId));
    expect(fromJson).toEqual(await listRecords(h.db, kind, userId));
  }
}

describe('the list routes send what the object path gives', () => {
  it('on SQLite: the same records, order, booleans, nulls and text; [] when there are none', async () => {
    const h = await startApp();
    try {
      const m = await fillRecords(h);
      await expectSameLists(h, m.id);
      const records = JSON.parse(await listRecordsJson(h.db, RECORD_KINDS.workExperience, m.id)) as Array<{ companyName: string; currentlyWorking: boolean }>;
      expect(records.map((r) => r.companyName)).toEqual(['Same month', 'Acme', tricky]);
      expect(records.map((r) => r.currentlyWorking)).toEqual([true, true, false]);
      expect(await listRecordsJson(h.db, RECORD_KINDS.education, m.id)).toBe('[]');
      const listed = await h.api<unknown[]>('GET', `/api/WorkExperience/GetAllWorkExperiencesByUserId/${m.id}`, { token: m.token });
      expect(listed.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(listed.body).toEqual(records);
    } finally {
      await h.close();
    }
  });

  it('on PostgreSQL too', async () => {
    const pg = await createPgSchema();
    const db = openDatabase({ databaseUrl: pg.url, databaseSchema: pg.schema, sqliteFile: '' });
    const h = await startApp({ databaseUrl: pg.url, databaseSchema: pg.schema }, { db });
    try {
      const m = await fillRecords(h);
      await expectSameLists(h, m.id);
      expect(await listRecordsJson(h.db, RECORD_KINDS.certification, m.id)).toBe('[]');
    } finally {
      await h.close();
      await pg.drop();
    }
  }, 30_000);
});

describe('the list bodies a process keeps are never stale after a write by another process', () => {
  async function twoProcesses(h1: Harness, h2: Harness) {
    const m = await member(h1);
    const list = async (h: Harness) => (await h.api<Array<{ companyName: string }>>('GET', `/api/WorkExperience/GetAllWorkExperiencesByUserId/${m.id}`, { token: m.token })).body.map((r) => r.companyName);
    const body = { jobTitle: 'Analyst', employmentType: 'Freelancer', currentlyWorking: true, startTime: '2022-02', endTime: null };
    expect(await list(h1)).toEqual([]);
    const added = await h2.api<{ id: number }>('POST', `/api/WorkExperience/AddNewWorkExperience/${m.id}`, { body: { ...body, companyName: 'First' }, token: m.token });
    expect(await list(h1)).toEqual(['First']);
    await h2.api('PUT', `/api/WorkExperience/UpdateWorkExperience/${added.body.id}`, { body: { ...body, companyName: 'Renamed' }, token: m.token });
    expect(await list(h1)).toEqual(['Renamed']);
    expect(await list(h1)).toEqual(['Renamed']);
    await h2.api('DELETE', `/api/WorkExperience/DeleteWorkExperienceById/${added.body.id}`, { token: m.token });
    expect(await list(h1)).toEqual([]);
  }

  it('on SQLite (two API processes on one file)', async () => {
    const h1 = await startApp();
    const h2 = await startApp({}, { db: openDatabase({ databaseUrl: null, sqliteFile: path.join(h1.dir, 'sciexperts.db') }) });
    try {
      await twoProcesses(h1, h2);
    } finally {
      await h2.close();
      await h1.close();
    }
  });

  it('on PostgreSQL (two API processes on one schema)', async () => {
    const pg = await createPgSchema();
    const open = () => openDatabase({ databaseUrl: pg.url, databaseSchema: pg.schema, sqliteFile: '' });
    const h1 = await startApp({ databaseUrl: pg.url, databaseSchema: pg.schema }, { db: open() });
    const h2 = await startApp({ databaseUrl: pg.url, databaseSchema: pg.schema }, { db: open() });
    try {
      await twoProcesses(h1, h2);
    } finally {
      await h2.close();
      await h1.close();
      await pg.drop();
    }
  }, 30_000);
});
