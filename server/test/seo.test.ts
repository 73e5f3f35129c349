import { PUBLIC_PAGES } from '@sciexperts/shared/contracts';
import { member, startApp, type Harness } from './helpers';

describe('robots.txt and the sitemap', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp();
  });
  afterAll(() => h.close());

  it('lists every public page at the site origin, and nothing of the member area', async () => {
    const res = await fetch(`${h.base}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.slice(0, PUBLIC_PAGES.length)).toEqual(PUBLIC_PAGES.map((p) => `http://site.test${p}`));
    expect(locs).toContain('http://site.test/privacy-policy');
    expect(locs.some((l) => l!.includes('/profile') || l!.includes('/api/'))).toBe(false);
  });

  it("adds each listed expert's public profile from the database, and never a hidden or headline-less member", async () => {
    const listed = await member(h, { firstName: 'Rosalind', lastName: 'Franklin' });
    const hidden = await member(h, { firstName: 'Hidden', lastName: 'Person' });
    const noHeadline = await member(h, { firstName: 'No', lastName: 'Headline' });
    await h.api('PUT', `/api/User/UpdateUser/${listed.id}`, { body: { headline: 'X-ray crystallographer' }, token: listed.token });
    await h.api('PUT', `/api/User/UpdateUser/${hidden.id}`, { body: { headline: 'Private chemist', isProfilePublic: false }, token: hidden.token });
    const xml = await (await fetch(`${h.base}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.slice(PUBLIC_PAGES.length)).toEqual([`http://site.test/experts/${listed.id}-rosalind-franklin`]);
    expect(xml).not.toContain(`/experts/${hidden.id}-`);
    expect(xml).not.toContain(`/experts/${noHeadline.id}-`);
  });

  it('allows the public site and disallows the member area, the chat and the API', async () => {
    const res = await fetch(`${h.base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text.split('\n')).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /profile', 'Disallow: /chat', 'Disallow: /reset-password', 'Disallow: /api/', '', 'Sitemap: http://site.test/sitemap.xml', '']);
  });

  it('keeps them out of the API document', async () => {
    const doc = (await (await fetch(`${h.base}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/sitemap.xml');
    expect(Object.keys(doc.paths)).not.toContain('/robots.txt');
  });
});
