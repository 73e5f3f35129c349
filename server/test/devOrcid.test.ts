import type { OrcidCallbackResponse, Publication } from '@sciexperts/shared/contracts';
import { createOrcidStandIn, DEMO_RESEARCHER, DEMO_WORKS, NEW_RESEARCHER, type OrcidStandIn } from '../src/dev/orcidStandIn';
import { mapOrcidWorks } from '../src/modules/publications/orcid';
import { member, startApp, type Harness } from './helpers';

const CLIENT = { clientId: 'APP-TESTCLIENT0001', clientSecret: 'test-orcid-secret' };
const REDIRECT = 'http://localhost:8080/profile';

describe('local ORCID stand-in', () => {
  let orcid: OrcidStandIn;
  let h: Harness;

  beforeAll(async () => {
    orcid = createOrcidStandIn({ ...CLIENT, redirectUris: [REDIRECT] });
    await orcid.listen(0);
    h = await startApp({ orcid: { baseUrl: orcid.url, apiUrl: orcid.url, ...CLIENT, redirectUri: REDIRECT } });
  });
  afterAll(async () => {
    await h.close();
    await orcid.close();
  });

  const authorizeQuery = (over: Record<string, string> = {}) =>
    new URLSearchParams({ client_id: CLIENT.clientId, response_type: 'code', scope: '/authenticate', redirect_uri: REDIRECT, ...over });

  /** What the browser does: open the authorize page, press Authorize, follow the redirect. */
  async function authorize(state?: string, account?: string): Promise<string> {
    const q = authorizeQuery(state ? { state } : {});
    const pageRes = await fetch(`${orcid.url}/oauth/authorize?${q}`);
    expect(pageRes.status).toBe(200);
    const html = await pageRes.text();
    expect(html).toContain('>Authorize</button>');
    expect(html).toContain(DEMO_RESEARCHER.orcid);
    expect(pageRes.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:8080");
    const form = new URLSearchParams(q);
    form.set('decision', 'authorize');
    if (account) form.set('account', account);
    const res = await fetch(`${orcid.url}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    if (state) expect(location.searchParams.get('state')).toBe(state);
    return location.searchParams.get('code')!;
  }

  it('refuses unknown clients, redirect URIs and scopes on the authorize page', async () => {
    const bads: Array<Record<string, string>> = [{ client_id: 'APP-OTHER' }, { redirect_uri: 'http://evil.example/profile' }, { scope: '/read-limited' }, { response_type: 'token' }];
    for (const bad of bads) {
      const res = await fetch(`${orcid.url}/oauth/authorize?${authorizeQuery(bad)}`);
      expect(res.status).toBe(400);
      expect(await res.text()).not.toContain('<form');
    }
  });

  it('answers the token endpoint as ORCID does and checks the client credentials', async () => {
    const code = await authorize('xyz');
    const token = (body: Record<string, string>) =>
      fetch(`${orcid.url}/oauth/token`, { method: 'POST', headers: { accept: 'application/json' }, body: new URLSearchParams({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...body }) });
    const wrongSecret = await token({ client_secret: 'nope' });
    expect(wrongSecret.status).toBe(401);
    const ok = await token({});
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', refresh_token: expect.any(String), expires_in: expect.any(Number), scope: '/authenticate', name: DEMO_RESEARCHER.name, orcid: DEMO_RESEARCHER.orcid });
    const reused = await token({});
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error: string }).error).toBe('invalid_grant');

    const works = await fetch(`${orcid.url}/v3.0/${DEMO_RESEARCHER.orcid}/works`, { headers: { accept: 'application/json', authorization: `Bearer ${String(body.access_token)}` } });
    expect(works.status).toBe(200);
    const bogus = await fetch(`${orcid.url}/v3.0/${DEMO_RESEARCHER.orcid}/works`, { headers: { authorization: 'Bearer forged' } });
    expect(bogus.status).toBe(401);
  });

  it('the works document maps to every demo work, some without url, month or day', async () => {
    const res = await fetch(`${orcid.url}/v3.0/${DEMO_RESEARCHER.orcid}/works`, { headers: { accept: 'application/json' } });
    const mapped = mapOrcidWorks((await res.json()) as Parameters<typeof mapOrcidWorks>[0]);
    expect(mapped.map((w) => w.title)).toEqual(DEMO_WORKS.map((w) => w.title));
    expect(mapped.some((w) => w.url === null)).toBe(true);
    expect(mapped.some((w) => w.publicationDate?.month === null && w.publicationDate?.day === null)).toBe(true);
    // A work known only by its DOI links to doi.org.
    expect(mapped[1]!.url).toBe('https://doi.org/10.5555/87654321');
  });

  it('the API callback exchanges a stand-in code, stores the works, and refuses the code a second time', async () => {
    const me = await member(h);
    const code = await authorize();
    const res = await h.api<OrcidCallbackResponse>('GET', `/auth/orcid/callback?code=${encodeURIComponent(code)}`, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.user.works).toHaveLength(DEMO_WORKS.length);
    expect(res.body.user.works[0]).toEqual({
      title: DEMO_WORKS[0]!.title,
      url: 'https://doi.org/10.5555/12345678',
      type: 'journal-article',
      publicationDate: { year: { value: '2021' }, month: { value: '03' }, day: { value: '14' } },
    });
    expect(res.body.user.works[2]).toMatchObject({ url: null, type: 'book', publicationDate: { year: { value: '2016' }, month: null, day: null } });
    const stored = await h.api<Publication[]>('GET', `/api/Publication/GetAllPublicationsByUserId/${me.id}`, { token: me.token });
    expect(stored.body).toEqual(res.body.user.works);

    const again = await h.api<{ message: string }>('GET', `/auth/orcid/callback?code=${encodeURIComponent(code)}`, { token: me.token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The ORCID authorization code is invalid or was already used.');
    // The earlier sync is kept.
    expect((await h.api<Publication[]>('GET', `/api/Publication/GetAllPublicationsByUserId/${me.id}`, { token: me.token })).body).toHaveLength(DEMO_WORKS.length);
  });

  it('offers a researcher with no works; syncing as them replaces the stored list with none', async () => {
    const html = await (await fetch(`${orcid.url}/oauth/authorize?${authorizeQuery()}`)).text();
    expect(html).toContain('<legend>Signed in to ORCID as</legend>');
    expect(html).toContain(`value="${DEMO_RESEARCHER.orcid}" checked`);
    expect(html).toContain(`${NEW_RESEARCHER.orcid}), no works yet`);
    const me = await member(h);
    const full = await h.api<OrcidCallbackResponse>('GET', `/auth/orcid/callback?code=${encodeURIComponent(await authorize('s', DEMO_RESEARCHER.orcid))}`, { token: me.token });
    expect(full.body.user.works).toHaveLength(DEMO_WORKS.length);
    const empty = await h.api<OrcidCallbackResponse>('GET', `/auth/orcid/callback?code=${encodeURIComponent(await authorize('s', NEW_RESEARCHER.orcid))}`, { token: me.token });
    expect(empty.status).toBe(200);
    expect(empty.body.user.works).toEqual([]);
    expect((await h.api<Publication[]>('GET', `/api/Publication/GetAllPublicationsByUserId/${me.id}`, { token: me.token })).body).toEqual([]);

    const unknown = authorizeQuery({ decision: 'authorize', account: '0000-0000-0000-0000' });
    expect((await fetch(`${orcid.url}/oauth/authorize`, { method: 'POST', body: unknown, redirect: 'manual' })).status).toBe(400);
  });

  it('a denied authorization returns to the site with error=access_denied and no code', async () => {
    const form = authorizeQuery({ state: 's1', decision: 'deny' });
    const res = await fetch(`${orcid.url}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('code')).toBeNull();
  });
});
