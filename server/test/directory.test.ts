import type { ExpertSearchResponse, PublicExpertProfile, User } from '@sciexperts/shared/contracts';
import { DIRECTORY_MESSAGES, DIRECTORY_PAGE_SIZE } from '@sciexperts/shared/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { insertMessage } from '../src/modules/chat/repository';
import { DEMO_DIRECTORY_SIZE, generateDemoExperts } from '../src/db/demoDirectory';
import { seed } from '../src/db/seed';
import { SERVICE_CATALOGUE } from '@sciexperts/shared/contracts';
import { PasswordHasher } from '../src/auth/passwords';
import { migrate, migrationProvider } from '../src/db/migrations';
import { seedCatalogue } from '../src/modules/services/repository';
import { searchExperts } from '../src/modules/directory/repository';
import { parseExpertSearch } from '../src/modules/directory/rules';
import { openConfiguredDatabase, openDatabase } from '../src/db/connect';
import { refreshExpertSearch, writeExpertSearch } from '../src/modules/directory/searchIndex';
import { member, startApp, startAppOn, type Harness } from './helpers';
import { createPgSchema } from './pg';

type Member = Awaited<ReturnType<typeof member>>;

interface ExpertSpec {
  firstName: string;
  lastName: string;
  headline?: string;
  profileSummary?: string;
  hourlyFee?: number;
  country?: string;
  isProfilePublic?: boolean;
  services?: Array<[string, string[]]>;
  jobTitle?: string;
  certification?: string;
}

const CARD_KEYS = ['country', 'firstName', 'headline', 'highlights', 'hourlyFee', 'id', 'lastName', 'profImgUrl', 'ratingAverage', 'reviewCount', 'services', 'slug', 'snippet', 'verified'];
const PROFILE_KEYS = [
  'certifications', 'country', 'educations', 'firstName', 'headline', 'hourlyFee', 'id', 'isHidden', 'lastName', 'offeredServices', 'profImgUrl',
  'profileSummary', 'publications', 'ratingAverage', 'reviewCount', 'slug', 'verified', 'workExperiences',
];

