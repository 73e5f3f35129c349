// What the API benchmarks share: a free port for their own server process, waiting until it is healthy, and
// the one-JSON-line-per-figure output `npm run bench` collects.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { loadCommonPasswords, passwordProblem, type LoginResponse, type PasswordOwner } from '@sciexperts/shared/contracts';
import { createServer } from 'node:net';

/**
 * `npm run bench -- --smoke` (BENCH_SMOKE=1): every bench on tiny data for a few seconds, to prove it still runs to its
 * figures. Its figures are printed but mean nothing; no goal is judged on them.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** A bench's numeric knob: its environment variable when set, else the full run's or the smoke run's default. */
export function knob(name: string, full: number, smoke: number): number {
  const set = process.env[name];
  return set !== undefined && set !== '' ? Number(set) : SMOKE ? smoke : full;
}

/**
 * Runs a bench's main and ends the process with what became of it: 0 once main has finished (whatever handles are
 * left), 1 naming the error when it throws, and 1 too when the process would end before main has finished (its event
 * loop emptied while main awaited something nothing would ever deliver: it printed some figures, stopped, and its exit
 * code was 0, so `npm run bench` saw nothing wrong).
 */
export function runBench(name: string, main: () => Promise<void>): void {
  let finished = false;
  process.on('exit', (code) => {
    if (finished || code !== 0) return;
    process.stderr.write(`[${name}] FAILED: the process was ending before the bench had finished (it was waiting for something nothing would deliver)\n`);
    process.exitCode = 1;
  });
  main().then(
    () => {
      finished = true;
      process.exit(process.exitCode ?? 0);
    },
    (err: unknown) => {
      finished = true;
      process.stderr.write(`[${name}] FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}

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

/** A throw-away schema on the PostgreSQL server the tests use (postgres or root user, trust auth). */
export async function createPgSchema(name = 'bench'): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `${name}_${randomBytes(5).toString('hex')}`;
  const errors: string[] = [];
  for (const user of ['postgres', 'root']) {
    const base = process.env.TEST_DATABASE_URL ?? `postgres://${user}@127.0.0.1:5432/test`;
    const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query(`create schema ${schema}`);
      await client.end();
      const url = new URL(base);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return {
        url: url.toString(),
        drop: async () => {
          const c = new pg.Client({ connectionString: base });
          await c.connect();
          await c.query(`drop schema if exists ${schema} cascade`);
          await c.end();
        },
      };
    } catch (err) {
      errors.push(`${base}: ${(err as Error).message}`);
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`PostgreSQL is unreachable:\n${errors.join('\n')}`);
}

export function processCpuMs(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are the 12th and
    // 13th, in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(/\s+/);
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * A password the product's own rules (`passwordProblem` of the contracts, which sign-up calls) accept for `owner`:
 * random, so it is neither a common password nor one holding the owner's e-mail name or name. If the rules ever
 * change so that no such password passes, the bench fails here, naming the rule, instead of at its first sign-up.
 */
export async function acceptedPassword(owner: PasswordOwner): Promise<string> {
  await loadCommonPasswords();
  let problem: string | null = null;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const password = `${randomBytes(12).toString('base64url')}-${attempt}`;
    problem = passwordProblem(password, owner);
    if (problem === null) return password;
  }
  throw new Error(`the product's password rules refuse every password the bench made for ${owner.email ?? 'its member'}: ${problem}`);
}

/** Signs a member up and in through the API, with a password the product's rules accept. */
export async function createMember(base: string, i: number): Promise<{ id: number; token: string }> {
  const email = `bench-${process.pid}-${Date.now()}-${i}@bench.test`;
  const owner = { email, firstName: 'Load', lastName: `Tester ${i}` };
  const password = await acceptedPassword(owner);
  const post = (url: string, body: unknown) => fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const created = await post('/api/User/AddNewUser', { ...owner, phoneNumber: '+1 5550000000', password });
  if (created.status !== 201) throw new Error(`signup failed: ${created.status} ${await created.text()}`);
  const login = await post('/api/Account/Login', { email, password });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const body = (await login.json()) as LoginResponse;
  return { id: body.user.id, token: body.token };
}

/** Runs fn for 0…count-1, `width` at a time. */
export async function inBatches<T>(count: number, width: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
