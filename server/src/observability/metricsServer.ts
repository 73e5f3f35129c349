import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export interface MetricsListen {
  port: number;
  host: string;
  /** Required as `Authorization: Bearer <token>` when set (METRICS_TOKEN). */
  token: string | null;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics on a port of its own (METRICS_PORT), apart from the API's: the public proxy routes only /api/ and
 * /socket.io/ to the API's port, and integrators who call that port directly never reach this one. It serves nothing
 * else. With METRICS_TOKEN set, a scrape must carry it (production requires one when the port listens beyond loopback).
 */
export function startMetricsServer(listen: MetricsListen, metrics: { render(): Promise<string>; contentType: string }): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
    if (listen.token && !bearerMatches(req.headers.authorization, listen.token)) {
      return void res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' }).end('Unauthorized\n');
    }
    metrics.render().then(
      (body) => res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(body),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics could not be collected\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