// Both dialects: the index, its ranking and every filter are SQL that must mean the same on each.
describe.each(['sqlite', 'postgres'] as const)('the expert directory over %s', (dialect) => {
  let h: Harness;
  const e = {} as Record<'ada' | 'rosalind' | 'marie' | 'carl' | 'hidden' | 'headless', Member>;

  const setProfile = async (m: Member, body: Record<string, unknown>) => {
    const res = await h.api<User>('PUT', `/api/User/UpdateUser/${m.id}`, { body, token: m.token });
    if (res.status !== 200) throw new Error(`update failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  const expert = async (spec: ExpertSpec): Promise<Member> => {
    const m = await member(h, { firstName: spec.firstName, lastName: spec.lastName });
    const body: Record<string, unknown> = {};
    for (const key of ['headline', 'profileSummary', 'hourlyFee', 'country', 'isProfilePublic'] as const) if (spec[key] !== undefined) body[key] = spec[key];
    await setProfile(m, body);
    if (spec.services) {
      const res = await h.api('POST', `/api/User/BulkAddServices/${m.id}`, { body: { services: spec.services.map(([serviceName, practiceAreaNames]) => ({ serviceName, practiceAreaNames })) }, token: m.token });
      if (res.status !== 200) throw new Error(`services failed: ${res.status}`);
    }
    if (spec.jobTitle) await addJob(m, spec.jobTitle);
    if (spec.certification) await addCertification(m, spec.certification);
    return m;
  };
  const addJob = async (m: Member, jobTitle: string) => {
    const res = await h.api<{ id: number }>('POST', `/api/WorkExperience/AddNewWorkExperience/${m.id}`, {
      body: { companyName: 'Acme Labs', jobTitle, employmentType: 'Full time', currentlyWorking: true, description: null, startTime: '2019-01', endTime: null },
      token: m.token,
    });
    if (res.status !== 201 && res.status !== 200) throw new Error(`job failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  const addCertification = async (m: Member, certificationName: string) => {
    const res = await h.api<{ id: number }>('POST', `/api/Certification/AddCertification/${m.id}`, {
      body: { certificationName, issuingOrganization: 'RAPS', certificationUrl: null, isExpire: true, startTime: '2020-01', endTime: null },
      token: m.token,
    });
    if (res.status !== 201 && res.status !== 200) throw new Error(`certification failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };

  const search = async (query: Record<string, string | number> = {}, token?: string) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return h.api<ExpertSearchResponse & { message?: string }>('GET', `/api/Experts/Search${qs ? `?${qs}` : ''}`, { token });
  };
  const ids = async (query: Record<string, string | number> = {}) => {
    const res = await search(query);
    expect(res.status).toBe(200);
    return res.body.results.map((r) => r.id);
  };
  const profile = (id: number, token?: string) => h.api<PublicExpertProfile & { message?: string }>('GET', `/api/Experts/${id}`, { token });

  beforeAll(async () => {
    h = await startAppOn(dialect);
    e.ada = await expert({
      firstName: 'Ada',
      lastName: 'Lovelace',
      headline: 'Biostatistician for oncology trials',
      profileSummary: 'I write statistical analysis plans and clinical study reports.',
      hourlyFee: 120,
      country: 'DE',
      services: [['Statistical Analysis', ['Biostatistics', 'Clinical Trial Statistics']]],
      jobTitle: 'Senior Biostatistician',
    });
    e.rosalind = await expert({
      firstName: 'Rosalind',
      lastName: 'Franklin',
      headline: 'Crystallographer and structural biologist',
      profileSummary: 'Ten years of bioinformatics pipelines, and the biostatistician of two genomics labs.',
      hourlyFee: 90,
      country: 'GB',
      services: [['Data Science', ['Machine Learning']]],
    });
    e.marie = await expert({
      firstName: 'Marie',
      lastName: 'Curie',
      headline: 'Medicinal chemist',
      profileSummary: 'Lead optimisation and ADME.',
      country: 'FR',
      services: [['Scientific Consulting', ['Regulatory Affairs']]],
      certification: 'Regulatory Affairs Certification',
    });
    e.carl = await expert({
      firstName: 'Carl',
      lastName: 'Gauß',
      headline: 'Statistics consultant for surveys',
      profileSummary: 'Survey weighting and small-area estimation.',
      hourlyFee: 60,
      country: 'DE',
      services: [['Statistical Analysis', ['Survey Analysis']]],
    });
    e.hidden = await expert({ firstName: 'Henrietta', lastName: 'Leavitt', headline: 'Astronomer and statistics teacher', hourlyFee: 70, country: 'DE', isProfilePublic: false });
    e.headless = await expert({ firstName: 'Cecilia', lastName: 'Payne', profileSummary: 'Statistics of stellar spectra.', hourlyFee: 80, country: 'DE' });
    for (let i = 1; i <= 14; i++) await expert({ firstName: 'Zed', lastName: `Brewer ${i}`, headline: `Zymurgy specialist number ${i}`, hourlyFee: 200 + i, country: 'BE' });
  });
  afterAll(() => h?.close());

  it('lists only public members with a headline, with the real total', async () => {
    const res = await search();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 18, page: 1, pageSize: DIRECTORY_PAGE_SIZE });
    expect(res.body.results).toHaveLength(DIRECTORY_PAGE_SIZE);
    const all = [...res.body.results, ...(await search({ page: 2 })).body.results].map((r) => r.id);
    expect(all).toHaveLength(18);
    expect(all).not.toContain(e.hidden.id);
    expect(all).not.toContain(e.headless.id);
    // Without a query, fuller profiles come first: the four with services beat the bare zymurgists.
    expect(all.slice(0, 4).sort()).toEqual([e.ada.id, e.rosalind.id, e.marie.id, e.carl.id].sort());
  });

  it('ranks a headline match above a summary match', async () => {
    expect(await ids({ q: 'biostatistician' })).toEqual([e.ada.id, e.rosalind.id]);
  });

  it('matches word prefixes, any case and accents', async () => {
    expect(await ids({ q: 'bioinf' })).toEqual([e.rosalind.id]);
    expect(await ids({ q: 'CRYSTALLO' })).toEqual([e.rosalind.id]);
    expect(await ids({ q: 'gauss' })).toEqual([e.carl.id]);
    expect(await ids({ q: 'lovelace ada' })).toEqual([e.ada.id]);
    expect(await ids({ q: 'ada zymurgy' })).toEqual([]);
  });

  it('searches services, practice areas, job titles and certification names', async () => {
    expect(await ids({ q: 'machine learning' })).toEqual([e.rosalind.id]);
    expect(await ids({ q: 'senior' })).toEqual([e.ada.id]);
    expect((await ids({ q: 'regulatory' })).sort()).toEqual([e.marie.id]);
  });

  it('returns cards with a slug, services, a snippet and highlights, never contact details', async () => {
    const res = await search({ q: 'bioinformatics' });
    const card = res.body.results[0]!;
    expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
    expect(card).toMatchObject({ slug: 'rosalind-franklin', firstName: 'Rosalind', country: 'GB', hourlyFee: 90, services: [{ name: 'Data Science', practiceAreas: ['Machine Learning'] }] });
    const [start, end] = card.highlights[0]!;
    expect(card.snippet.slice(start, end)).toBe('bioinformatics');
    const text = JSON.stringify((await search()).body);
    expect(text).not.toMatch(/@|\+1 555|passwordHash|phoneNumber|email/);
  });

  it('cuts a long summary around the first match', async () => {
    const m = await expert({ firstName: 'Long', lastName: 'Summary', headline: 'Quasicrystal analyst', profileSummary: `${'Background sentence about many things. '.repeat(12)}Then the ferroelectric thin films work. ${'More text. '.repeat(10)}` });
    const card = (await search({ q: 'ferroelectric' })).body.results[0]!;
    expect(card.id).toBe(m.id);
    expect(card.snippet.length).toBeLessThanOrEqual(220);
    expect(card.snippet.startsWith('…')).toBe(true);
    expect(card.highlights.map(([s, t]) => card.snippet.slice(s, t))).toEqual(['ferroelectric']);
    await setProfile(m, { isProfilePublic: false });
  });

  it('filters by service, practice area, fee range and country, with counts', async () => {
    expect((await ids({ service: 'Statistical Analysis' })).sort()).toEqual([e.ada.id, e.carl.id].sort());
    expect(await ids({ area: 'Survey Analysis' })).toEqual([e.carl.id]);
    expect(await ids({ service: 'Data Science', area: 'Survey Analysis' })).toEqual([]);
    expect(await ids({ service: 'No Such Service' })).toEqual([]);
    expect((await ids({ minFee: 70, maxFee: 150 })).sort()).toEqual([e.ada.id, e.rosalind.id].sort());
    expect(await ids({ maxFee: 70 })).toEqual([e.carl.id]);
    expect((await ids({ country: 'DE' })).sort()).toEqual([e.ada.id, e.carl.id].sort());
    const combined = await search({ q: 'stat', service: 'Statistical Analysis', country: 'DE' });
    expect(combined.body.total).toBe(2);
    const narrower = await search({ q: 'stat', service: 'Statistical Analysis', country: 'DE', maxFee: 100 });
    expect(narrower.body).toMatchObject({ total: 1, results: [{ id: e.carl.id }] });
    expect((await search({ country: 'BE', minFee: 210 })).body.total).toBe(5);
  });

  it('sorts by fee either way, members without a fee last', async () => {
    const fees = async (sort: string) => (await search({ sort, maxFee: 150 })).body.results.map((r) => r.hourlyFee);
    expect(await fees('fee-asc')).toEqual([60, 90, 120]);
    expect(await fees('fee-desc')).toEqual([120, 90, 60]);
    const all = (await search({ sort: 'fee-asc', page: 2 })).body.results.map((r) => r.hourlyFee);
    expect(all[all.length - 1]).toBeNull();
    expect((await search({ sort: 'relevance', q: 'zymurgy' })).body.total).toBe(14);
  });

  it('pages, and a page past the end is empty with the real total', async () => {
    const first = await search({ q: 'zymurgy', sort: 'fee-asc' });
    const second = await search({ q: 'zymurgy', sort: 'fee-asc', page: 2 });
    const past = await search({ q: 'zymurgy', sort: 'fee-asc', page: 3 });
    expect(first.body.results).toHaveLength(12);
    expect(second.body).toMatchObject({ total: 14, page: 2 });
    expect(second.body.results.map((r) => r.hourlyFee)).toEqual([213, 214]);
    expect(past.body).toEqual({ total: 14, page: 3, pageSize: DIRECTORY_PAGE_SIZE, results: [] });
  });

  it('shows a public profile to anyone, without contact details', async () => {
    const res = await profile(e.ada.id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(PROFILE_KEYS);
    expect(res.body).toMatchObject({ slug: 'ada-lovelace', country: 'DE', isHidden: false, workExperiences: [{ jobTitle: 'Senior Biostatistician' }], educations: [], publications: [] });
    expect(res.body.offeredServices[0]!.service.name).toBe('Statistical Analysis');
    expect(JSON.stringify(res.body)).not.toMatch(/@|\+1 555|passwordHash|phoneNumber|email/);
    expect((await profile(e.marie.id, e.ada.token)).body.certifications[0]!.certificationName).toBe('Regulatory Affairs Certification');
  });

  it('answers 404 for unknown, hidden and headline-less members, except to their owner', async () => {
    for (const id of [e.hidden.id, e.headless.id, 999_999]) {
      for (const token of [undefined, e.ada.token, 'not-a-token']) {
        const res = await profile(id, token);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(DIRECTORY_MESSAGES.profileUnavailable);
      }
    }
    const own = await profile(e.hidden.id, e.hidden.token);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ isHidden: true, headline: 'Astronomer and statistics teacher' });
    expect((await profile(e.headless.id, e.headless.token)).body).toMatchObject({ isHidden: true, headline: '' });
    expect((await h.api('GET', '/api/Experts/abc')).status).toBe(400);
    expect((await h.api('GET', '/api/Experts/0')).status).toBe(400);
  });

  it("hides a hidden member's name and photo from chat unless a conversation exists", async () => {
    const stranger = await member(h);
    const counterpart = (id: number, token: string) => h.api<{ firstName: string; message: string }>('GET', `/api/Chat/Counterpart/${id}`, { token });
    expect((await counterpart(e.hidden.id, stranger.token)).status).toBe(404);
    expect((await h.api('GET', `/api/Chat/Messages/${e.hidden.id}`, { token: stranger.token })).status).toBe(404);
    expect((await h.api('POST', `/api/Chat/MarkRead/${e.hidden.id}`, { token: stranger.token })).status).toBe(404);
    expect((await counterpart(e.hidden.id, e.hidden.token)).status).toBe(200);
    // Members without a headline (clients) stay reachable; only the privacy switch hides.
    expect((await counterpart(e.headless.id, stranger.token)).status).toBe(200);
    await insertMessage(h.db, { senderId: e.hidden.id, receiverId: stranger.id, text: 'Hello', clientId: null });
    const after = await counterpart(e.hidden.id, stranger.token);
    expect(after.status).toBe(200);
    expect(after.body.firstName).toBe('Henrietta');
    expect((await h.api<{ messages: unknown[] }>('GET', `/api/Chat/Messages/${e.hidden.id}`, { token: stranger.token })).body.messages).toHaveLength(1);
    expect((await counterpart(e.hidden.id, e.ada.token)).status).toBe(404);
  });

  it.each([
    [{ sort: 'stars' }, 'sort'],
    [{ minFee: '-1' }, 'minFee'],
    [{ maxFee: '1.5' }, 'maxFee'],
    [{ minFee: 'abc' }, 'minFee'],
    [{ minFee: '1000001' }, 'minFee'],
    [{ minFee: 50, maxFee: 40 }, 'minFee'],
    [{ country: 'XX' }, 'country'],
    [{ country: 'de' }, 'country'],
    [{ q: 'a'.repeat(500) }, 'q'],
    [{ page: '0' }, 'page'],
    [{ page: '-2' }, 'page'],
    [{ page: '1e3' }, 'page'],
    [{ debug: '1' }, 'debug'],
  ])('refuses %j with a 400 naming %s', async (query, field) => {
    const res = await h.api<{ message: string; details: Array<{ field: string }> }>('GET', `/api/Experts/Search?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`);
    expect(res.status).toBe(400);
    expect(res.body.details.map((d) => d.field)).toContain(field);
  });

  it('answers 400, not 500, for a NUL in any stored text (PostgreSQL cannot hold one)', async () => {
    const m = await member(h);
    const res = await h.api<{ message: string }>('PUT', `/api/User/UpdateUser/${m.id}`, { body: { headline: 'a\u0000b' }, token: m.token });
    expect(res.status).toBe(dialect === 'postgres' ? 400 : 200);
    expect((await h.api('POST', '/api/Account/Login', { body: { email: 'x\u0000@y.z', password: 'long enough password' } })).status).toBeLessThan(500);
  });

  it.each<Record<string, string>>([
    { service: 'Data\u0000Science' },
    { area: '\u0000' },
    { service: "' OR 1=1 --", area: '%' },
  ])('answers filters %j with 200 and nothing found (never 500)', async (query) => {
    const res = await search(query);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
  });

  it.each([
    `'; DROP TABLE users; --`,
    `" OR 1=1 --`,
    '"',
    'NEAR(stat bio, 2)',
    'stat*',
    '* OR *',
    'headline:statistics',
    '^stat',
    'stat AND -bio',
    '(a | b) & !c <-> d:*',
    '\\x00 %00 \u0000',
    '😀 ß ﬁ',
    'a'.repeat(200),
    '   ',
  ])('answers %j with 200 and a page (never 500)', async (q) => {
    const res = await search({ q });
    expect(res.status).toBe(200);
    expect(res.body.page).toBe(1);
  });

  it('keeps the index in step with every kind of profile change', async () => {
    const m = await expert({ firstName: 'Index', lastName: 'Probe', headline: 'Paleoclimatologist', hourlyFee: 75, country: 'NO' });
    const found = async (q: string) => (await ids({ q })).includes(m.id);
    expect(await found('paleoclim')).toBe(true);
    await setProfile(m, { headline: 'Dendrochronologist' });
    expect(await found('paleoclim')).toBe(false);
    expect(await found('dendro')).toBe(true);
    await setProfile(m, { profileSummary: 'Varve counting in lake sediments.' });
    expect(await found('varve')).toBe(true);
    await setProfile(m, { firstName: 'Renamed' });
    expect(await found('renamed probe')).toBe(true);
    await h.api('POST', `/api/User/BulkAddServices/${m.id}`, { body: { services: [{ serviceName: 'Literature Search', practiceAreaNames: ['Scoping Reviews'] }] }, token: m.token });
    expect(await found('scoping')).toBe(true);
    expect((await ids({ service: 'Literature Search' })).includes(m.id)).toBe(true);
    await h.api('POST', `/api/User/BulkAddServices/${m.id}`, { body: { services: [] }, token: m.token });
    expect(await found('scoping')).toBe(false);
    const job = await addJob(m, 'Xenobiologist');
    expect(await found('xenobio')).toBe(true);
    await h.api('PUT', `/api/WorkExperience/UpdateWorkExperience/${job}`, {
      body: { companyName: 'Acme Labs', jobTitle: 'Limnologist', employmentType: 'Full time', currentlyWorking: true, description: null, startTime: '2019-01', endTime: null },
      token: m.token,
    });
    expect(await found('xenobio')).toBe(false);
    expect(await found('limnolog')).toBe(true);
    await h.api('DELETE', `/api/WorkExperience/DeleteWorkExperienceById/${job}`, { token: m.token });
    expect(await found('limnolog')).toBe(false);
    const cert = await addCertification(m, 'Palynology Diploma');
    expect(await found('palynology')).toBe(true);
    await h.api('DELETE', `/api/Certification/DeleteCertificationById/${cert}`, { token: m.token });
    expect(await found('palynology')).toBe(false);
    await setProfile(m, { isProfilePublic: false });
    expect(await found('dendro')).toBe(false);
    await setProfile(m, { isProfilePublic: true, country: 'SE', hourlyFee: 55 });
    expect((await search({ q: 'dendro', country: 'SE', maxFee: 55 })).body.results.map((r) => r.id)).toEqual([m.id]);
  });

  // Each API process keeps a search's ranked page under the directory's generation (migration 0054); another
  // process's change must reach this one's next search at once, however it was made.
  it('serves a kept page only until the directory changes, whichever process changes it', async () => {
    const query = { q: 'biostatistician' };
    const before = await search(query);
    expect(before.body.results.map((r) => r.id)).not.toContain(e.carl.id);
    expect((await search(query)).body).toEqual(before.body);
    const otherProcess = openConfiguredDatabase(h.config);
    try {
      await otherProcess.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ headline: 'Biostatistician for survey statistics' }).where('id', '=', e.carl.id).execute();
        await refreshExpertSearch(trx, otherProcess.dialect, e.carl.id);
      });
      const after = await search(query);
      expect(after.body.total).toBe(before.body.total + 1);
      expect(after.body.results.find((r) => r.id === e.carl.id)?.headline).toBe('Biostatistician for survey statistics');
      // An entry removed outright (as an account deletion's cascade does) leaves the next page and its total too.
      await writeExpertSearch(otherProcess.kysely, otherProcess.dialect, e.carl.id, undefined);
      const removed = await search(query);
      expect(removed.body.total).toBe(before.body.total);
      expect(removed.body.results.map((r) => r.id)).not.toContain(e.carl.id);
    } finally {
      await otherProcess.kysely.transaction().execute((trx) => trx.updateTable('users').set({ headline: 'Statistics consultant for surveys' }).where('id', '=', e.carl.id).execute());
      await refreshExpertSearch(otherProcess.kysely, otherProcess.dialect, e.carl.id);
      await otherProcess.close();
    }
    expect(await ids(query)).toEqual(before.body.results.map((r) => r.id));
  });

  it('stores a country from the list on the profile and returns it in the own User', async () => {
    const m = await member(h);
    expect((await setProfile(m, { country: 'pt' })).country).toBe('PT');
    const bad = await h.api<{ details: Array<{ field: string; message: string }> }>('PUT', `/api/User/UpdateUser/${m.id}`, { body: { country: 'XY' }, token: m.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ field: 'country', message: 'Please choose a country from the list.' }]);
    expect((await setProfile(m, { country: null })).country).toBeNull();
    expect((await h.api<User>('GET', `/api/User/GetUserById/${m.id}`, { token: m.token })).body.country).toBeNull();
  });
});

