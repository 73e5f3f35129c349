import { defineConfig, devices } from '@playwright/test';

// The e2e suite starts the built product itself on its own ports and a throw-away database.
// E2E_PORT_OFFSET lets several runs share a machine (each gets its own ports and data folder).
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const port = (base: number) => String(base + offset);
/**
 * E2E_TOPOLOGY=cluster: the specs in e2e/cluster against `npm run start:cluster`'s topology (nginx on the site's port
 * in front of two API processes and two page servers, PostgreSQL and Redis), run by scripts/e2e.mjs and npm test
 * after the main suite. The API is then reached through the site's origin only.
 */
export const clusterTopology = process.env.E2E_TOPOLOGY === 'cluster';
// 18580…18640 + offset (the site, remotes, processes, metrics ports and Prometheus at P+60): between the main suite's
// ports, so no two runs at offsets a multiple of 1000 apart collide.
const clusterSite = 18580 + offset;
/** The cluster's API processes, each on its own port (tests reach one directly to show where a socket sits). */
export const clusterApiPorts = [clusterSite + 11, clusterSite + 12];
/** Milliseconds added to the API's clock while a spec writes a number here (server/src/dev/testClock.ts); 0 after it. */
export const e2eClockFile = `${process.cwd()}/.runtime/e2e-clock-${offset}`;
const ports = {
  SHELL_PORT: port(18080),
  MF_MARKETING_PORT: port(18081),
  MF_AUTH_PORT: port(18082),
  MF_CHAT_PORT: port(18083),
  MF_PROFILE_PORT: port(18084),
  MF_DIRECTORY_PORT: port(18085),
  MF_PROJECTS_PORT: port(18086),
  MF_ADMIN_PORT: port(18087),
  API_PORT: port(13000),
  // Local identity provider, ORCID and payments stand-ins (13050–13052 + offset never meet another run's ports).
  OIDC_PORT: port(13050),
  ORCID_PORT: port(13051),
  PAYMENTS_PORT: port(13052),
};

export const e2eOrigins = clusterTopology
  ? {
      // The remotes on the site's port + 1, + 2…, as start:cluster places them.
      site: `http://localhost:${clusterSite}`,
      api: `http://localhost:${clusterSite}`,
      marketing: `http://localhost:${clusterSite + 1}`,
      auth: `http://localhost:${clusterSite + 2}`,
      chat: `http://localhost:${clusterSite + 3}`,
      profile: `http://localhost:${clusterSite + 4}`,
      directory: `http://localhost:${clusterSite + 5}`,
      projects: `http://localhost:${clusterSite + 6}`,
    }
  : {
      site: `http://localhost:${ports.SHELL_PORT}`,
      api: `http://localhost:${ports.API_PORT}`,
      marketing: `http://localhost:${ports.MF_MARKETING_PORT}`,
      auth: `http://localhost:${ports.MF_AUTH_PORT}`,
      chat: `http://localhost:${ports.MF_CHAT_PORT}`,
      profile: `http://localhost:${ports.MF_PROFILE_PORT}`,
      directory: `http://localhost:${ports.MF_DIRECTORY_PORT}`,
      projects: `http://localhost:${ports.MF_PROJECTS_PORT}`,
    };

const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

const browser = { ...devices['Desktop Chrome'], launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumArgs } };
/** Specs that write e2eClockFile: the API's clock is everyone's, so they run alone. */
const clockSpecs = ['**/e2e/calls.spec.ts'];
/** Specs that change which version of a remote everyone gets (releases, canaries): after the others, alone. */
const releaseSpecs = ['**/e2e/releases.spec.ts'];
/** The canary check every second, judging after 5 page loads (15 s and 50 in production), to see a rollback happen. */
const releaseCanaryEnv = { RELEASE_CANARY_CHECK_SECONDS: '1', RELEASE_CANARY_MIN_LOADS: '5' };

export default defineConfig({
  testDir: clusterTopology ? './e2e/cluster' : './e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Two workers, each running whole files (a file's tests share its members and state, in order): the suite took 17
  // minutes on one. The files share one API and database, so each makes its own members and data; a spec that moves
  // the API's clock (calls.spec.ts) runs in a project of its own, after the others, alone.
  fullyParallel: false,
  workers: clusterTopology ? 1 : 2,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: e2eOrigins.site,
    trace: 'off',
  },
  projects: clusterTopology
    ? [{ name: 'chromium', use: browser }]
    : [
        { name: 'chromium', testIgnore: ['**/e2e/cluster/**', ...clockSpecs, ...releaseSpecs], use: browser },
        // After every other file (a failure there skips these), alone: a canary or a preview of the home page's remote
        // would change what the other files see.
        { name: 'chromium, releases', testMatch: releaseSpecs, dependencies: ['chromium'], use: browser },
        // Last, alone: nothing else runs while the API's clock is moved. Before the releases it broke their canary
        // check: a periodic job keeps its next run at the next multiple of its interval after the API's "now", so a
        // run scheduled while the clock was days ahead waits for real time to catch up once it is set back.
        { name: 'chromium, API clock moved', testMatch: clockSpecs, dependencies: ['chromium, releases'], use: browser },
      ],
  webServer: clusterTopology
    ? {
        command: 'node scripts/e2e-cluster-server.mjs',
        url: `${e2eOrigins.site}/remotes.json`,
        reuseExistingServer: false,
        timeout: 600_000,
        // The same data folder as the main suite (the fixtures read its mail outbox); the run starts it afresh.
        env: {
          SITE_PORT: String(clusterSite),
          DATA_DIR: `.runtime/e2e-data-${offset}`,
          CLUSTER_DATABASE: `sciexperts_e2e_${offset}`,
          CLUSTER_FRESH_DATABASE: 'true',
          NGINX_LOG_LEVEL: 'crit',
          SEED_DEMO: 'true',
          LOG_LEVEL: 'warn',
          SIGNUP_LIMIT: '1000',
          NOTIFICATION_EMAIL_DELAY_SECONDS: '1',
        },
        stdout: 'pipe',
        stderr: 'pipe',
      }
    : {
        command: 'node scripts/e2e-server.mjs',
        url: `${e2eOrigins.site}/remotes.json`,
        reuseExistingServer: false,
        timeout: 600_000,
        // The suite signs up a few dozen members from one address; production allows 20 per 15 minutes.
        env: { ...ports, DATA_DIR: `.runtime/e2e-data-${offset}`, SEED_DEMO: 'true', LOG_LEVEL: 'warn', SIGNUP_LIMIT: '1000', NOTIFICATION_EMAIL_DELAY_SECONDS: '1', TEST_CLOCK_FILE: e2eClockFile, ...releaseCanaryEnv },
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
