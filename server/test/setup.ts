import { takeMismatches } from './openapiCheck';

// Suites share two cores with the front-end projects under `npm test`; real HTTP and scrypt need more than 5 s there.
jest.setTimeout(30_000);

/** An answer the OpenAPI document does not describe fails the test that produced it (or, from a hook, the next one). */
function expectAnswersDocumented(): void {
  const found = takeMismatches();
  if (found.length === 0) return;
  const lines = [...new Set(found.map((m) => `${m.request} → ${m.status}: ${m.problem}`))];
  throw new Error(`The API answered outside its OpenAPI document (/api/docs/json):\n${lines.join('\n')}`);
}
afterEach(expectAnswersDocumented);
afterAll(expectAnswersDocumented);
