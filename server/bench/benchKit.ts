// What the API benchmarks share: a free port for their own server process, waiting until it is healthy, and
// the one-JSON-line-per-figure output `npm run bench` collects.
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitHealthy(base: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API child exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the API child did not become healthy');
}

/** `emit(metric, value, unit, goal?, met?)` writes {"group","metric","value","unit","goal","met"} on stdout. */
export function figureWriter(group: string) {
  return (metric: string, value: number | string, unit: string, goal = '', met: boolean | null = null) =>
    process.stdout.write(`${JSON.stringify({ group, metric, value, unit, goal, met })}\n`);
}
