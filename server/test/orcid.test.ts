import type { OrcidCallbackResponse, Publication } from '@sciexperts/shared/contracts';
import { member, startApp, type Harness } from './helpers';

const ORCID = { baseUrl: 'https://orcid.test', apiUrl: 'https://pub.orcid.test', clientId: 'APP-123', clientSecret: 'shh', redirectUri: 'http://localhost:8080/profile' };
const ORCID_ID = '0000-0002-1825-0097';

const works = {
  group: [
    {
      'work-summary': [
        { title: { title: { value: 'Deep learning for protein folding' } }, type: 'journal-article', url: { value: 'https://journal.example/1' }, 'publication-date': { year: { value: '2021' }, month: { value: '03' }, day: { value: '14' } } },
        { title: { title: { value: 'Duplicate copy' } } },
      ],
    },
    { 'work-summary': [{ title: { title: { value: 'Ünïcødé «study»' } }, type: 'book', url: null, 'publication-date': { year: { value: '2019' }, month: null, day: null }, 'external-ids': { 'external-id': [{ 'external-id-type': 'doi', 'external-id-value': '10.1000/xyz' }] } }] },
    { 'work-summary': [{ title: null }] },
  ],
};

describe('ORCID callback', () => {
  let h: Harness;
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  let mode: 'ok' | 'bad-code' | 'down' = 'ok';
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    if (mode === 'down') throw new Error('network down');
    if (url === `${ORCID.baseUrl}/oauth/token`) {
      if (mode === 'bad-code') return new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 });
      return Response.json({ access_token: 'orcid-access', orcid: ORCID_ID, name: 'Ada' });
    }
    if (url === `${ORCID.apiUrl}/v3.0/${ORCID_ID}/works`) return Response.json(works);
    return new Response('not found', { status: 404 });
  }) as typeof fetch;

  beforeAll(async () => {
    h = await startApp({ orcid: ORCID }, { fetch: fakeFetch });
  });
  afterAll(() => h.close());

  it('exchanges the code, maps and stores the works', async () => {
    const me = await member(h);
    const res = await h.api<OrcidCallbackResponse>('GET', '/auth/orcid/callback?code=abc123', { token: me.token });
    expect(res.status).toBe(200);
    const expected: Publication[] = [
      { title: 'Deep learning for protein folding', url: 'https://journal.example/1', type: 'journal-article', publicationDate: { year: { value: '2021' }, month: { value: '03' }, day: { value: '14' } } },
      { title: 'Ünïcødé «study»', url: 'https://doi.org/10.1000/xyz', type: 'book', publicationDate: { year: { value: '2019' }, month: null, day: null } },
    ];
    expect(res.body).toEqual({ user: { works: expected } });
    const tokenCall = calls.find((c) => c.url.endsWith('/oauth/token'))!;
    const form = new URLSearchParams(String(tokenCall.init?.body));
    expect(Object.fromEntries(form)).toEqual({ client_id: 'APP-123', client_secret: 'shh', grant_type: 'authorization_code', code: 'abc123', redirect_uri: ORCID.redirectUri });
    const stored = await h.api<Publication[]>('GET', `/api/Publication/GetAllPublicationsByUserId/${me.id}`, { token: me.token });
    expect(stored.body).toEqual(expected);
  });

  it('reports a bad code and an unreachable ORCID without storing anything', async () => {
    const me = await member(h);
    mode = 'bad-code';
    expect((await h.api('GET', '/auth/orcid/callback?code=used', { token: me.token })).status).toBe(400);
    mode = 'down';
    const down = await h.api<{ message: string }>('GET', '/auth/orcid/callback?code=x', { token: me.token });
    expect(down.status).toBe(502);
    expect(down.body.message).toBe('Failed to sync ORCID publications');
    mode = 'ok';
    expect((await h.api('GET', `/api/Publication/GetAllPublicationsByUserId/${me.id}`, { token: me.token })).body).toEqual([]);
    expect((await h.api('GET', '/auth/orcid/callback', { token: me.token })).status).toBe(400);
    expect((await h.api('GET', '/auth/orcid/callback?code=a&extra=b', { token: me.token })).status).toBe(400);
  });
});
