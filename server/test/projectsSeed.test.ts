import type { ProjectList, ProjectTeaserList } from '@sciexperts/shared/contracts';
import { PasswordHasher } from '../src/auth/passwords';
import { DEMO_PROJECT_TITLE, readDemoAccounts, seed } from '../src/db/seed';
import { startAppOn, type Harness } from './helpers';

describe.each(['sqlite', 'postgres'] as const)('the demo seed over %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAppOn(dialect);
    const hasher = new PasswordHasher({ memoryKiB: 64, iterations: 1 });
    await seed(h.db, hasher, true);
    await seed(h.db, hasher, true);
  }, 30_000);
  afterAll(() => h?.close());

  it("has one open public project by the demo owner, once however often it runs, which the demo expert can find", async () => {
    const teaser = await h.api<ProjectTeaserList>('GET', '/api/Projects/Public');
    expect(teaser.body.results).toEqual([{ title: DEMO_PROJECT_TITLE, service: 'Statistical Analysis', budget: { type: 'fixed', amountCents: 150_000, minCents: null, maxCents: null, currency: 'USD' }, postedAt: expect.any(String) }]);
    const ada = readDemoAccounts().find((a) => a.role === 'expert')!;
    const login = await h.api<{ token: string }>('POST', '/api/Account/Login', { body: { email: ada.email, password: ada.password } });
    const matching = await h.api<ProjectList>('GET', '/api/Projects?matching=mine', { token: login.body.token });
    expect(matching.body.results).toHaveLength(1);
    expect(matching.body.results[0]).toMatchObject({ title: DEMO_PROJECT_TITLE, status: 'open', visibility: 'public', practiceAreas: ['Biostatistics'], duration: '1-4-weeks', owner: { firstName: 'Olivia' } });
  });
});
