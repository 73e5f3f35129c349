// The developers' live example signs in as a built-in partner (DEVELOPERS_EXAMPLE.partner), which the server ensures at
// start with the demo data and DEMO_PARTNER_ORIGINS only; production refuses that setting (productionMode.test.ts).
import { DEVELOPERS_EXAMPLE, OAUTH_PATHS, PARTNER_MESSAGES as M, PARTNER_PATHS, type AuthorizeInfo, type PartnerView } from '@sciexperts/shared/contracts';
import { ConfigError, loadConfig } from '../src/config';
import { ensureDemoPartner } from '../src/modules/partners/demoPartner';
import { signedInOperator, type Operator } from './adminFixtures';
import { startApp, startAppOn, type Harness } from './helpers';

const EXAMPLE = 'http://localhost:8083';
const MOVED = 'http://localhost:11083';
const { clientId, name } = DEVELOPERS_EXAMPLE.partner;
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** What the consent screen says for the example's origin: the partner's name, or the refusal's message. */
async function consentScreen(h: Harness, redirect: string): Promise<{ status: number; body: AuthorizeInfo & { message?: string } }> {
  const q = { client_id: clientId, redirect_uri: redirect, response_type: 'code', scope: 'chat', code_challenge: CHALLENGE, code_challenge_method: 'S256' };
  return h.api<AuthorizeInfo & { message?: string }>('GET', `${OAUTH_PATHS.authorize}?${new URLSearchParams(q)}`);
}

describe.each(['sqlite', 'postgres'] as const)('the developers’ demo partner on %s', (dialect) => {
  let h: Harness;
  let operator: Operator;
  let now = Date.parse('2026-11-29T10:00:00Z');
  beforeAll(async () => {
    h = await startAppOn(dialect, {}, { clock: () => new Date(now) });
    operator = await signedInOperator(h, 'operator', () => (now += 30_000));
  });
  afterAll(() => h?.close());

  it('is created once, follows its origin when the example moves, and keeps a suspension an operator made', async () => {
    expect(await ensureDemoPartner(h.db, [EXAMPLE], new Date(now))).toBe('created');
    expect(await ensureDemoPartner(h.db, [EXAMPLE], new Date(now))).toBe('unchanged');
    const listed = (await h.api<PartnerView[]>('GET', PARTNER_PATHS.partners, { token: operator.token })).body.filter((p) => p.clientId === clientId);
    expect(listed).toEqual([expect.objectContaining({ name, origins: [EXAMPLE], status: 'active' })]);
    expect((await consentScreen(h, EXAMPLE)).body.partner.name).toBe(name);

    expect(await ensureDemoPartner(h.db, [MOVED], new Date(now))).toBe('updated');
    expect((await consentScreen(h, MOVED)).body.partner.name).toBe(name);
    expect((await consentScreen(h, EXAMPLE)).body.message).toBe(M.redirectNotRegistered);

    const id = listed[0]!.id;
    const suspended = await h.api('POST', PARTNER_PATHS.partnerSuspend.replace(':partnerId', String(id)), { token: operator.token, body: { reason: 'Closing the example for a while' } });
    expect(suspended.status).toBe(200);
    expect(await ensureDemoPartner(h.db, [EXAMPLE], new Date(now))).toBe('updated');
    const after = (await h.api<PartnerView[]>('GET', PARTNER_PATHS.partners, { token: operator.token })).body.filter((p) => p.clientId === clientId);
    expect(after).toEqual([expect.objectContaining({ origins: [EXAMPLE], status: 'suspended' })]);
  });
});

describe('the demo partner at start', () => {
  it('exists with the demo data and DEMO_PARTNER_ORIGINS, and not without the demo data', async () => {
    const withDemo = await startApp({ seedDemo: true, demoPartnerOrigins: [EXAMPLE] });
    try {
      expect((await consentScreen(withDemo, EXAMPLE)).body.partner.name).toBe(name);
    } finally {
      await withDemo.close();
    }
    const without = await startApp({ seedDemo: false, demoPartnerOrigins: [EXAMPLE] });
    try {
      expect((await consentScreen(without, EXAMPLE)).body.message).toBe(M.unknownClient);
    } finally {
      await without.close();
    }
  });

  it('refuses an origin a partner could not have', () => {
    const refused = (() => {
      try {
        loadConfig({ DATA_DIR: '/tmp/sciexperts-demo-partner-config', DEMO_PARTNER_ORIGINS: 'http://portal.example' });
        return [];
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
    })();
    expect(refused).toEqual([expect.stringMatching(/^DEMO_PARTNER_ORIGINS: "http:\/\/portal.example" must be an https:\/\/ origin/)]);
    expect(loadConfig({ DATA_DIR: '/tmp/sciexperts-demo-partner-config', DEMO_PARTNER_ORIGINS: EXAMPLE }).demoPartnerOrigins).toEqual([EXAMPLE]);
  });
});
