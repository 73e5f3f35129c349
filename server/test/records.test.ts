import { member, startApp, type Harness } from './helpers';

type Rec = Record<string, unknown> & { id: number };
interface KindCase {
  name: string;
  base: string;
  list: string;
  add: string;
  update: string;
  del: string;
  flag: string;
  valid: Record<string, unknown>;
  textFields: Array<[string, string]>;
  choice?: [string, string];
}

const KINDS: KindCase[] = [
  {
    name: 'work experience',
    base: '/api/WorkExperience',
    list: 'GetAllWorkExperiencesByUserId',
    add: 'AddNewWorkExperience',
    update: 'UpdateWorkExperience',
    del: 'DeleteWorkExperienceById',
    flag: 'currentlyWorking',
    valid: { companyName: 'Acme Labs', jobTitle: 'Data Scientist', employmentType: 'Full time', currentlyWorking: false, description: 'Models.', startTime: '2019-01', endTime: '2021-06' },
    textFields: [
      ['companyName', 'Company name is required.'],
      ['jobTitle', 'Job title is required.'],
    ],
    choice: ['employmentType', 'Please select employment type.'],
  },
  {
    name: 'education',
    base: '/api/Education',
    list: 'GetAllEducationByUserId',
    add: 'AddEducation',
    update: 'UpdateEducation',
    del: 'DeleteEducationById',
    flag: 'currentlyStudying',
    valid: { institutionName: 'ETH Zürich', degreeTitle: 'Chemistry', degreeType: 'Master', currentlyStudying: false, description: null, startTime: '2015-09', endTime: '2017-07' },
    textFields: [
      ['institutionName', 'Institution name is required.'],
      ['degreeTitle', 'Degree title is required.'],
    ],
    choice: ['degreeType', 'Please select degree type.'],
  },
  {
    name: 'certification',
    base: '/api/Certification',
    list: 'GetAllCertificationByUserId',
    add: 'AddCertification',
    update: 'UpdateCertification',
    del: 'DeleteCertificationById',
    flag: 'isExpire',
    valid: { certificationName: 'GCP', issuingOrganization: 'ICH', certificationUrl: 'https://example.org/cert/1', isExpire: false, startTime: '2020-01', endTime: '2023-01' },
    textFields: [
      ['certificationName', 'Certification name is required.'],
      ['issuingOrganization', 'Issuing Organization name is required.'],
    ],
  },
];

