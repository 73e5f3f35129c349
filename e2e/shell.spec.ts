import { e2eOrigins } from '../playwright.config';
import { expect, federationReport, signUpMember, test } from './fixtures';

test.describe('shell composition', () => {
  test('serves the home page from the marketing remote, found through the registry', async ({ page }) => {
    const manifests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/mf-manifest.json')) manifests.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(manifests).toContain(`${e2eOrigins.marketing}/mf-manifest.json`);
    // Lazy remotes: nothing the route does not need is fetched.
    expect(manifests.some((url) => url.startsWith(e2eOrigins.chat) || url.startsWith(e2eOrigins.profile))).toBe(false);
    // The shared package's root entry is loaded; its member entry (the member area's API clients) is not.
    await page.waitForLoadState('networkidle');
    const { loaded } = await federationReport(page);
    expect(Object.keys(loaded)).toContain('@sciexperts/shared');
    expect(Object.keys(loaded)).not.toContain('@sciexperts/shared/member');
  });

  test('loads each of the four remotes at run time', async ({ page, request }) => {
    const origins = new Set<string>();
    page.on('response', (response) => {
      if (response.url().endsWith('/remoteEntry.js') && response.ok()) origins.add(new URL(response.url()).origin);
    });
    await page.goto('/join-expert');
    await expect(page.getByRole('heading', { name: 'Join as Expert' })).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await signUpMember(request, page);
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: 'Direct Message' })).toBeVisible();
    await page.goto('/profile/settings');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    expect([...origins].sort()).toEqual([e2eOrigins.auth, e2eOrigins.chat, e2eOrigins.marketing, e2eOrigins.profile].sort());
  });

  test('one copy each of react, react-dom, the router, zustand and shared, with all four remotes in the page', async ({ page, request }) => {
    const navigate = (path: string) =>
      page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await page.goto('/join-expert');
    await expect(page.getByRole('heading', { name: 'Join as Expert' })).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    // Sign in the way another tab would: storage plus the authChange event the shared store listens to.
    const { token, user } = await signUpMember(request, page);
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('authToken', t);
        localStorage.setItem('userData', u);
        window.dispatchEvent(new Event('authChange'));
      },
      [token, JSON.stringify(user)] as const,
    );
    await navigate('/chat');
    await expect(page.getByRole('heading', { name: 'Direct Message' })).toBeVisible();
    await navigate('/profile/settings');
    await expect(page.getByText('Hi, Ada!')).toBeVisible();
    // The greeting is the shell's member frame; the page inside it is the profile remote's.
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

    const report = await federationReport(page);
    expect(report.instances).toEqual(['mf_auth', 'mf_chat', 'mf_marketing', 'mf_profile', 'shell']);
    for (const pkg of ['react', 'react-dom', '@sciexperts/shared/router', 'zustand', '@sciexperts/shared', '@sciexperts/shared/member']) {
      expect(report.loaded[pkg], `${pkg} is loaded exactly once`).toHaveLength(1);
    }
    // The router travels inside @sciexperts/shared/router, never as the whole package.
    expect(Object.keys(report.loaded).filter((pkg) => pkg.startsWith('react-router'))).toEqual([]);

    // One federation runtime core: the shell's. The remotes' entries read it from the page instead of carrying
    // their own; the chat keeps its own for integrators' pages.
    const runtimeCoreFrom = await page.evaluate(() => (window as unknown as { _FEDERATION_RUNTIME_CORE_FROM?: { name: string } })._FEDERATION_RUNTIME_CORE_FROM);
    expect(runtimeCoreFrom?.name).toBe('shell');
    for (const origin of [e2eOrigins.marketing, e2eOrigins.auth, e2eOrigins.profile]) {
      const entry = await (await request.get(`${origin}/remoteEntry.js`)).text();
      expect(entry, origin).toContain('_FEDERATION_RUNTIME_CORE');
      expect(entry.length, `${origin}'s entry carries no runtime core`).toBeLessThan(40_000);
    }
  });

  test('a remote that cannot be fetched fails in its own region; Retry brings it back', async ({ page }) => {
    await page.route(`${e2eOrigins.marketing}/**`, (route) => route.abort('connectionrefused'));
    await page.goto('/how-it-works');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('could not be loaded');
    // The header, navigation and the other remotes keep working.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.unroute(`${e2eOrigins.marketing}/**`);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'How it Works', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('guards', () => {
  test('visitors are sent from /profile/* and /chat to /', async ({ page }) => {
    await page.goto('/profile/billing');
    await expect(page).toHaveURL(`${e2eOrigins.site}/`);
    await page.goto('/chat');
    await expect(page).toHaveURL(`${e2eOrigins.site}/`);
  });

  test('members at / go to the freelancer dashboard, without the public header', async ({ page, request }) => {
    await signUpMember(request, page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/profile\/freelancer-dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('a path nobody serves shows the not-found page inside the layout', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test.describe('header and navigation', () => {
  test('desktop: dropdowns work with the keyboard and close on Escape', async ({ page }) => {
    await page.goto('/join-expert');
    const solutions = page.getByRole('button', { name: 'Solutions' });
    await solutions.focus();
    await page.keyboard.press('Enter');
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: 'Consulting' }).first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(solutions).toHaveAttribute('aria-expanded', 'false');
    await expect(solutions).toBeFocused();
    await expect(page.getByRole('button', { name: /menu/i })).toBeHidden();
  });

  test('the header takes the scrolled style after 10 px, and always on /how-it-works', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/join-expert');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.goto('/how-it-works');
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(page.getByRole('navigation', { name: 'Expert categories' }).getByRole('link', { name: 'Writers' })).toHaveAttribute(
      'href',
      '/services/scientific-writing',
    );
  });

  test('phone widths: the header fits, with Login fully on screen and nothing scrolling sideways', async ({ page }) => {
    for (const width of [360, 390, 414, 767]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto('/join-expert');
      const login = page.getByRole('button', { name: 'Login' });
      await expect(login).toBeVisible();
      const box = await login.boundingBox();
      expect(box && box.x + box.width, `Login inside ${width} px`).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width} px`).toBeLessThanOrEqual(width);
      await expect(page.getByRole('link', { name: 'SciExperts home' })).toBeVisible();
    }
  });

  test('on a slow phone, the page arriving from its remote shifts nothing already on screen', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    // A slow CPU makes the header and footer paint before the remote's page arrives, as on a real phone.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of ['/', '/how-it-works']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      const total = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
      expect(total, `cumulative layout shift on ${path}`).toBeLessThan(0.02);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('mobile: the hamburger opens a drawer with the navigation, Login and Request a service', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/join-expert');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const hamburger = page.getByRole('button', { name: /menu/i });
    await hamburger.click();
    const drawer = page.getByRole('dialog', { name: 'Site menu' });
    await expect(drawer.getByRole('link', { name: 'How it Works' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Request a service' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(hamburger).toBeFocused();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});
