import type { LoginResponse, SignupResponse, User } from '@sciexperts/shared/contracts';
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
    expect(JSON.stringify(created.body)).not.toMatch(/passwordHash|scrypt/);

    const login = await h.api<LoginResponse>('POST', '/api/Account/Login', { body: { email: 'MIXED.case@example.test', password: body.password } });
    expect(login.status).toBe(200);
    expect(login.body.token).toEqual(expect.any(String));
    expect(login.body.user.id).toBe(created.body.user.id);
    expect(JSON.stringify(login.body)).not.toMatch(/passwordHash|scrypt/);

    const me = await h.api<User>('GET', `/api/User/GetUserById/${login.body.user.id}`, { token: login.body.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('mixed.case@example.test');
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
    h = await startApp();
  });
  afterAll(() => h.close());

  it('locks an account after 5 failures but never counts successes', async () => {
    const m = await member(h);
    for (let i = 0; i < 10; i += 1) {
      expect((await h.api('POST', '/api/Account/Login', { body: { email: m.email, password: m.password } })).status).toBe(200);
    }
    for (let i = 0; i < 5; i += 1) {
      expect((await h.api('POST', '/api/Account/Login', { body: { email: m.email, password: 'nope nope nope' } })).status).toBe(401);
    }
    const locked = await h.api<{ message: string }>('POST', '/api/Account/Login', { body: { email: m.email, password: m.password } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('locks an IP after 20 failures across accounts', async () => {
    const fresh = await startApp();
    try {
      const m = await member(fresh);
      for (let i = 0; i < 20; i += 1) {
        expect((await fresh.api('POST', '/api/Account/Login', { body: { email: `nobody${i}@example.test`, password: 'whatever123' } })).status).toBe(401);
      }
      expect((await fresh.api('POST', '/api/Account/Login', { body: { email: m.email, password: m.password } })).status).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});
