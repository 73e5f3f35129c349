// API throughput benchmark (run by `npm run bench`, or alone: `node_modules/.bin/tsx server/bench/api.bench.ts`).
// Starts a dedicated API server in a child process on SQLite (so the load generator here never shares its
// event loop), signs up a member with ~20 work experiences, times 20 logins one after another, then drives
// autocannon for ~10 s per route.
// Each figure is one JSON line on stdout: {"group":"api","metric":…,"value":…,"unit":…,"goal":…,"met":…}.
// BENCH_API_URL (the suite `npm run bench` runs) is deliberately not used: its rate limit and logging differ.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acceptedPassword, figureWriter, freePort, knob, percentile, runBench, waitHealthy } from './benchKit';

const ROOT = path.resolve(__dirname, '..', '..');
const DURATION_S = knob('BENCH_API_DURATION', 10, 1);
const CONNECTIONS = knob('BENCH_API_CONNECTIONS', 50, 10);
/** Seconds of load before each measured run (JIT, statement caches), and logins timed after three untimed ones. */
const WARM_UP_S = knob('BENCH_API_WARM_UP', 2, 1);
const LOGINS = knob('BENCH_API_LOGINS', 20, 3);
const log = (msg: string) => process.stderr.write(`[api.bench] ${msg}\n`);
const emit = figureWriter('api');

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;



/** CPU seconds the server process has used (Linux /proc; null elsewhere). Per-request CPU is a figure that
 * other load on the machine barely moves, unlike requests/s, so it shows whether a change helped. */
function processCpuSeconds(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5), i.e. 11 and 12 after the command name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** requests/s and server CPU µs per request of a bare Fastify route sending `body`, under the same load. */
async function measureBareFastify(autocannon: Autocannon, body: unknown): Promise<{ requestsPerSecond: number; cpuMicroseconds: number } | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-bare-fastify-'));
  const bodyFile = path.join(dir, 'body.json');
  writeFileSync(bodyFile, JSON.stringify(body));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'bareFastify.ts'), String(port), bodyFile], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { PATH: process.env.PATH, NODE_ENV: 'production' },
  });
  try {
    await waitHealthy(base, child);
    await autocannon({ url: `${base}/list`, connections: 10, duration: WARM_UP_S });
    const before = processCpuSeconds(child.pid);
    const run = await autocannon({ url: `${base}/list`, connections: CONNECTIONS, duration: DURATION_S });
    const after = processCpuSeconds(child.pid);
    if (before === null || after === null || run.requests.total === 0) return null;
    return { requestsPerSecond: run.requests.average, cpuMicroseconds: ((after - before) * 1e6) / run.requests.total };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
    rmSync(dir, { recursive: true, force: true });
  }
}

