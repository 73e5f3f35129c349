import type { LivenessResponse, ReadinessResponse } from '@sciexperts/shared/contracts';
import { registerReadinessProbe, startDraining } from '../src/modules/health/readiness';
import { startApp, type Harness } from './helpers';

describe('liveness and readiness', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startApp();
  });
  afterEach(() => h.close());

  it('is live and ready with the database up, and the old health answer keeps its contract', async () => {
    expect((await h.api<LivenessResponse>('GET', '/api/health/live')).body).toEqual({ status: 'ok' });
    const ready = await h.api<ReadinessResponse>('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', draining: false, checks: [{ name: 'database', status: 'up' }] });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect((await h.api('GET', '/api/health')).body).toEqual({ status: 'ok', database: { status: 'up', dialect: 'sqlite' }, version: expect.any(String) });
  });

  it('goes 503 at once when the process starts draining, and stays live', async () => {
    startDraining(h.app);
    const ready = await h.api<ReadinessResponse>('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'not ready', draining: true, checks: [{ name: 'database', status: 'up' }] });
    expect((await h.api('GET', '/api/health/live')).status).toBe(200);
  });

  it('goes 503 naming the database when the database does not answer', async () => {
    await h.db.kysely.destroy();
    const ready = await h.api<ReadinessResponse>('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'not ready', draining: false, checks: [{ name: 'database', status: 'down' }] });
    expect((await h.api('GET', '/api/health/live')).status).toBe(200);
  });

  it('waits on every registered probe (Redis registers one), a hung one counting as down', async () => {
    let redisUp = false;
    registerReadinessProbe(h.app, 'redis', async () => redisUp);
    registerReadinessProbe(h.app, 'stuck', () => new Promise<boolean>(() => undefined));
    const down = await h.api<ReadinessResponse>('GET', '/api/health/ready');
    expect(down.status).toBe(503);
    expect(down.body.checks).toEqual([
      { name: 'database', status: 'up' },
      { name: 'redis', status: 'down' },
      { name: 'stuck', status: 'down' },
    ]);
    redisUp = true;
    registerReadinessProbe(h.app, 'stuck', async () => true);
    expect((await h.api('GET', '/api/health/ready')).status).toBe(200);
  });

  it('waits on Redis when REDIS_URL is set, and goes 503 naming it when its connection is lost', async () => {
    await h.close();
    const run = `readiness-${process.pid}-${Date.now()}`;
    h = await startApp({ redisUrl: 'redis://127.0.0.1:6379', redisKeyPrefix: run, chatStreamName: `${run}-chat` });
    const up = await h.api<ReadinessResponse>('GET', '/api/health/ready');
    expect(up.status).toBe(200);
    expect(up.body.checks).toEqual([
      { name: 'database', status: 'up' },
      { name: 'redis', status: 'up' },
    ]);
    await h.app.ctx.redis?.client.disconnect();
    const down = await h.api<ReadinessResponse>('GET', '/api/health/ready');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'not ready', draining: false, checks: [{ name: 'database', status: 'up' }, { name: 'redis', status: 'down' }] });
  });

  it('is never throttled: the proxy polls it from its one address', async () => {
    await h.close();
    h = await startApp({ anonymousRateLimitPerMinute: 3 });
    for (let i = 0; i < 6; i += 1) {
      expect((await h.api('GET', '/api/health/ready')).status).toBe(200);
      expect((await h.api('GET', '/api/health/live')).status).toBe(200);
    }
    // The budget of 3 is still whole for the other routes: those polls counted nothing.
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await h.api('GET', '/api/health')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