describe('the demo directory (SEED_DEMO)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp({ seedDemo: true });
  });
  afterAll(() => h?.close());

  it('is the same 200 experts on every machine', () => {
    const a = generateDemoExperts();
    expect(a).toHaveLength(DEMO_DIRECTORY_SIZE);
    expect(generateDemoExperts()).toEqual(a);
    expect(new Set(a.map((x) => x.email)).size).toBe(a.length);
    expect(a.every((x) => x.email.endsWith('@demo.sciexperts.test'))).toBe(true);
    expect(new Set(a.map((x) => x.country)).size).toBeGreaterThanOrEqual(20);
  });

  it('seeds searchable experts in every catalogue service, with their own avatars, once', async () => {
    const all = await h.api<ExpertSearchResponse>('GET', '/api/Experts/Search');
    // The 200 plus the two demo accounts (both have headlines).
    expect(all.body.total).toBe(DEMO_DIRECTORY_SIZE + 2);
    for (const { name } of SERVICE_CATALOGUE) {
      expect((await h.api<ExpertSearchResponse>('GET', `/api/Experts/Search?service=${encodeURIComponent(name)}`)).body.total).toBeGreaterThan(0);
    }
    expect((await h.api<ExpertSearchResponse>('GET', '/api/Experts/Search?q=bioinformatics')).body.total).toBeGreaterThan(0);
    const card = all.body.results[0]!;
    const image = await fetch(`${h.base}${new URL(card.profImgUrl!).pathname}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/png');
    const demo = await h.db.kysely.selectFrom('users').select(['id', 'profImgUrl']).where('isDemo', '=', 1).execute();
    expect(demo).toHaveLength(DEMO_DIRECTORY_SIZE);
    const owned = await h.db.kysely.selectFrom('uploads').select(['fileName', 'ownerId']).execute();
    const ownerOf = new Map(owned.map((u) => [u.fileName, u.ownerId]));
    for (const row of demo) expect(ownerOf.get(row.profImgUrl!.split('/').pop()!)).toBe(row.id);
    // Idempotent: a second start adds nobody.
    await seed(h.db, new PasswordHasher({ memoryKiB: 64, iterations: 1 }), true, { uploadsDir: path.join(h.dir, 'uploads'), publicUrl: h.config.publicUrl });
    expect((await h.api<ExpertSearchResponse>('GET', '/api/Experts/Search')).body.total).toBe(DEMO_DIRECTORY_SIZE + 2);
  });
});

// A database indexed by 0006 alone (before the listing and PostgreSQL's filter columns) is upgraded in place.
describe.each(['sqlite', 'postgres'] as const)('upgrading a %s directory indexed before 0007', (dialect) => {
  it('backfills the listing and the filter columns from what 0006 indexed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-upgrade-'));
    const pg = dialect === 'postgres' ? await createPgSchema() : undefined;
    const db = openDatabase({ databaseUrl: pg?.url ?? null, databaseSchema: pg?.schema ?? null, sqliteFile: path.join(dir, 'db.sqlite') });
    try {
      const raw = db.kysely as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db: raw, provider: migrationProvider(db.dialect), ...(pg ? { migrationTableSchema: pg.schema } : {}) });
      const { error } = await migrator.migrateTo('0006_expert_directory');
      expect(error).toBeUndefined();
      await seedCatalogue(db, SERVICE_CATALOGUE);
      const service = await db.kysely.selectFrom('services').select('id').where('name', '=', 'Data Science').executeTakeFirstOrThrow();
      const area = await db.kysely.selectFrom('practiceAreas').select('id').where('serviceId', '=', service.id).where('name', '=', 'Machine Learning').executeTakeFirstOrThrow();
      const { id } = await db.kysely
        .insertInto('users')
        .values({ email: 'old@example.test', passwordHash: null, firstName: 'Olga', lastName: 'Upgrade', headline: 'Limnology data scientist', profileSummary: null, hourlyFee: 70, phoneNumber: null, profImgUrl: null, isProfilePublic: 1, authProvider: 'password', createdAt: '2026-01-01T00:00:00.000Z', country: 'DE' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const offered = await db.kysely.insertInto('offeredServices').values({ userId: id, serviceId: service.id, createdAt: '2026-01-01T00:00:00.000Z' }).returning('id').executeTakeFirstOrThrow();
      await db.kysely.insertInto('offeredPracticeAreas').values({ offeredServiceId: offered.id, practiceAreaId: area.id }).execute();
      // What 0006's refreshExpertSearch wrote.
      if (pg) await sql`INSERT INTO "expertSearch" ("userId", "document", "completeness") VALUES (${id}, to_tsvector('simple', 'olga upgrade limnology data scientist'), 5)`.execute(db.kysely);
      else await sql`INSERT INTO "expertSearch" (rowid, name, headline, other, summary, completeness) VALUES (${id}, 'olga upgrade', 'limnology data scientist', 'data science', '', 5)`.execute(db.kysely);

      await migrate(raw, db.dialect);
      expect(await db.kysely.selectFrom('expertListing').selectAll().execute()).toEqual([{ userId: id, completeness: 5, country: 'DE', hourlyFee: 70, ratingAverage: null, reviewCount: 0, verified: 0 }]);
      const found = await searchExperts(db, parseExpertSearch({ q: 'limno', service: 'Data Science', area: 'Machine Learning', country: 'DE', maxFee: '80' }));
      expect(found).toMatchObject({ total: 1, results: [{ id, services: [{ name: 'Data Science', practiceAreas: ['Machine Learning'] }] }] });
      expect((await searchExperts(db, parseExpertSearch({}))).total).toBe(1);
    } finally {
      await db.close();
      await pg?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