describe.each(KINDS)('$name records', (k) => {
  let h: Harness;
  let me: Awaited<ReturnType<typeof member>>;
  let other: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    h = await startApp();
    me = await member(h);
    other = await member(h);
  });
  afterAll(() => h.close());

  const add = (userId: number, body: unknown, token = me.token) => h.api<Rec & { message: string; details: Array<{ field: string; message: string }> }>('POST', `${k.base}/${k.add}/${userId}`, { body, token });
  const list = (userId: number, token = me.token) => h.api<Rec[]>('GET', `${k.base}/${k.list}/${userId}`, { token });

  it('adds, lists, updates and deletes with trimmed values', async () => {
    const padded = { ...k.valid, [k.textFields[0]![0]]: `  ${String(k.valid[k.textFields[0]![0]])}  ` };
    const created = await add(me.id, padded);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...k.valid, id: expect.any(Number) });
    expect(created.body).not.toHaveProperty('userId');
    expect((await list(me.id)).body).toEqual([created.body]);

    const changed = { ...k.valid, id: created.body.id, [k.flag]: true, endTime: null };
    const updated = await h.api<Rec>('PUT', `${k.base}/${k.update}/${created.body.id}`, { body: changed, token: me.token });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ [k.flag]: true, endTime: null });

    const mismatched = await h.api('PUT', `${k.base}/${k.update}/${created.body.id}`, { body: { ...changed, id: created.body.id + 1 }, token: me.token });
    expect(mismatched.status).toBe(400);

    const deleted = await h.api('DELETE', `${k.base}/${k.del}/${created.body.id}`, { token: me.token });
    expect(deleted.status).toBe(200);
    expect((await list(me.id)).body).toEqual([]);
    expect((await h.api('DELETE', `${k.base}/${k.del}/${created.body.id}`, { token: me.token })).status).toBe(404);
  });

  it.each([0, 1])('requires the text field %#', async (i) => {
    const [field, message] = k.textFields[i]!;
    for (const value of ['', '   ']) {
      const res = await add(me.id, { ...k.valid, [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.details).toContainEqual({ field, message });
    }
    const { [field]: _omit, ...without } = k.valid;
    const missing = await add(me.id, without);
    expect(missing.status).toBe(400);
    expect(missing.body.details).toContainEqual({ field, message });
  });

  if (k.choice) {
    it('requires a choice from its fixed list', async () => {
      const [field, message] = k.choice!;
      for (const value of ['', 'Astronaut', 'full time']) {
        const res = await add(me.id, { ...k.valid, [field]: value });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
    });
  }

  it('checks months and the end-date rule', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ startTime: '' }, 'startTime', 'Please select a start date.'],
      [{ startTime: '2020-13' }, 'startTime', 'Please select a start date.'],
      [{ startTime: '1899-12' }, 'startTime', 'Please select a start date.'],
      [{ startTime: `${new Date().getFullYear() + 2}-01`, endTime: `${new Date().getFullYear() + 2}-02` }, 'startTime', 'Please select a start date.'],
      [{ startTime: '2020-1' }, 'startTime', 'Please select a start date.'],
      [{ endTime: null }, 'endTime', 'Please select a complete end date.'],
      [{ endTime: '2021' }, 'endTime', 'Please select a complete end date.'],
      [{ endTime: '2021-00' }, 'endTime', 'Please select a complete end date.'],
      [{ startTime: '2021-05', endTime: '2021-04' }, 'endTime', 'The end date cannot be before the start date.'],
      [{ [k.flag]: true, endTime: '2021-04' }, 'endTime', expect.stringContaining('Leave the end date empty') as unknown as string],
    ];
    for (const [override, field, message] of cases) {
      const res = await add(me.id, { ...k.valid, ...override });
      expect(res.status).toBe(400);
      expect(res.body.details).toContainEqual({ field, message });
    }
    const omittedEnd = { ...k.valid, [k.flag]: true };
    delete omittedEnd.endTime;
    expect((await add(me.id, omittedEnd)).status).toBe(201);
    expect((await add(me.id, { ...k.valid, startTime: '2021-05', endTime: '2021-05' })).status).toBe(201);
  });

  it('refuses unknown fields and wrong types', async () => {
    expect((await add(me.id, { ...k.valid, userId: other.id })).status).toBe(400);
    expect((await add(me.id, { ...k.valid, [k.flag]: 'false' })).status).toBe(400);
    expect((await add(me.id, { ...k.valid, startTime: 202001 })).status).toBe(400);
    expect((await add(me.id, 'text')).status).toBe(400);
    expect((await h.api('POST', `${k.base}/${k.add}/abc`, { body: k.valid, token: me.token })).status).toBe(400);
    expect((await h.api('POST', `${k.base}/${k.add}/0`, { body: k.valid, token: me.token })).status).toBe(400);
    expect((await h.api('POST', `${k.base}/${k.add}/99999999999999`, { body: k.valid, token: me.token })).status).toBe(400);
  });

  it("never touches another member's records", async () => {
    const theirs = await add(other.id, k.valid, other.token);
    expect(theirs.status).toBe(201);
    const before = (await list(other.id, other.token)).body;

    const addForOther = await add(other.id, k.valid, me.token);
    expect(addForOther.status).toBe(403);
    const update = await h.api('PUT', `${k.base}/${k.update}/${theirs.body.id}`, { body: { ...k.valid, [k.textFields[0]![0]]: 'Hijacked' }, token: me.token });
    expect([403, 404]).toContain(update.status);
    const del = await h.api('DELETE', `${k.base}/${k.del}/${theirs.body.id}`, { token: me.token });
    expect([403, 404]).toContain(del.status);
    expect((await list(other.id, other.token)).body).toEqual(before);

    // Lists of public profiles are readable; a private profile's are not.
    expect((await list(other.id, me.token)).status).toBe(200);
    await h.api('PUT', '/api/User/UpdateUserAuth0', { body: { isProfilePublic: false }, token: other.token });
    expect((await list(other.id, me.token)).status).toBe(404);
    expect((await list(other.id, other.token)).status).toBe(200);
    await h.api('PUT', '/api/User/UpdateUserAuth0', { body: { isProfilePublic: true }, token: other.token });
  });

  it('needs a token', async () => {
    expect((await list(me.id, '')).status).toBe(401);
    expect((await h.api('POST', `${k.base}/${k.add}/${me.id}`, { body: k.valid })).status).toBe(401);
  });
});