async function call<T>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function main(): Promise<void> {
  // autocannon ships no types; the shape used here is declared above.
  const autocannon = ((await import(String('autocannon'))) as { default: Autocannon }).default;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sciexperts-api-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // One server process (tsx as a loader, not its relaunching CLI). BENCH_API_NODE_ARGS adds node flags,
  // e.g. "--cpu-prof --cpu-prof-dir=/tmp/api-prof" to profile the server under load.
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL || 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
      TOKEN_SECRET: randomBytes(32).toString('hex'),
      // Production mode refuses to start without these; the bench sends no mail and needs no public address.
      PUBLIC_URL: 'https://api.bench.invalid',
      SITE_URL: 'https://bench.invalid',
      CORS_ORIGINS: 'https://bench.invalid',
      SMTP_URL: 'smtp://127.0.0.1:9',
    },
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stop);
  try {
    await waitHealthy(base, child);
    const owner = { email: `bench.${Date.now()}@example.test`, firstName: 'Bench', lastName: 'Mark' };
    const { email } = owner;
    const password = await acceptedPassword(owner);
    await call(base, 'POST', '/api/User/AddNewUser', { ...owner, phoneNumber: '+1 5551234567', password });
    const login = await call<{ token: string; user: { id: number } }>(base, 'POST', '/api/Account/Login', { email, password });
    const { token } = login;
    const id = login.user.id;

    // One login at a time at the production cost (argon2id, 19 MiB, t = 2): the wait a member sees at sign-in.
    const loginTimes: number[] = [];
    for (let i = 0; i < LOGINS + 3; i += 1) {
      const started = performance.now();
      await call(base, 'POST', '/api/Account/Login', { email, password });
      if (i >= 3) loginTimes.push(performance.now() - started);
    }
    loginTimes.sort((a, b) => a - b);
    const loginMedian = Math.round(percentile(loginTimes, 50) * 10) / 10;
    emit('POST Login, median (argon2id)', loginMedian, 'ms', '< 100 ms', loginMedian < 100);
    for (let i = 0; i < 20; i += 1) {
      const current = i === 0;
      await call(
        base,
        'POST',
        `/api/WorkExperience/AddNewWorkExperience/${id}`,
        {
          companyName: `Research Lab ${i + 1}`,
          jobTitle: `Senior Scientist ${i + 1}`,
          employmentType: 'Full time',
          currentlyWorking: current,
          description: 'Led experimental design, statistical analysis and reporting for multi-site studies.',
          startTime: `${2000 + (i % 20)}-0${(i % 9) + 1}`,
          endTime: current ? null : `${2001 + (i % 20)}-0${(i % 9) + 1}`,
        },
        token,
      );
    }
    const list = await call<unknown[]>(base, 'GET', `/api/WorkExperience/GetAllWorkExperiencesByUserId/${id}`, undefined, token);
    if (list.length !== 20) throw new Error(`the list read answered ${list.length} work experiences, not the 20 added`);
    log(`member ${id} with ${list.length} work experiences; ${CONNECTIONS} connections, ${DURATION_S} s per route`);
    const auth = { authorization: `Bearer ${token}` };

    // Warm-up (JIT, statement caches) so the measured run is steady state.
    await autocannon({ url: `${base}/api/WorkExperience/GetAllWorkExperiencesByUserId/${id}`, headers: auth, connections: 10, duration: WARM_UP_S });

    const cpuBeforeGet = processCpuSeconds(child.pid);
    const get = await autocannon({ url: `${base}/api/WorkExperience/GetAllWorkExperiencesByUserId/${id}`, headers: auth, connections: CONNECTIONS, duration: DURATION_S });
    const cpuAfterGet = processCpuSeconds(child.pid);
    const getOk = get.errors === 0 && get.non2xx === 0;
    emit('GET work experiences (20 items), requests/s', Math.round(get.requests.average), 'req/s', '≥ 8000', getOk && get.requests.average >= 8000);
    emit('GET work experiences, p99 latency', get.latency.p99, 'ms', '< 20 ms', getOk && get.latency.p99 < 20);
    if (cpuBeforeGet !== null && cpuAfterGet !== null && get.requests.total > 0) {
      emit('GET work experiences, server CPU per request', Math.round(((cpuAfterGet - cpuBeforeGet) * 1e6) / get.requests.total), 'µs');
    }
    if (!getOk) {
      // Figures of failed answers (a 401, a 500, a refused connection) measure nothing: the bench fails.
      emit('GET work experiences, failed responses', get.errors + get.non2xx, '', '0', false);
      throw new Error(`GET work experiences: ${get.non2xx} answers other than 2xx and ${get.errors} errors (${get.timeouts} timeouts) of ${get.requests.total}`);
    }

    // The same load on a bare Fastify route with the same body: the figure the read path is judged against.
    const bare = await measureBareFastify(autocannon, list);
    if (bare && cpuBeforeGet !== null && cpuAfterGet !== null && get.requests.total > 0) {
      const apiCpu = ((cpuAfterGet - cpuBeforeGet) * 1e6) / get.requests.total;
      emit('bare Fastify route (same body), requests/s', Math.round(bare.requestsPerSecond), 'req/s');
      emit('bare Fastify route (same body), server CPU per request', Math.round(bare.cpuMicroseconds), 'µs');
      const ratio = Math.round((apiCpu / bare.cpuMicroseconds) * 10) / 10;
      emit('GET work experiences, CPU per request vs bare Fastify', ratio, '×', '≤ 2 ×', ratio <= 2);
    }

    // BENCH_API_ONLY=get stops here, so a --cpu-prof of the server shows the GET path alone.
    if (process.env.BENCH_API_ONLY === 'get') return;
    let n = 0;
    const cpuBeforePut = processCpuSeconds(child.pid);
    const put = await autocannon({
      url: `${base}/api/User/UpdateUser/${id}`,
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [
        {
          method: 'PUT',
          setupRequest: (req: Record<string, unknown>) => {
            n += 1;
            return { ...req, body: JSON.stringify({ headline: `Biostatistician, update ${n}`, profileSummary: 'Twenty years of clinical trial analysis.', hourlyFee: 100 + (n % 50) }) };
          },
        },
      ],
    });
    const putOk = put.errors === 0 && put.non2xx === 0;
    emit('PUT UpdateUser, requests/s', Math.round(put.requests.average), 'req/s');
    emit('PUT UpdateUser, p99 latency', put.latency.p99, 'ms');
    const cpuAfterPut = processCpuSeconds(child.pid);
    if (cpuBeforePut !== null && cpuAfterPut !== null && put.requests.total > 0) {
      emit('PUT UpdateUser, server CPU per request', Math.round(((cpuAfterPut - cpuBeforePut) * 1e6) / put.requests.total), 'µs');
    }
    if (!putOk) {
      emit('PUT UpdateUser, failed responses', put.errors + put.non2xx, '', '0', false);
      throw new Error(`PUT UpdateUser: ${put.non2xx} answers other than 2xx and ${put.errors} errors (${put.timeouts} timeouts) of ${put.requests.total}`);
    }
  } finally {
    stop();
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench('api.bench', main);
