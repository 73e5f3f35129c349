import { RECORDS_PER_KIND_MAX } from '@sciexperts/shared/contracts';
import { member, startApp, type Harness } from './helpers';

describe('hardening against oversized and hostile input', () => {
  let h: Harness;
  let me: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    h = await startApp();
    me = await member(h);
  });
  afterAll(() => h.close());

  const certification = (i: number) => ({ certificationName: `Cert ${i}`, issuingOrganization: 'ICH', certificationUrl: null, isExpire: true, startTime: '2020-01', endTime: null });
  const add = (i: number) => h.api('POST', `/api/Certification/AddCertification/${me.id}`, { body: certification(i), token: me.token });
  const count = async () => (await h.api<unknown[]>('GET', `/api/Certification/GetAllCertificationByUserId/${me.id}`, { token: me.token })).body.length;

  it(`caps each record kind at ${RECORDS_PER_KIND_MAX} entries per member, also under concurrent adds`, async () => {
    const first = await Promise.all(Array.from({ length: RECORDS_PER_KIND_MAX + 10 }, (_, i) => add(i)));
    expect(first.filter((r) => r.status === 201)).toHaveLength(RECORDS_PER_KIND_MAX);
    const refused = first.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(10).fill(409));
    expect((refused[0]!.body as { message: string }).message).toBe(`You can keep at most ${RECORDS_PER_KIND_MAX} certification entries. Delete one to add another.`);
    expect(await count()).toBe(RECORDS_PER_KIND_MAX);
    // Other kinds keep their own allowance.
    const work = await h.api('POST', `/api/WorkExperience/AddNewWorkExperience/${me.id}`, {
      body: { companyName: 'Acme', jobTitle: 'Chemist', employmentType: 'Full time', currentlyWorking: true, description: null, startTime: '2019-01', endTime: null },
      token: me.token,
    });
    expect(work.status).toBe(201);
  });

  it.each([
    ['__proto__ at the top', '{"email":"a@b.co","password":"x","__proto__":{"isAdmin":true}}'],
    ['__proto__ nested', '{"services":[{"serviceName":"Data Science","practiceAreaNames":[],"__proto__":{"x":1}}]}'],
    ['constructor.prototype', '{"headline":"x","constructor":{"prototype":{"isAdmin":true}}}'],
  ])('refuses a body carrying %s with 400 and writes nothing', async (_name, raw) => {
    const before = (await h.api<{ headline: string | null }>('GET', `/api/User/GetUserById/${me.id}`, { token: me.token })).body;
    for (const url of [`/api/User/BulkAddServices/${me.id}`, `/api/User/UpdateUser/${me.id}`, '/api/Account/Login']) {
      const res = await h.api<{ message: string }>(url.includes('UpdateUser') ? 'PUT' : 'POST', url, { raw, token: me.token });
      expect(res.status).toBe(400);
    }
    const res = await h.api<{ message: string }>('POST', '/api/Account/Logout', { raw, token: me.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The body must not contain "__proto__" or "constructor.prototype".');
    expect((await h.api('GET', `/api/User/GetUserById/${me.id}`, { token: me.token })).body).toEqual(before);
  });

  it('answers a malformed percent-encoding with 400, not 500', async () => {
    for (const url of ['/%E0%A4%A', '/uploads/%E0%A4%A', '/api/User/GetUserById/%E0%A4%A']) {
      const res = await fetch(h.base + url);
      expect(res.status).toBe(400);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(((await res.json()) as { message: string }).message).toBe('The URL is malformed.');
    }
  });
});
