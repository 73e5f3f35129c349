import type { PublicUser, Service, User } from '@sciexperts/shared/contracts';
import { member, startApp, type Harness } from './helpers';

describe('users and services', () => {
  let h: Harness;
  let me: Awaited<ReturnType<typeof member>>;
  let other: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    h = await startApp();
    me = await member(h);
    other = await member(h);
  });
  afterAll(() => h.close());

  const getUser = (id: number, token = me.token) => h.api<User & { message: string }>('GET', `/api/User/GetUserById/${id}`, { token });

  it("shows another member only the public shape, and nothing of a private profile", async () => {
    const pub = await h.api<PublicUser>('GET', `/api/User/GetUserById/${other.id}`, { token: me.token });
    expect(pub.status).toBe(200);
    for (const hidden of ['email', 'phoneNumber', 'isProfilePublic', 'authProvider', 'passwordHash']) expect(pub.body).not.toHaveProperty(hidden);
    expect(pub.body).toMatchObject({ id: other.id, firstName: 'Grace', offeredServices: [], workExperiences: [] });

    expect((await h.api('PUT', `/api/User/UpdateUser/${other.id}`, { body: { isProfilePublic: false }, token: other.token })).status).toBe(200);
    expect((await getUser(other.id)).status).toBe(404);
    expect((await getUser(other.id, other.token)).status).toBe(200);
    expect((await getUser(999_999)).status).toBe(404);
    expect((await getUser(0)).status).toBe(400);
  });

  it('updates the own profile with trimming and stores tricky text exactly', async () => {
    const tricky = `O'Brien "Robert'); DROP TABLE users;-- 数据科学家 Ünïcødé 🧪`;
    const res = await h.api<User>('PUT', `/api/User/UpdateUser/${me.id}`, {
      body: { headline: `  ${tricky.slice(0, 100)}  `, profileSummary: tricky, hourlyFee: 42.5, firstName: ' Émilie ', profImgUrl: null },
      token: me.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ headline: tricky.slice(0, 100).trim(), profileSummary: tricky, hourlyFee: 42.5, firstName: 'Émilie', profImgUrl: null });
    const again = await getUser(me.id);
    expect(again.body.profileSummary).toBe(tricky);
    const auth0 = await h.api<User>('PUT', '/api/User/UpdateUserAuth0', { body: { hourlyFee: 0 }, token: me.token });
    expect(auth0.status).toBe(200);
    expect(auth0.body.hourlyFee).toBe(0);
  });

  it.each([
    [{ headline: 'x'.repeat(121) }, 'headline'],
    [{ headline: '   ' }, 'headline'],
    [{ hourlyFee: -1 }, 'hourlyFee'],
    [{ hourlyFee: '12' }, 'hourlyFee'],
    [{ email: 'nope' }, 'email'],
    [{ profImgUrl: 'javascript:alert(1)' }, 'profImgUrl'],
    [{ role: 'admin' }, 'role'],
  ])('validates profile update %j', async (body, field) => {
    const res = await h.api<{ details: Array<{ field: string }> }>('PUT', `/api/User/UpdateUser/${me.id}`, { body, token: me.token });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d) => d.field)).toContain(field);
  });

  it("refuses to change another member's profile and changes nothing", async () => {
    const before = await getUser(other.id, other.token);
    const res = await h.api('PUT', `/api/User/UpdateUser/${other.id}`, { body: { headline: 'Hacked' }, token: me.token });
    expect(res.status).toBe(403);
    expect((await getUser(other.id, other.token)).body).toEqual(before.body);
  });

  it('answers 409 when changing the e-mail to a taken one', async () => {
    const res = await h.api('PUT', `/api/User/UpdateUser/${me.id}`, { body: { email: other.email.toUpperCase(), currentPassword: me.password }, token: me.token });
    expect(res.status).toBe(409);
  });

  it('serves the seeded catalogue of ten services', async () => {
    const res = await h.api<Service[]>('GET', '/api/Service/GetAllServices', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.map((s) => s.name)).toEqual([
      'Data Science',
      'Scientific Consulting',
      'Statistical Analysis',
      'Food Science and Technology',
      'Medical Writing',
      'Clinical Evaluation Report',
      'Scientific Report',
      'Secondary Research',
      'Literature Search',
      'Scientific Editing',
    ]);
    for (const s of res.body) {
      expect(s.practiceAreas.length).toBeGreaterThanOrEqual(4);
      expect(s.practiceAreas.length).toBeLessThanOrEqual(6);
    }
  });

  it('replaces offered services in bulk', async () => {
    const first = await h.api<User>('POST', `/api/User/BulkAddServices/${me.id}`, {
      body: { services: [{ serviceName: 'Data Science', practiceAreaNames: ['Machine Learning', 'data visualization'] }, { serviceName: 'Medical Writing', practiceAreaNames: [] }] },
      token: me.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.offeredServices.map((o) => [o.service.name, o.practiceAreas.map((a) => a.name)])).toEqual([
      ['Data Science', ['Machine Learning', 'Data Visualization']],
      ['Medical Writing', []],
    ]);
    expect(first.body.offeredServices[0]!.createdAt).toEqual(expect.any(String));
    const second = await h.api<User>('POST', `/api/User/BulkAddServices/${me.id}`, {
      body: { services: [{ serviceName: 'Literature Search', practiceAreaNames: ['Systematic Reviews'] }] },
      token: me.token,
    });
    expect(second.body.offeredServices.map((o) => o.service.name)).toEqual(['Literature Search']);
    expect((await getUser(me.id)).body.offeredServices).toEqual(second.body.offeredServices);
  });

  it('refuses unknown services and practice areas and keeps the old selection', async () => {
    const before = (await getUser(me.id)).body.offeredServices;
    for (const services of [[{ serviceName: 'Astrology', practiceAreaNames: [] }], [{ serviceName: 'Data Science', practiceAreaNames: ['Tarot'] }]]) {
      const res = await h.api('POST', `/api/User/BulkAddServices/${me.id}`, { body: { services }, token: me.token });
      expect(res.status).toBe(400);
    }
    expect((await h.api('POST', `/api/User/BulkAddServices/${me.id}`, { body: { services: [{ serviceName: 'Data Science' }] }, token: me.token })).status).toBe(400);
    expect((await h.api('POST', `/api/User/BulkAddServices/${other.id}`, { body: { services: [] }, token: me.token })).status).toBe(403);
    expect((await getUser(me.id)).body.offeredServices).toEqual(before);
  });

  it('lists publications (empty before an ORCID sync)', async () => {
    const res = await h.api('GET', `/api/Publication/GetAllPublicationsByUserId/${me.id}`, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('answers the ORCID callback with 503 while ORCID is unconfigured', async () => {
    const res = await h.api<{ message: string }>('GET', '/auth/orcid/callback?code=abc', { token: me.token });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/ORCID is not configured/);
    expect((await h.api('GET', '/auth/orcid/callback?code=abc')).status).toBe(401);
  });
});
