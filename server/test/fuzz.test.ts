import fc from 'fast-check';
import { member, startApp, type Harness } from './helpers';
import { signPayload } from '../src/modules/payments/signature';
import { FakeProvider, PAYMENTS_CONFIG, WEBHOOK_SECRET, hiredContract, ledgerProblems } from './paymentsFixtures';

const scalar = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 10 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('2020-01', '2020-13', '', ' ', 'Full time', 'PhD', "'; drop table users; --"));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }));
const FIELDS = [
  'email', 'password', 'firstName', 'lastName', 'phoneNumber', 'headline', 'profileSummary', 'hourlyFee', 'profImgUrl', 'isProfilePublic',
  'companyName', 'jobTitle', 'employmentType', 'currentlyWorking', 'description', 'startTime', 'endTime', 'id',
  'institutionName', 'degreeTitle', 'degreeType', 'currentlyStudying', 'certificationName', 'issuingOrganization', 'certificationUrl', 'isExpire',
  'services', 'serviceName', 'practiceAreaNames', 'token', '__proto__', 'constructor', 'currentPassword', 'need', 'budget', 'deadline', 'name',
  'title', 'service', 'practiceAreas', 'duration', 'visibility', 'coverLetter', 'priceType', 'priceCents', 'milestones', 'expertId', 'reason',
  'note', 'amountCents', 'dueDate', 'type', 'paymentId', 'rating', 'text',
  'timeZone', 'weeklyHours', 'lengths', 'minNoticeMinutes', 'bufferMinutes', 'awayDates', 'startsAt', 'lengthMinutes', 'agenda', 'memberId', 'times',
];
/** Bodies near the real shapes, so the checks past the schema are exercised too. */
const shaped = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 10 });
const services = fc.record({ services: fc.array(fc.record({ serviceName: fc.oneof(fc.constantFrom('Data Science', 'Nope'), scalar), practiceAreaNames: fc.oneof(fc.array(fc.oneof(fc.constantFrom('Machine Learning'), scalar), { maxLength: 3 }), scalar) }), { maxLength: 3 }) });
const date = fc.oneof(fc.constantFrom('2099-01-01', '2020-01-01', '2030-02-30', '9999-12-31'), scalar);
const cents = fc.oneof(fc.integer({ min: -1, max: 2 ** 33 }), scalar);
const projectShaped = fc.record(
  {
    title: fc.oneof(fc.string({ maxLength: 20 }), scalar),
    description: fc.oneof(fc.string({ minLength: 40, maxLength: 80 }), scalar),
    service: fc.oneof(fc.constantFrom('Data Science', 'Nope'), scalar),
    practiceAreas: fc.oneof(fc.array(fc.oneof(fc.constantFrom('Machine Learning'), scalar), { maxLength: 2 }), scalar),
    budget: fc.oneof(fc.record({ type: fc.constantFrom('fixed', 'hourly', 'x'), amountCents: cents, minCents: cents, maxCents: cents }, { requiredKeys: ['type'] }), scalar),
    duration: fc.oneof(fc.constantFrom('1-4-weeks'), scalar),
    deadline: date,
    visibility: fc.oneof(fc.constantFrom('public', 'invite-only'), scalar),
    coverLetter: fc.string({ maxLength: 20 }),
    priceType: fc.constantFrom('fixed', 'hourly'),
    priceCents: cents,
    milestones: fc.oneof(fc.array(fc.record({ title: fc.string({ maxLength: 10 }), amountCents: cents, dueDate: date }), { maxLength: 3 }), scalar),
    expertId: fc.oneof(fc.integer({ min: -1, max: 2 ** 33 }), scalar),
    reason: fc.oneof(fc.string({ maxLength: 20 }), scalar),
    note: fc.oneof(fc.string({ maxLength: 20 }), scalar),
    amountCents: cents,
    dueDate: date,
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  shaped.map((v) => JSON.stringify(v)),
  services.map((v) => JSON.stringify(v)),
  projectShaped.map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 40 }),
);
/** No key, a malformed one, or one of two valid keys (so repeats and reuse across routes happen too). */
const idempotencyKey = fc.oneof(fc.constant(undefined), fc.string({ maxLength: 12 }), fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002', 'x'.repeat(101)));
const idSegment = fc.oneof(fc.constant('SELF'), fc.constant('OTHER'), fc.integer({ min: -5, max: 2 ** 40 }).map(String), fc.string({ maxLength: 12 }).map(encodeURIComponent));

const UNREACHABLE_IDP = 'http://127.0.0.1:9';

describe('random input never yields a 500', () => {
  let h: Harness;
  let me: Awaited<ReturnType<typeof member>>;
  let other: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    // The integrations and payments configured, so their paths are fuzzed too (the identity provider is unreachable,
    // ORCID refuses codes, the payment provider is the tests' fake).
    // Unreachable here means refused, as the network refuses a port nothing listens on: the suite does not depend on
    // port 9 being free, and the test setup (which fails any request to another process) is not asked to judge.
    const networkFetch = globalThis.fetch;
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input, init) =>
        (input instanceof Request ? input.url : String(input)).startsWith(UNREACHABLE_IDP) ? Promise.reject(new TypeError('fetch failed')) : networkFetch(input, init),
      );
    h = await startApp(
      {
        oidc: { issuer: UNREACHABLE_IDP, audience: 'api', jwksUrl: `${UNREACHABLE_IDP}/jwks` },
        orcid: { baseUrl: 'https://orcid.test', apiUrl: 'https://pub.orcid.test', clientId: 'c', clientSecret: 's', redirectUri: 'http://localhost:8080/profile' },
        payments: PAYMENTS_CONFIG,
      },
      { fetch: (async () => new Response('{"error":"invalid_grant"}', { status: 400 })) as typeof fetch, paymentProvider: new FakeProvider() },
    );
    me = await member(h);
    other = await member(h);
    // A project of each member and a proposal, so SELF and OTHER ids also reach real projects and proposals.
    const project = {
      title: 'Fuzzed project',
      description: 'A project description long enough to pass the fifty-character minimum.',
      service: 'Data Science',
      practiceAreas: [],
      budget: { type: 'hourly', minCents: 100, maxCents: 200 },
      duration: '1-4-weeks',
      visibility: 'public',
    };
    for (const m of [me, other]) {
      const created = await h.api<{ id: number }>('POST', '/api/Projects', { body: project, token: m.token });
      await h.api('POST', `/api/Projects/${created.body.id}/Publish`, { token: m.token });
    }
    await h.api('POST', '/api/Projects/2/Proposals', { body: { coverLetter: 'Hello', priceType: 'hourly', priceCents: 150, duration: '1-4-weeks' }, token: me.token });
    // A contract between the two (contract 1, milestones 1 and 2), so SELF and OTHER ids reach the escrow routes.
    await hiredContract(h, me, other);
  });
  afterAll(() => h.close());

  const WRITES: Array<[string, string]> = [
    ['POST', '/api/User/AddNewUser'],
    ['POST', '/api/Account/Login'],
    ['POST', '/api/Account/Logout'],
    ['POST', '/api/Account/LoginWithAuth0'],
    ['POST', '/api/Account/RequestPasswordReset'],
    ['POST', '/api/Account/ResetPassword'],
    ['PUT', '/api/User/UpdateUser/:id'],
    ['PUT', '/api/User/UpdateUserAuth0'],
    ['POST', '/api/User/BulkAddServices/:id'],
    ['POST', '/api/User/UploadProfileImage/:id'],
    ['POST', '/api/WorkExperience/AddNewWorkExperience/:id'],
    ['PUT', '/api/WorkExperience/UpdateWorkExperience/:id'],
    ['DELETE', '/api/WorkExperience/DeleteWorkExperienceById/:id'],
    ['POST', '/api/Education/AddEducation/:id'],
    ['PUT', '/api/Education/UpdateEducation/:id'],
    ['POST', '/api/Certification/AddCertification/:id'],
    ['PUT', '/api/Certification/UpdateCertification/:id'],
    ['GET', '/auth/orcid/callback'],
    ['POST', '/api/Concierge/Request'],
    ['GET', '/api/Experts/:id'],
    ['POST', '/api/Projects'],
    ['PUT', '/api/Projects/:id'],
    ['POST', '/api/Projects/:id/Publish'],
    ['POST', '/api/Projects/:id/Cancel'],
    ['POST', '/api/Projects/:id/Complete'],
    ['POST', '/api/Projects/:id/Proposals'],
    ['POST', '/api/Projects/:id/Invitations'],
    ['PUT', '/api/Proposals/:id'],
    ['POST', '/api/Proposals/:id/Withdraw'],
    ['POST', '/api/Proposals/:id/Shortlist'],
    ['POST', '/api/Proposals/:id/Decline'],
    ['POST', '/api/Proposals/:id/Hire'],
    ['POST', '/api/Invitations/:id/Decline'],
    ['POST', '/api/Projects/:id/Attachments'],
    ['DELETE', '/api/Projects/:id/Attachments/1'],
    ['POST', '/api/Milestones/:id/Fund'],
    ['POST', '/api/Milestones/:id/Submit'],
    ['POST', '/api/Milestones/:id/RequestChanges'],
    ['POST', '/api/Milestones/:id/Approve'],
    ['POST', '/api/Milestones/:id/Refund'],
    ['POST', '/api/Milestones/:id/Dispute'],
    ['POST', '/api/Milestones/:id/Accept'],
    ['POST', '/api/Contracts/:id/Milestones'],
    ['POST', '/api/Contracts/:id/End'],
    ['POST', '/api/Payments/Webhook'],
    ['POST', '/api/Payments/Withdrawals'],
    ['POST', '/api/Payments/PayoutAccount/Link'],
    ['POST', '/api/Account/ChangePassword'],
    ['POST', '/api/Account/ChangePhone'],
    ['POST', '/api/Account/ChangeEmail'],
    ['POST', '/api/Account/ConfirmEmail'],
    ['POST', '/api/Account/Sessions/:id/Revoke'],
    ['POST', '/api/Account/Sessions/RevokeOthers'],
    ['POST', '/api/Account/Export'],
    ['POST', '/api/Account/Delete'],
    ['POST', '/api/Contracts/:id/Files'],
    ['DELETE', '/api/Contracts/:id/Files/1'],
    ['POST', '/api/Contracts/:id/Reviews'],
    ['GET', '/api/Contracts/:id/Reviews'],
    ['POST', '/api/Reviews/:id/Reply'],
    ['GET', '/api/Experts/:id/Reviews'],
    ['GET', '/api/Projects/:id/ClientReviews'],
    ['PUT', '/api/Calls/Availability'],
    ['GET', '/api/Calls/Experts/:id/Slots'],
    ['POST', '/api/Calls'],
    ['POST', '/api/Calls/Propose'],
    ['POST', '/api/Calls/:id/Accept'],
    ['POST', '/api/Calls/:id/Reschedule'],
    ['POST', '/api/Calls/:id/Reschedule/Accept'],
    ['POST', '/api/Calls/:id/Cancel'],
    ['POST', '/api/Calls/:id/NoShow'],
    ['POST', '/api/Calls/Feed'],
    ['GET', '/api/Calls/Feed/:id'],
    ['GET', '/api/CalendarFeeds/:id'],
    ['PUT', '/api/Blocks/:id'],
    ['DELETE', '/api/Blocks/:id'],
    ['GET', '/api/Blocks/:id'],
  ];

  it.each(WRITES)('%s %s', async (method, route) => {
    await fc.assert(
      fc.asyncProperty(body, idSegment, fc.boolean(), fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'multipart/form-data; boundary=x'), idempotencyKey, async (payload, id, withToken, type, key) => {
        const segment = id === 'SELF' ? String(me.id) : id === 'OTHER' ? String(other.id) : id;
        const res = await h.app.inject({
          method: method as 'POST',
          url: route.replace(':id', segment),
          headers: { 'content-type': type, ...(withToken ? { authorization: `Bearer ${me.token}` } : {}), ...(key === undefined ? {} : { 'idempotency-key': key }) },
          ...(method === 'GET' ? {} : { payload }),
        });
        if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${method} ${route} ${payload}: ${res.body}`);
        expect(() => JSON.parse(res.body) as unknown).not.toThrow();
      }),
      { numRuns: 30 },
    );
  });

  it('GET /api/Experts/Search with random query strings', async () => {
    const key = fc.oneof(fc.constantFrom('q', 'service', 'area', 'minFee', 'maxFee', 'country', 'sort', 'page'), fc.string({ maxLength: 8 }));
    const text = fc.oneof(scalar.map(String), fc.string({ maxLength: 300 }), fc.constantFrom('"', '*', 'NEAR(a b)', 'a OR b', 'x:*', "' OR 1=1 --", 'DE', 'fee-desc', 'Statistical Analysis', '-1', '1e3', '0'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, text), { maxLength: 5 }), fc.boolean(), async (pairs, withToken) => {
        const res = await h.app.inject({ method: 'GET', url: `/api/Experts/Search?${new URLSearchParams(pairs)}`, headers: withToken ? { authorization: `Bearer ${me.token}` } : {} });
        if (res.statusCode !== 200 && res.statusCode !== 400) throw new Error(`${res.statusCode} for ${JSON.stringify(pairs)}: ${res.body}`);
        expect(() => JSON.parse(res.body) as unknown).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });

  it('GET /api/Projects and /api/Projects/Public with random query strings', async () => {
    const key = fc.oneof(fc.constantFrom('q', 'matching', 'service', 'budgetType', 'minBudget', 'maxBudget', 'postedSince', 'page'), fc.string({ maxLength: 8 }));
    const text = fc.oneof(scalar.map(String), fc.string({ maxLength: 250 }), fc.constantFrom('mine', '%', '_', '\\', '%_\\', "' OR 1=1 --", 'Data Science', 'fixed', '2020-01-01', '-1', '0', '1e3'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, text), { maxLength: 5 }), fc.boolean(), fc.boolean(), async (pairs, signedIn, publicList) => {
        const url = `/api/Projects${publicList ? '/Public' : ''}?${new URLSearchParams(pairs)}`;
        const res = await h.app.inject({ method: 'GET', url, headers: signedIn ? { authorization: `Bearer ${me.token}` } : {} });
        if (![200, 400, 401].includes(res.statusCode)) throw new Error(`${res.statusCode} for ${url}: ${res.body}`);
        expect(() => JSON.parse(res.body) as unknown).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });

  it('POST /api/Projects/:id/Attachments with random multipart files', async () => {
    // Prefixes of the accepted kinds with random tails reach the ZIP, OLE and image checks, not only the first byte.
    const prefix = fc.constantFrom('', '%PDF-', 'PK\u0003\u0004', 'GIF89a', 'RIFF\u0000\u0000\u0000\u0000WEBP', '\u00d0\u00cf\u0011\u00e0\u00a1\u00b1\u001a\u00e1', 'PK\u0003\u0004\u0014\u0000\u0000\u0000\u0000\u0000');
    const file = fc.tuple(prefix, fc.uint8Array({ maxLength: 300 })).map(([head, tail]) => Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(tail)]));
    const name = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('report.pdf', '../../x.pdf', 'a\u202Eb.pdf', ''));
    const field = fc.constantFrom('file', 'file', 'other');
    // A fresh session and a fresh draft: the write fuzzing above may have logged out and cancelled the others.
    const login = await h.api<{ token: string }>('POST', '/api/Account/Login', { body: { email: me.email, password: me.password } });
    const draft = await h.api<{ id: number }>('POST', '/api/Projects', {
      body: { title: 'Attachments', description: 'A project description long enough to pass the fifty-character minimum.', service: 'Data Science', practiceAreas: [], budget: { type: 'fixed', amountCents: 100 }, duration: '1-4-weeks', visibility: 'public' },
      token: login.body.token,
    });
    expect(draft.status).toBe(201);
    await fc.assert(
      fc.asyncProperty(file, name, field, async (bytes, fileName, fieldName) => {
        const head = `--fuzz\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
        const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from('\r\n--fuzz--\r\n')]);
        const res = await h.app.inject({
          method: 'POST',
          url: `/api/Projects/${draft.body.id}/Attachments`,
          headers: { 'content-type': 'multipart/form-data; boundary=fuzz', authorization: `Bearer ${login.body.token}` },
          payload,
        });
        if (![201, 400, 409, 413].includes(res.statusCode)) throw new Error(`${res.statusCode} for ${JSON.stringify(fileName)} ${bytes.toString('hex')}: ${res.body}`);
        expect(() => JSON.parse(res.body) as unknown).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });

  it('escrow calls with random bodies, keys and parties, and signed provider events with random fields', async () => {
    // Fresh sessions (the write fuzzing above may have logged out), both parties of contract 1 (End is left out: it
    // would cancel the pending milestones at once; the write fuzzing above covers it).
    const login = async (m: typeof me) => (await h.api<{ token: string }>('POST', '/api/Account/Login', { body: { email: m.email, password: m.password } })).body.token;
    const tokens = [await login(me), await login(other)];
    const route = fc.constantFrom('Milestones/:id/Fund', 'Milestones/:id/Submit', 'Milestones/:id/RequestChanges', 'Milestones/:id/Approve', 'Milestones/:id/Refund', 'Milestones/:id/Dispute', 'Milestones/:id/Accept', 'Contracts/:id/Milestones', 'Payments/Withdrawals');
    // Mostly well-formed, so that the calls also get past validation and move money.
    const notes = fc.oneof(
      body,
      { arbitrary: fc.record({ note: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), scalar) }).map((v) => JSON.stringify(v)), weight: 3 },
      fc.record({ amountCents: cents }).map((v) => JSON.stringify(v)),
    );
    const keys = fc.oneof(idempotencyKey, { arbitrary: fc.uuid(), weight: 4 });
    await fc.assert(
      fc.asyncProperty(route, fc.constantFrom('1', '2', '3', '999'), fc.nat(1), notes, keys, async (path, id, who, payload, key) => {
        const res = await h.app.inject({
          method: 'POST',
          url: `/api/${path.replace(':id', id)}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]!}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
          payload,
        });
        // A withdrawal first asks the member to confirm it is them: a 401 that says so is an answer, not a failure.
        const stepUp = res.statusCode === 401 && path === 'Payments/Withdrawals' && (JSON.parse(res.body) as { reason?: string }).reason === 'step-up';
        if (![200, 201, 400, 403, 404, 409].includes(res.statusCode) && !stepUp) throw new Error(`${res.statusCode} for POST ${path} ${id} ${payload}: ${res.body}`);
      }),
      { numRuns: 300 },
    );
    const text = fc.oneof(fc.string({ maxLength: 12 }), scalar, { arbitrary: fc.string({ minLength: 1, maxLength: 12 }), weight: 4 });
    const fields = {
      id: text,
      type: fc.constantFrom('checkout.succeeded', 'checkout.failed', 'refund.succeeded', 'payout.paid', 'payout.failed', 'other'),
      paymentId: fc.oneof(fc.integer({ min: -1, max: 6 }), scalar, { arbitrary: fc.integer({ min: 1, max: 6 }), weight: 4 }),
      withdrawalId: fc.oneof(fc.integer({ min: -1, max: 3 }), scalar),
      sessionId: text,
      chargeId: text,
      refundId: text,
      payoutId: text,
      amountCents: fc.oneof(cents, { arbitrary: fc.constantFrom(100_000, 200_000), weight: 3 }),
      reason: text,
    };
    // Sparse events, and complete ones that can fund, fail, refund and pay out for real.
    const event = fc.oneof(fc.record(fields, { requiredKeys: [] }), { arbitrary: fc.record(fields), weight: 3 });
    await fc.assert(
      fc.asyncProperty(event, async (e) => {
        const raw = JSON.stringify(e);
        const res = await h.app.inject({ method: 'POST', url: '/api/Payments/Webhook', headers: { 'content-type': 'application/json', 'sciexperts-signature': signPayload(WEBHOOK_SECRET, raw, new Date()) }, payload: raw });
        if (![200, 400].includes(res.statusCode)) throw new Error(`${res.statusCode} for ${raw}: ${res.body}`);
      }),
      { numRuns: 300 },
    );
    expect(await ledgerProblems(h.db)).toEqual([]);
  });

  it('left the other member untouched', async () => {
    const res = await h.api<{ headline: string | null; offeredServices: unknown[] }>('GET', `/api/User/GetUserById/${other.id}`, { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body.headline).toBeNull();
    expect(res.body.offeredServices).toEqual([]);
  });
});

describe("random profile updates never take what is not the member's", () => {
  let h: Harness;
  let me: Awaited<ReturnType<typeof member>>;
  let victim: Awaited<ReturnType<typeof member>>;
  let victimImage: string;
  beforeAll(async () => {
    h = await startApp();
    me = await member(h);
    victim = await member(h);
    const form = new FormData();
    form.append('file', new Blob([Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)])]), 'v.png');
    const res = await fetch(`${h.base}/api/User/UploadProfileImage/${victim.id}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${victim.token}` } });
    victimImage = ((await res.json()) as { profImgUrl: string }).profImgUrl;
  });
  afterAll(() => h.close());

  it("keeps another member's image and the e-mail out of reach without the password", async () => {
    const imageUrl = fc.oneof(
      fc.constant(() => victimImage),
      fc.constant(() => `${victimImage}?x=1`),
      fc.uuid().map((id) => () => `http://api.test/uploads/${id}.png`),
      fc.webUrl().map((url) => () => url),
      fc.constant(() => null),
    );
    const email = fc.oneof(fc.emailAddress(), fc.constant(undefined));
    const password = fc.oneof(fc.string({ maxLength: 20 }), fc.constant(undefined));
    await fc.assert(
      fc.asyncProperty(imageUrl, email, password, async (url, newEmail, currentPassword) => {
        const body: Record<string, unknown> = { profImgUrl: url() };
        if (newEmail !== undefined) body.email = newEmail;
        if (currentPassword !== undefined) body.currentPassword = currentPassword;
        const res = await h.api('PUT', `/api/User/UpdateUser/${me.id}`, { body, token: me.token });
        expect([200, 400, 403, 409, 429]).toContain(res.status);
        const mine = (await h.api<{ email: string; profImgUrl: string | null }>('GET', `/api/User/GetUserById/${me.id}`, { token: me.token })).body;
        expect(mine.profImgUrl).toBeNull();
        expect(mine.email).toBe(me.email);
      }),
      { numRuns: 40 },
    );
    expect((await fetch(`${h.base}${new URL(victimImage).pathname}`)).status).toBe(200);
  });
});
