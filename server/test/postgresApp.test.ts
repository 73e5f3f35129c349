import type { LoginResponse } from '@sciexperts/shared/contracts';
import { openDatabase } from '../src/db/connect';
import { member, startApp, type Harness } from './helpers';
import { createPgSchema } from './pg';

describe('the API over PostgreSQL', () => {
  let h: Harness;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const pg = await createPgSchema();
    drop = pg.drop;
    const db = openDatabase({ databaseUrl: pg.url, databaseSchema: pg.schema, sqliteFile: '' });
    h = await startApp({ databaseUrl: pg.url, databaseSchema: pg.schema }, { db });
  }, 30_000);
  afterAll(async () => {
    await h?.close();
    await drop?.();
  });

  it('reports the postgres dialect and serves the main flow', async () => {
    expect((await h.api('GET', '/api/health')).body).toMatchObject({ database: { status: 'up', dialect: 'postgres' } });
    const m = await member(h, { firstName: 'Zoë' });
    const dup = await h.api('POST', '/api/User/AddNewUser', { body: { email: m.email, firstName: 'a', lastName: 'b', phoneNumber: '+1 555 0000', password: 'long enough pass' } });
    expect(dup.status).toBe(409);
    const rec = await h.api<{ id: number }>('POST', `/api/WorkExperience/AddNewWorkExperience/${m.id}`, {
      body: { companyName: "O'Reilly; DROP TABLE x", jobTitle: '研究員', employmentType: 'Freelancer', currentlyWorking: true, startTime: '2022-02', endTime: null },
      token: m.token,
    });
    expect(rec.status).toBe(201);
    const login = await h.api<LoginResponse>('POST', '/api/Account/Login', { body: { email: m.email, password: m.password } });
    expect(login.body.user.workExperiences[0]).toMatchObject({ companyName: "O'Reilly; DROP TABLE x", jobTitle: '研究員', currentlyWorking: true });
    expect((await h.api('PUT', `/api/WorkExperience/UpdateWorkExperience/999999999`, { body: { companyName: 'a', jobTitle: 'b', employmentType: 'Freelancer', currentlyWorking: true, startTime: '2022-02', endTime: null }, token: m.token })).status).toBe(404);
  });
});
