import fs from 'node:fs';
import path from 'node:path';
import { e2eOrigins } from '../playwright.config';
import { expect, signUpMember, test } from './fixtures';

const marketingDist = path.join(__dirname, '..', 'mf-marketing', 'dist');

test.describe('serving like production', () => {
  test('hashed assets are immutable; registry, manifests, entries and pages are revalidated', async ({ request }) => {
    const page = await request.get('/how-it-works');
    expect(page.headers()['cache-control']).toBe('no-cache');
    const registry = await request.get('/remotes.json');
    expect(registry.headers()['cache-control']).toBe('no-cache');
    const manifest = await request.get(`${e2eOrigins.marketing}/mf-manifest.json`);
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    const entry = await request.get(`${e2eOrigins.marketing}/remoteEntry.js`);
    expect(entry.headers()['cache-control']).toBe('no-cache');

    const html = await page.text();
    const script = html.match(/src="?\/?(main\.[0-9a-f]+\.js)/)?.[1];
    expect(script, 'the shell page references a hashed main script').toBeTruthy();
    const asset = await request.get(`/${script}`);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('serves pre-compressed brotli or gzip by Accept-Encoding', async ({ request }) => {
    const br = await request.get(`${e2eOrigins.marketing}/remoteEntry.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers()['content-encoding']).toBe('br');
    const gzip = await request.get(`${e2eOrigins.marketing}/remoteEntry.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    const identity = await request.get(`${e2eOrigins.marketing}/remoteEntry.js`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(identity.headers()['content-encoding']).toBeUndefined();
    expect(await identity.text()).toContain('mf_marketing');
    expect(br.headers().vary).toContain('Accept-Encoding');
  });

  test('the shell page carries a CSP derived from the registry, and security headers', async ({ request }) => {
    const response = await request.get('/');
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
    const registry = (await (await request.get('/remotes.json')).json()) as { remotes: Array<{ entry: string }> };
    const allowed = scriptSrc.split(/\s+/).slice(1).sort();
    expect(allowed).toEqual(["'self'", ...registry.remotes.map((r) => new URL(r.entry).origin)].sort());
    expect(scriptSrc).not.toContain('unsafe-inline');
    // Styles: the same origins, and by hash the page's own inline stylesheets (the server-rendered page carries them).
    const styleSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('style-src ')) ?? '';
    const [origins, hashes] = [styleSrc.split(/\s+/).slice(1).filter((s) => !s.startsWith("'sha256-")), styleSrc.split(/\s+/).filter((s) => s.startsWith("'sha256-"))];
    expect(origins.sort()).toEqual(allowed);
    expect(hashes.length).toBeGreaterThan(0);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
  });

  test("the remotes' own pages carry the same CSP and frame protection as the shell", async ({ request }) => {
    // A page the browser renders: the site's policy without a server-rendered page's inline stylesheets.
    const shellCsp = (await request.get('/chat')).headers()['content-security-policy'];
    expect((await request.get('/')).headers()['content-security-policy']?.replace(/ 'sha256-[^']+'/g, '')).toBe(shellCsp);
    for (const page of [`${e2eOrigins.auth}/`, `${e2eOrigins.chat}/`, `${e2eOrigins.chat}/embed-example.html`, `${e2eOrigins.profile}/`, `${e2eOrigins.directory}/find-an-expert`]) {
      const headers = (await request.get(page)).headers();
      expect(headers['content-security-policy'], page).toBe(shellCsp);
      expect(headers['x-frame-options'], page).toBe('DENY');
    }
  });

  test("each remote's own page works without the shell, on the federation runtime it provides itself", async ({ page }) => {
    // The page fixture fails the test on any page error or CSP violation.
    const pages = [
      { url: `${e2eOrigins.marketing}/`, heading: 'Hire vetted scientific and research experts' },
      { url: `${e2eOrigins.auth}/`, heading: 'Sign-in remote' },
    ];
    for (const { url, heading } of pages) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading }), url).toBeVisible();
      expect(await page.evaluate(() => typeof (window as unknown as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE), url).toBe('object');
    }
  });

  test('a malformed percent-encoding in a path is a 400, never a server error', async ({ request }) => {
    for (const origin of [e2eOrigins.site, e2eOrigins.marketing, e2eOrigins.api]) {
      const response = await request.get(`${origin}/%E0%A4%A`);
      expect(response.status(), origin).toBe(400);
      expect(response.headers()['x-content-type-options'], origin).toBe('nosniff');
    }
  });

  test("a remote's new release is picked up on the next page load, without touching the shell", async ({ page }) => {
    await page.goto('/join-expert');
    await expect(page.getByText('Share your knowledge and help others grow.')).toBeVisible();

    // Release a changed mf-marketing the way a team would: a new hashed chunk, then a new entry and manifest.
    const backup = fs.mkdtempSync(path.join(path.dirname(marketingDist), '.release-backup-'));
    // mkdtemp makes it 0700, and it becomes the dist folder again below: nginx's unprivileged workers (the suite's
    // cluster part, which runs next) could not read the remote's files any more.
    fs.chmodSync(backup, 0o755);
    fs.cpSync(marketingDist, backup, { recursive: true });
    try {
      const copy = 'Share your knowledge and help others grow.';
      const chunks = fs
        .readdirSync(marketingDist)
        .filter((f) => /\.[0-9a-f]{8,}\.js$/.test(f) && fs.readFileSync(path.join(marketingDist, f), 'utf8').includes(copy));
      expect(chunks.length, 'chunks holding the join-expert copy').toBeGreaterThan(0);
      const renames: Array<[string, string]> = [];
      for (const chunk of chunks) {
        const hash = chunk.match(/\.([0-9a-f]{8,})\.js$/)![1]!;
        const newHash = hash.split('').reverse().join('');
        renames.push([hash, newHash]);
        const source = fs.readFileSync(path.join(marketingDist, chunk), 'utf8');
        fs.writeFileSync(path.join(marketingDist, chunk.replace(hash, newHash)), source.replaceAll(copy, 'Share your knowledge (release 2).'));
      }
      for (const file of fs.readdirSync(marketingDist).filter((f) => !/\.(br|gz)$/.test(f) && /\.(js|json)$/.test(f))) {
        const full = path.join(marketingDist, file);
        const before = fs.readFileSync(full, 'utf8');
        const after = renames.reduce((text, [from, to]) => text.split(from).join(to), before);
        if (after === before) continue;
        fs.writeFileSync(full, after);
        for (const suffix of ['.br', '.gz']) fs.rmSync(full + suffix, { force: true });
      }

      // The release's server build, which the shell's server renders the page's HTML with, goes out with it.
      const serverBuild = path.join(marketingDist, 'server', 'render.js');
      fs.writeFileSync(serverBuild, fs.readFileSync(serverBuild, 'utf8').replaceAll(copy, 'Share your knowledge (release 2).'));

      expect(await (await page.request.get('/join-expert')).text()).toContain('Share your knowledge (release 2).');
      await page.reload();
      await expect(page.getByText('Share your knowledge (release 2).')).toBeVisible();
    } finally {
      fs.rmSync(marketingDist, { recursive: true, force: true });
      fs.renameSync(backup, marketingDist);
    }
  });

  test('the composed site calls the API on its own origin: no call waits for a CORS preflight, and the live socket connects', async ({ page, request }) => {
    await signUpMember(request, page, 'Sam', 'Sameorigin');
    const calls: Array<{ method: string; url: string }> = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/') || r.url().includes('/socket.io/')) calls.push({ method: r.method(), url: r.url() });
    });
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto('/profile/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Where you are signed in' }).getByRole('listitem')).toHaveCount(1);
    await expect.poll(() => sockets.length).toBeGreaterThan(0);

    const site = new URL(e2eOrigins.site).origin;
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => new URL(c.url).origin !== site)).toEqual([]);
    expect(calls.filter((c) => c.method === 'OPTIONS')).toEqual([]);
    expect(sockets.every((url) => new URL(url).host === new URL(site).host)).toBe(true);
  });
});
