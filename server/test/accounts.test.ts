import type { LoginResponse, SignupResponse, User } from '@sciexperts/shared/contracts';
import { hashPasswordScrypt } from '../src/auth/passwords';
import { member, signupBody, startApp, type Harness } from './helpers';

describe('accounts', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp();
  });
  afterAll(() => h.close());

  it('signs up, logs in and reads the own account', async () => {
    const body = signupBody({ email: '  Mixed.Case@Example.TEST ', firstName: '  Ada ' });
    const created = await h.api<SignupResponse>('POST', '/api/User/AddNewUser', { body });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ email: 'mixed.case@example.test', firstName: 'Ada', authProvider: 'password', isProfilePublic: true, offeredServices: [], workExperiences: [] });
    expect(JSON.stringify(created.body)).not.toMatch(/passwordHash|scrypt|argon2/);

    const login = await h.api<LoginResponse>('POST', '/api/Account/Login', { body: { email: 'MIXED.case@example.test', password: body.password } });
    expect(login.status).toBe(200);
    expect(login.body.token).toEqual(expect.any(String));
    expect(login.body.user.id).toBe(created.body.user.id);
    expect(JSON.stringify(login.body)).not.toMatch(/passwordHash|scrypt|argon2/);

    const me = await h.api<User>('GET', `/api/User/GetUserById/${login.body.user.id}`, { token: login.body.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('mixed.case@example.test');
  });

  it('rehashes an old scrypt password to argon2id at the next successful login', async () => {
    const m = await member(h);
    const hashOf = async () => (await h.db.kysely.selectFrom('users').select('passwordHash').where('id', '=', m.id).executeTakeFirstOrThrow()).passwordHash;
    expect(await hashOf()).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    const legacy = await hashPasswordScrypt(m.password, 10);
    await h.db.kysely.updateTable('users').set({ passwordHash: legacy }).where('id', '=', m.id).execute();
    expect((await h.api('POST', '/api/Account/Login', { body: { email: m.email, password: 'not the password' } })).status).toBe(401);
    expect(await hashOf()).toBe(legacy);
    expect((await h.api('POST', '/api/Account/Login', { body: { email: m.email, password: m.password } })).status).toBe(200);
    expect(await hashOf()).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect((await h.api('POST', '/api/Account/Login', { body: { email: m.email, password: m.password } })).status).toBe(200);
  });

  it('refuses a duplicate e-mail with 409', async () => {
    const body = signupBody();
    expect((await h.api('POST', '/api/User/AddNewUser', { body })).status).toBe(201);
    const again = await h.api<{ message: string }>('POST', '/api/User/AddNewUser', { body: { ...body, email: body.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists/);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email'],
    [{ email: '' }, 'email'],
    [{ firstName: '   ' }, 'firstName'],
    [{ lastName: '' }, 'lastName'],
    [{ phoneNumber: 'call me' }, 'phoneNumber'],
    [{ password: 'short' }, 'password'],
  ])('validates signup %j', async (override, field) => {
    const res = await h.api<{ message: string; details: Array<{ field: string }> }>('POST', '/api/User/AddNewUser', { body: signupBody(override) });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d) => d.field)).toContain(field);
  });

  it('refuses unknown fields, wrong types and missing fields', async () => {
    const extra = await h.api<{ message: string }>('POST', '/api/User/AddNewUser', { body: { ...signupBody(), isAdmin: true } });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe('Unknown field "isAdmin".');
    const wrong = await h.api('POST', '/api/User/AddNewUser', { body: { ...signupBody(), phoneNumber: 5551234 } });
    expect(wrong.status).toBe(400);
    const missing = await h.api<{ message: string }>('POST', '/api/User/AddNewUser', { body: { email: 'x@example.test' } });
    expect(missing.status).toBe(400);
    const notObject = await h.api('POST', '/api/Account/Login', { body: ['a'] });
    expect(notObject.status).toBe(400);
  });

  it('answers malformed JSON and oversized bodies with 400 and 413', async () => {
    const bad = await h.api<{ message: string }>('POST', '/api/Account/Login', { raw: '{"email": "a@b.c", ' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Malformed JSON body.');
    const empty = await h.api('POST', '/api/Account/Login', { raw: '' });
    expect(empty.status).toBe(400);
    const big = await h.api('POST', '/api/User/AddNewUser', { raw: JSON.stringify({ ...signupBody(), firstName: 'x'.repeat(200_000) }) });
    expect(big.status).toBe(413);
    const text = await h.api('POST', '/api/Account/Login', { raw: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
  });

  it('refuses wrong credentials with one neutral message', async () => {
    const m = await member(h);
    const wrong = await h.api<{ message: string }>('POST', '/api/Account/Login', { body: { email: m.email, password: 'wrong password!' } });
    const unknown = await h.api<{ message: string }>('POST', '/api/Account/Login', { body: { email: 'nobody@example.test', password: 'wrong password!' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('logout revokes the token; logout without a token is fine', async () => {
    const m = await member(h);
    expect((await h.api('GET', `/api/User/GetUserById/${m.id}`, { token: m.token })).status).toBe(200);
    expect((await h.api('POST', '/api/Account/Logout', { token: m.token })).status).toBe(200);
    const after = await h.api<{ message: string }>('GET', `/api/User/GetUserById/${m.id}`, { token: m.token });
    expect(after.status).toBe(401);
    expect(after.body.message).toEqual(expect.any(String));
    expect((await h.api('POST', '/api/Account/Logout')).status).toBe(200);
  });

  it('needs a valid bearer on protected calls', async () => {
    const m = await member(h);
    for (const token of [null, 'garbage', `${m.token.slice(0, -2)}xx`]) {
      const res = await h.api<{ message: string }>('GET', '/api/Service/GetAllServices', { token });
      expect(res.status).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const basic = await h.api('GET', '/api/Service/GetAllServices', { headers: { authorization: `Basic ${m.token}` } });
    expect(basic.status).toBe(401);
  });

  it('answers LoginWithAuth0 with 503 while the identity provider is unconfigured', async () => {
    const res = await h.api<{ message: string }>('POST', '/api/Account/LoginWithAuth0', { token: 'x' });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/not configured/);
  });
});

describe('login throttling', () => {
  let h: Harness;
  beforeAll(async () => {
    // Clients are told apart by X-Forwarded-For, as behind the reverse proxy of a deployment.
    h = await startApp({ trustProxy: true });
  });
  afterAll(() => h.close());

  const login = (email: string, password: string, from?: string) =>
    h.api<{ message: string }>('POST', '/api/Account/Login', { body: { email, password }, headers: from ? { 'x-forwarded-for': from } : {} });
  const count = (results: Array<{ status: number }>, status: number) => results.filter((r) => r.status === status).length;

  it('slows an account from one address after 5 failures but never counts successes', async () => {
    const m = await member(h);
    for (let i = 0; i < 10; i += 1) {
      expect((await login(m.email, m.password)).status).toBe(200);
    }
    for (let i = 0; i < 5; i += 1) {
      expect((await login(m.email, 'nope nope nope')).status).toBe(401);
    }
    const locked = await login(m.email, m.password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many/);
    expect(Number(locked.headers.get('retry-after'))).toBe(30);
  });

  it('counts attempts before the password check: of 30 parallel wrong passwords at most 5 are checked', async () => {
    const m = await member(h);
    const results = await Promise.all(Array.from({ length: 30 }, () => login(m.email, 'wrong password!!', '198.51.100.1')));
    expect(count(results, 401)).toBeGreaterThan(0);
    expect(count(results, 401)).toBeLessThanOrEqual(5);
    expect(count(results, 401) + count(results, 429)).toBe(30);
    for (const r of results.filter((x) => x.status === 429)) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("an attacker's failures lock out neither the victim elsewhere nor other members at the attacker's address", async () => {
    const victim = await member(h);
    const neighbour = await member(h);
    const [A, B] = ['203.0.113.9', '192.0.2.44'];
    const [attack, victimDuring, neighbourDuring] = await Promise.all([
      Promise.all(Array.from({ length: 30 }, () => login(victim.email, 'guess guess guess', A))),
      login(victim.email, victim.password, B),
      login(neighbour.email, neighbour.password, A),
    ]);
    expect(count(attack, 401)).toBeLessThanOrEqual(5);
    expect(count(attack, 401) + count(attack, 429)).toBe(30);
    expect(victimDuring.status).toBe(200);
    expect(neighbourDuring.status).toBe(200);

    expect((await login(victim.email, victim.password, A)).status).toBe(429);
    expect((await login(victim.email, victim.password, B)).status).toBe(200);
    expect((await login(victim.email, victim.password, '192.0.2.45')).status).toBe(200);
    expect((await login(neighbour.email, neighbour.password, A)).status).toBe(200);
    // Also a member who never signed in from A before.
    const body = signupBody();
    expect((await h.api('POST', '/api/User/AddNewUser', { body })).status).toBe(201);
    expect((await login(body.email, body.password, A)).status).toBe(200);
  });

  it('an address spraying many accounts is refused further ones, but not the members who signed in from it', async () => {
    const C = '198.51.100.77';
    const regular = await member(h);
    expect((await login(regular.email, regular.password, C)).status).toBe(200);
    const spray = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`nobody${i}@example.test`, 'Winter2026!', C)));
    expect(count(spray, 401)).toBe(20);
    expect(count(spray, 429)).toBe(20);
    const next = await login('one.more@example.test', 'Winter2026!', C);
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(regular.email, regular.password, C)).status).toBe(200);
    expect((await login('one.more@example.test', 'Winter2026!', '198.51.100.78')).status).toBe(401);
  });
});

describe('sign-up throttling', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp({ trustProxy: true, signupLimit: 3 });
  });
  afterAll(() => h.close());

  const signup = (body: ReturnType<typeof signupBody>, from: string) => h.api<{ message: string }>('POST', '/api/User/AddNewUser', { body, headers: { 'x-forwarded-for': from } });

  it('counts sign-ups per address before any work, parallel ones included, and so rate-limits the 409', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => signup(signupBody(), '198.51.100.5')));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.body.message).toMatch(/Too many sign-up attempts/);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Probing whether an address is registered costs from the same budget.
    const existing = signupBody();
    expect((await signup(existing, '198.51.100.6')).status).toBe(201);
    expect((await signup(existing, '198.51.100.5')).status).toBe(429);
    expect((await signup(existing, '198.51.100.6')).status).toBe(409);
    // Typos in the form are answered without spending the budget.
    expect((await signup(signupBody({ password: 'short' }), '198.51.100.5')).status).toBe(400);
  });
});
