import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, API_PATHS } from '@sciexperts/shared/contracts';
import { createClient } from 'redis';
import { redisHealth } from '../src/redis/client';
import { eventually, member, signupBody, startApp, type Harness } from './helpers';
import { TcpRelay } from './tcpRelay';

/*
 * Redis going away and coming back, without a restart (docs/decisions/0032-shared-stores.md). The shared Redis cannot
 * be stopped by a test, so the app reaches it through a TCP relay of this test's own, closed and reopened on purpose.
 */
const REDIS_URL = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

describe('Redis unreachable, then back', () => {
  const relay = new TcpRelay({ host: REDIS_URL.hostname, port: Number(REDIS_URL.port || 6379) });
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  let h: Harness;

  beforeAll(async () => {
    await relay.open();
    const url = `redis://127.0.0.1:${relay.port}`;
    h = await startApp({ redisUrl: url, redisKeyPrefix: prefix, chatStreamName: `${prefix}-chat`, signupLimit: 1000 });
  });

  afterAll(async () => {
    // Stopping must not wait for Redis either.
    await h?.close();
    await relay.cut();
    const redis = createClient({ url: REDIS_URL.toString() });
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(keys);
    await redis.quit();
  });

  it('refuses sign-in steps with 503 while reads go on, and resumes by itself', async () => {
    const m = await member(h);
    const wrong = { email: m.email, password: 'not the password' };
    expect((await h.api('POST', API_PATHS.login, { body: wrong })).status).toBe(401);
    expect(await redisHealth(h.app.ctx.redis)).toBe(true);

    await relay.cut();
    await eventually(async () => !(await redisHealth(h.app.ctx.redis)), 'the app to see Redis gone');
    const loginAnswer = await h.api<{ message: string }>('POST', API_PATHS.login, { body: { email: m.email, password: m.password } });
    expect(loginAnswer.status).toBe(503);
    expect(loginAnswer.body.message).toBe(ACCOUNT_MESSAGES.throttleUnavailable);
    expect(loginAnswer.headers.get('retry-after')).toBeTruthy();
    const signup = await h.api<{ message: string }>('POST', API_PATHS.signup, { body: signupBody() });
    expect(signup.status).toBe(503);
    expect(signup.body.message).toBe(ACCOUNT_MESSAGES.throttleUnavailable);
    expect((await h.api('POST', API_PATHS.requestPasswordReset, { body: { email: m.email } })).status).toBe(503);
    // Reads and a signed-in member's pages need no throttle: the per-address limit lets them through (skipOnError).
    expect((await h.api('GET', API_PATHS.projectsPublic)).status).toBe(200);
    expect((await h.api('GET', API_PATHS.allServices, { token: m.token })).status).toBe(200);
    expect((await h.api('GET', API_PATHS.accountSessions, { token: m.token })).status).toBe(200);

    await relay.open();
    await eventually(async () => (await h.api('POST', API_PATHS.login, { body: wrong })).status === 401, 'sign-in to work again', 15_000);
    expect((await h.api('POST', API_PATHS.login, { body: { email: m.email, password: m.password } })).status).toBe(200);
    expect(await redisHealth(h.app.ctx.redis)).toBe(true);
  }, 30_000);
});
