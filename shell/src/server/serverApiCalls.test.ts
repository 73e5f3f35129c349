/**
 * @jest-environment node
 */
import { request, setRequestAdjuster } from '@sciexperts/shared';
import { renderFor, serverApiCalls } from './serverApiCalls';

const adjust = serverApiCalls('http://localhost:8080', 'http://127.0.0.1:3000');

describe("a server render's API calls", () => {
  it('go straight to the API with the address of the visitor the page is rendered for', async () => {
    const original = new Request('http://localhost:8080/api/Experts/Search?q=statistics', { headers: { Accept: 'application/json' } });
    const direct = await renderFor({ address: '203.0.113.7' }, async () => adjust(original));
    expect(direct?.url).toBe('http://127.0.0.1:3000/api/Experts/Search?q=statistics');
    expect(direct?.method).toBe('GET');
    expect(direct?.headers.get('X-Forwarded-For')).toBe('203.0.113.7');
    expect(direct?.headers.get('Accept')).toBe('application/json');
  });

  it('keep each concurrent render to its own visitor, however deep the call', async () => {
    const call = (visitor: string) =>
      renderFor({ address: visitor }, async () => {
        await new Promise((resolve) => setTimeout(resolve, visitor.endsWith('1') ? 20 : 5));
        await Promise.resolve();
        return adjust(new Request('http://localhost:8080/api/Experts/7'))?.headers.get('X-Forwarded-For');
      });
    await expect(Promise.all([call('198.51.100.1'), call('198.51.100.2')])).resolves.toEqual(['198.51.100.1', '198.51.100.2']);
  });

  it('never pass on an address the request itself claims', async () => {
    const spoofed = new Request('http://localhost:8080/api/Experts/7', { headers: { 'X-Forwarded-For': '10.0.0.1' } });
    expect((await renderFor({ address: '203.0.113.7' }, async () => adjust(spoofed)))?.headers.get('X-Forwarded-For')).toBe('203.0.113.7');
    expect(adjust(spoofed)?.headers.has('X-Forwarded-For')).toBe(false);
  });

  it('leave calls that are not to the API alone', () => {
    expect(adjust(new Request('http://localhost:8080/remotes.json'))).toBeUndefined();
    expect(adjust(new Request('http://localhost:8081/mf-manifest.json'))).toBeUndefined();
  });

  it("apply to the shared API client's requests once the renderer sets them", async () => {
    const calls: Request[] = [];
    const realFetch = global.fetch;
    global.fetch = jest.fn(async (input: RequestInfo | URL) => {
      calls.push(input as Request);
      return new Response(JSON.stringify({ ok: true }), { headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    setRequestAdjuster(adjust);
    try {
      const body = await renderFor({ address: '203.0.113.9' }, () => request<{ ok: boolean }>('get', '/api/Experts/7', { fallbackError: 'x', apiBaseUrl: 'http://localhost:8080' }));
      expect(body).toEqual({ ok: true });
      expect(calls.map((call) => [call.url, call.headers.get('X-Forwarded-For')])).toEqual([['http://127.0.0.1:3000/api/Experts/7', '203.0.113.9']]);
    } finally {
      setRequestAdjuster(null);
      global.fetch = realFetch;
    }
  });
});
