import { takeMismatches } from './openapiCheck';

// A test reaches the apps and stand-ins it starts itself (in this process, on port 0), never a server someone else runs
// on this machine (their `npm start` on port 3000, say) nor anything further: any other fetch fails the test that made
// it, naming the URL (scripts/jest/offline.cjs).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const offline = require('../../scripts/jest/offline.cjs') as { refuseNetwork(options: { allow: (url: string) => boolean }): void; isOwnServer(url: string): boolean };
offline.refuseNetwork({ allow: offline.isOwnServer });

// Suites share two cores with the front-end projects under `npm test`; real HTTP and scrypt need more than 5 s there.
// A suite's beforeAll starts an app (every migration on a fresh database) and signs members up: on a machine also
// running other work (load 10-15 on two cores) that took over 30 s, and whole suites failed in their hook.
jest.setTimeout(60_000);

/** An answer the OpenAPI document does not describe fails the test that produced it (or, from a hook, the next one). */
function expectAnswersDocumented(): void {
  const found = takeMismatches();
  if (found.length === 0) return;
  const lines = [...new Set(found.map((m) => `${m.request} → ${m.status}: ${m.problem}`))];
  throw new Error(`The API answered outside its OpenAPI document (/api/docs/json):\n${lines.join('\n')}`);
}
afterEach(expectAnswersDocumented);
afterAll(expectAnswersDocumented);
