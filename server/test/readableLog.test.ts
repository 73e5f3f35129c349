import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { ConfigError, loadConfig } from '../src/config';
import { formatLogLine, readableLogStream } from '../src/http/readableLog';

describe('the readable log of npm start', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-log-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one short line per event, a request as method, path, status and time, an error with its stack', () => {
    const time = Date.UTC(2026, 10, 24, 9, 5, 7);
    expect(formatLogLine(JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', msg: 'SciExperts API on http://localhost:3000' }))).toBe('09:05:07 INFO  SciExperts API on http://localhost:3000');
    expect(formatLogLine(JSON.stringify({ level: 30, time, reqId: 'req-1', req: { method: 'GET', url: '/api/Projects' }, res: { statusCode: 200 }, responseTime: 3.6, msg: 'request completed' }))).toBe(
      '09:05:07 INFO  GET /api/Projects 200 4 ms',
    );
    expect(formatLogLine(JSON.stringify({ level: 40, time, msg: 'payout request failed; it will be retried', withdrawalId: 7 }))).toBe('09:05:07 WARN  payout request failed; it will be retried withdrawalId=7');
    expect(formatLogLine(JSON.stringify({ level: 50, time, msg: 'unhandled error', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' } }))).toBe('09:05:07 ERROR unhandled error\n  Error: boom\n    at x');
    expect(formatLogLine('not json')).toBe('not json');
  });

  it('is what a Fastify logger writes through it, with no request lines unless asked', async () => {
    const out = new PassThrough();
    let written = '';
    out.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const app = Fastify({ logger: { level: 'info', stream: readableLogStream(out) }, logController: new LogController({ disableRequestLogging: true }) });
    app.get('/x', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/x' });
    app.log.warn({ job: 'digest' }, 'slow');
    await app.close();
    expect(written).toMatch(/^\d\d:\d\d:\d\d WARN {2}slow job=digest\n$/m);
    expect(written).not.toContain('/x');
  });

  it('is text without request lines in development and JSON with them in production, as LOG_FORMAT and LOG_REQUESTS say', () => {
    expect(loadConfig({ DATA_DIR: dir, TOKEN_SECRET: 'x'.repeat(40) })).toMatchObject({ logFormat: 'text', logRequests: false });
    expect(loadConfig({ DATA_DIR: dir, TOKEN_SECRET: 'x'.repeat(40), LOG_FORMAT: 'json', LOG_REQUESTS: 'true' })).toMatchObject({ logFormat: 'json', logRequests: true });
    expect(() => loadConfig({ DATA_DIR: dir, TOKEN_SECRET: 'x'.repeat(40), LOG_FORMAT: 'pretty' })).toThrow(ConfigError);
  });
});
