import { createHmac } from 'node:crypto';
import { TokenService, bearerToken } from '../src/auth/tokens';
import type { Db } from '../src/db/connect';
import { member, startApp, type Harness } from './helpers';

const SECRET = 'token-test-secret-token-test-secret-0123';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (header: unknown, payload: unknown, secret = SECRET) => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
};

let h: Harness;
let db: Db;
let userId: number;

beforeAll(async () => {
  h = await startApp();
  db = h.db;
  userId = (await member(h)).id;
});
afterAll(() => h.close());

describe('TokenService', () => {
  it('accepts its own token and refuses every altered one', async () => {
    const tokens = new TokenService(db, SECRET, 3600);
    const token = await tokens.issue(userId);
    const good = await tokens.verify(token);
    expect(good).toEqual({ userId, sessionId: expect.any(String) });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = [
      `${header}.${b64({ ...claims, sub: String(userId + 1) })}.${signature}`, // payload changed, old signature
      sign({ alg: 'HS256', typ: 'JWT' }, claims, 'another-secret-another-secret-0123456789'), // wrong key
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, // unsigned
      sign({ alg: 'HS512', typ: 'JWT' }, claims), // header this service never signs
      sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, iss: 'someone-else' }),
      sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: Math.floor(Date.now() / 1000) - 60 }),
      sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: 'no-such-session' }),
      sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: 'abc' }),
      'not.a.token',
      '',
    ];
    for (const bad of forged) expect(await tokens.verify(bad)).toBeNull();
  });

  it('reuses a positive check within the window but sees revocation at once', async () => {
    const tokens = new TokenService(db, SECRET, 3600, { sessionCacheMs: 60_000 });
    const token = await tokens.issue(userId);
    const session = await tokens.verify(token);
    expect(session).not.toBeNull();
    await tokens.revokeSession(session!.sessionId);
    expect(await tokens.verify(token)).toBeNull();

    const second = await tokens.issue(userId);
    expect(await tokens.verify(second)).not.toBeNull();
    await tokens.revokeUserSessions(userId);
    expect(await tokens.verify(second)).toBeNull();
  });

  it('answers at once only what verify would answer from its cache, and leaves the rest to verify', async () => {
    const tokens = new TokenService(db, SECRET, 3600, { sessionCacheMs: 60_000 });
    const token = await tokens.issue(userId);
    const now = Date.now();
    // Not checked yet in this process: only the database can tell.
    expect(tokens.verifyAtOnce(token, now)).toBeUndefined();
    const session = await tokens.verify(token, now);
    expect(tokens.verifyAtOnce(token, now + 1000)).toEqual(session);
    // A token refused by its signature or times needs no database.
    expect(tokens.verifyAtOnce(sign({ alg: 'HS256', typ: 'JWT' }, { iss: 'sciexperts-api', sub: String(userId), sid: 'x', exp: 1 }), now)).toBeNull();
    expect(tokens.verifyAtOnce('not.a.token', now)).toBeNull();
    // Past the cache's window, and after a revocation, the database is asked again (and refuses the revoked one).
    expect(tokens.verifyAtOnce(token, now + 61_000)).toBeUndefined();
    await tokens.verify(token, now);
    await tokens.revokeSession(session!.sessionId);
    expect(tokens.verifyAtOnce(token, now)).toBeUndefined();
    expect(await tokens.verify(token, now)).toBeNull();
    // Without a cache nothing is answered at once.
    const uncached = new TokenService(db, SECRET, 3600);
    const other = await uncached.issue(userId);
    expect(await uncached.verify(other)).not.toBeNull();
    expect(uncached.verifyAtOnce(other)).toBeUndefined();
  });

  it('without a cache, a revocation by another process is seen on the next check', async () => {
    const here = new TokenService(db, SECRET, 3600);
    const elsewhere = new TokenService(db, SECRET, 3600);
    const token = await here.issue(userId);
    expect(await here.verify(token)).not.toBeNull();
    await elsewhere.revokeUserSessions(userId);
    expect(await here.verify(token)).toBeNull();
  });

  it('never reuses a check past the session expiry', async () => {
    const tokens = new TokenService(db, SECRET, 60, { sessionCacheMs: 60_000 });
    const token = await tokens.issue(userId);
    const now = Date.now();
    expect(await tokens.verify(token, now)).not.toBeNull();
    expect(await tokens.verify(token, now + 70_000)).toBeNull();
  });
});

describe('bearerToken', () => {
  it('reads the token of each header whatever came before (the last answer it keeps is only ever for the same header)', () => {
    const reference = (header: string | undefined) => (header ? (/^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? null) : null);
    const headers = ['Bearer aaa.bbb.ccc', 'Bearer aaa.bbb.ccc', 'bearer   xyz  ', 'Basic dXNlcjpwdw==', 'Bearer a b', '', undefined, 'Bearer aaa.bbb.ccc', 'BEARER q', 'Bearer', 'Bearer q'];
    for (const header of [...headers, ...headers.reverse()]) expect({ header, token: bearerToken(header) }).toEqual({ header, token: reference(header) });
  });
});
