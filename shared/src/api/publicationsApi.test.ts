import { orcidAuthorizeUrl, publicationsApi } from './publicationsApi';
import { request } from './http';

jest.mock('./http', () => ({ request: jest.fn().mockResolvedValue([]) }));
const mockedRequest = jest.mocked(request);

beforeEach(() => mockedRequest.mockClear());

describe('publicationsApi', () => {
  it('lists stored publications and sends the ORCID code to the ORCID callback endpoint, encoded', async () => {
    await publicationsApi.list(7);
    await publicationsApi.syncFromOrcid('a b&c');
    expect(mockedRequest.mock.calls.map(([method, path, options]) => [method, path, options.fallbackError])).toEqual([
      ['get', '/api/Publication/GetAllPublicationsByUserId/7', 'Could not load your publications.'],
      ['get', '/auth/orcid/callback?code=a+b%26c', 'Failed to sync ORCID publications'],
    ]);
  });
});

describe('orcidAuthorizeUrl', () => {
  it('asks for a code for our client, returning to /profile with the state', () => {
    const url = new URL(orcidAuthorizeUrl({ authorizeUrl: 'https://orcid.org/oauth/authorize', clientId: 'APP-1' }, 's-1', 'https://site.example'));
    expect(`${url.origin}${url.pathname}`).toBe('https://orcid.org/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'APP-1',
      response_type: 'code',
      scope: '/authenticate',
      redirect_uri: 'https://site.example/profile',
      state: 's-1',
    });
  });

  it('uses the configured redirect URI and scope when given', () => {
    const url = new URL(orcidAuthorizeUrl({ authorizeUrl: 'http://localhost:3002/oauth/authorize', clientId: 'APP-2', redirectUri: 'http://localhost:8080/profile', scope: '/read-limited' }, 'x', 'http://other'));
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8080/profile');
    expect(url.searchParams.get('scope')).toBe('/read-limited');
  });
});
