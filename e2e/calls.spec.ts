import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { e2eClockFile, e2eOrigins } from '../playwright.config';
import { E2E_PASSWORD, OUTBOX, createExpert, expect, mailTo, sessionOf, signUp, test, uniqueWord, type Account } from './fixtures';

// Scheduled calls between two people in different time zones (each browser context has its own timezoneId): a
// visitor in New York opens an expert's profile, signs in, books a 30-minute call; the expert in Berlin sees it in
// Berlin time; both outboxes hold an invitation whose DTSTART is the same instant; the expert asks to move it, the
// client accepts, and the update carries the same UID and a higher SEQUENCE; when the API's clock reaches 15 minutes
// before the call (moved through TEST_CLOCK_FILE), both are reminded; ten minutes before, 'Join' opens the room.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface CallMail {
  to: string;
  subject: string;
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
  /** The one text/calendar part of an invitation. */
  calendar?: { method: string; content: string };
}

/** Every invitation mailed to `email` whose subject starts with `about`, oldest first (waits for at least one). */
async function invitations(email: string, about: string): Promise<CallMail[]> {
  let found: CallMail[] = [];
  await expect
    .poll(
      () => {
        if (!fs.existsSync(OUTBOX)) return 0;
        found = fs
          .readdirSync(OUTBOX)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .flatMap((name) => {
            try {
              return [JSON.parse(fs.readFileSync(path.join(OUTBOX, name), 'utf8')) as CallMail];
            } catch {
              return [];
            }
          })
          .filter((mail) => mail.to === email && mail.subject.startsWith(about));
        return found.length;
      },
      { message: `an invitation to ${email}: ${about}`, timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return found;
}

const icsField = (ics: string, name: string) => new RegExp(`^${name}[:;](.*)$`, 'm').exec(ics)?.[1]?.trim();
const icsOf = (mail: CallMail) => mail.calendar?.content ?? '';
/** 2026-03-02T14:00:00.000Z → 20260302T140000Z */
const icsInstant = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

async function contextIn(browser: Browser, timezoneId: string, session?: { token: string; user: object }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: e2eOrigins.site, timezoneId, viewport: { width: 1280, height: 900 } });
  if (session) {
    await context.addInitScript(
      ([token, user]) => {
        if (window.origin === 'null') return;
        localStorage.setItem('authToken', token as string);
        localStorage.setItem('userData', JSON.stringify(user));
      },
      [session.token, session.user] as const,
    );
  }
  return context;
}

test.describe('scheduled calls', () => {
  // The API's clock is the real one again after this spec, whatever happens in it.
  test.beforeAll(() => fs.writeFileSync(e2eClockFile, '0'));
  test.afterAll(() => fs.writeFileSync(e2eClockFile, '0'));

  test('booked from a public profile in New York, seen in Berlin, invitations in both outboxes, moved and accepted, reminded, joined', async ({ browser, request: api }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const expert = await createExpert(api, {
      firstName: 'Berta',
      lastName: `Berlin${word.slice(2, 6)}`,
      headline: `Biostatistician for ${word} trials`,
      summary: `I analyse ${word} trials.`,
      fee: 120,
      country: 'DE',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    const as = (who: Account) => ({ Authorization: `Bearer ${who.token}` });
    const hours = await api.put(`${e2eOrigins.api}/api/Calls/Availability`, {
      headers: as(expert),
      data: { timeZone: 'Europe/Berlin', weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })), lengths: [30], minNoticeMinutes: 60, bufferMinutes: 0, awayDates: [] },
    });
    expect(hours.ok(), await hours.text()).toBe(true);
    const client = await signUp(api, 'Nate', `NewYork${word.slice(2, 6)}`);

    // The visitor, in New York, opens the expert's profile signed out.
    const visitorContext = await contextIn(browser, 'America/New_York');
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/experts/${expert.id}`);
    await visitor.getByRole('button', { name: 'Schedule a call' }).click();
    const login = visitor.getByRole('dialog', { name: 'Welcome to SciExperts' });
    const panel = login.getByRole('tabpanel', { name: 'Login' });
    await panel.getByRole('textbox', { name: 'Email' }).fill(client.email);
    await panel.getByLabel('Password').fill(E2E_PASSWORD);
    await panel.getByRole('button', { name: 'Login' }).click();

    // Signed in, the picker opens by itself, in New York time with Berlin's beside it.
    const picker = visitor.getByRole('dialog', { name: `Schedule a call with Berta ${expert.lastName}` });
    await expect(picker).toBeVisible();
    await expect(picker.getByText('Times are in your time zone (New York), with')).toBeVisible();
    const axe = await new AxeBuilder({ page: visitor }).withTags(WCAG_TAGS).include('dialog').analyze();
    expect(axe.violations).toEqual([]);
    const first = picker.getByRole('radio', { name: /your time \(/ }).first();
    const slot = await first.getAttribute('value');
    expect(slot).toBeTruthy();
    await first.check();
    await picker.getByRole('textbox', { name: 'Agenda' }).fill('Sample size for a two-arm trial');
    await picker.getByRole('button', { name: 'Book call' }).click();
    await expect(picker.getByRole('status')).toContainText('is booked for');
    await picker.getByRole('button', { name: 'Close' }).click();

    const inZone = (zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(slot!));
    const dayIn = (zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(slot!));

    // The expert, in Berlin, sees it in Berlin time.
    const expertContext = await contextIn(browser, 'Europe/Berlin', sessionOf(expert));
    const expertPage = await expertContext.newPage();
    await expertPage.goto('/profile/calls');
    const upcoming = expertPage.getByRole('region', { name: 'Upcoming calls' });
    const call = upcoming.getByRole('listitem').filter({ hasText: `30-minute call with Nate ${client.lastName}` });
    await expect(call).toContainText(inZone('Europe/Berlin'));
    await expect(call).toContainText('Booked');

    // Both outboxes hold the invitation, for the same instant and the same event.
    const [toClient] = await invitations(client.email, 'Call booked');
    const [toExpert] = await invitations(expert.email, 'Call booked');
    for (const mail of [toClient!, toExpert!]) {
      // One calendar part, no .ics attachment beside it (a mail client showed the same file twice).
      expect(mail.attachments).toBeUndefined();
      expect(icsField(icsOf(mail), 'METHOD')).toBe('REQUEST');
      expect(icsField(icsOf(mail), 'DTSTART')).toBe(icsInstant(slot!));
      expect(icsField(icsOf(mail), 'SEQUENCE')).toBe('0');
    }
    // Each in their own zone, with the other's beside it.
    expect(toClient!.subject).toContain(`${inZone('America/New_York')} New York time (`);
    expect(toClient!.subject).toContain(`${inZone('Europe/Berlin')} Berlin time for Berta)`);
    expect(toExpert!.subject).toContain(`${inZone('Europe/Berlin')} Berlin time (`);
    expect(toExpert!.subject).toContain(`${inZone('America/New_York')} New York time for Nate)`);
    const uid = icsField(icsOf(toClient!), 'UID');
    expect(icsField(icsOf(toExpert!), 'UID')).toBe(uid);

    // The expert asks to move it; the client accepts the new time.
    await call.getByRole('button', { name: 'Reschedule' }).click();
    // The free times load after the click (a busy machine is slower); the booked slot is not among them.
    const newTime = call.getByRole('checkbox', { name: /your time|^\d\d:\d\d$/ }).first();
    await expect(newTime).toBeVisible({ timeout: 20_000 });
    const target = (await newTime.getAttribute('value'))!;
    expect(target).not.toBe(slot);
    await newTime.check();
    await call.getByRole('button', { name: 'Ask to move the call' }).click();
    await expect(expertPage.getByText('is asked to accept the new time')).toBeVisible();

    await visitor.goto('/profile/calls');
    const mine = visitor.getByRole('region', { name: 'Upcoming calls' }).getByRole('listitem').filter({ hasText: `30-minute call with Berta ${expert.lastName}` });
    // Berlin's day is named too when the call falls on another day there (an evening booking in New York).
    const berlinDay = dayIn('Europe/Berlin') === dayIn('America/New_York') ? '' : `${dayIn('Europe/Berlin')}, `;
    await expect(mine).toContainText(`${inZone('America/New_York')} your time (${berlinDay}${inZone('Europe/Berlin')} Berlin)`);
    const axePage = await new AxeBuilder({ page: visitor }).withTags(WCAG_TAGS).analyze();
    expect(axePage.violations).toEqual([]);
    await mine.getByRole('button', { name: /^Accept new time .* your time \(/ }).click();
    await expect(visitor.getByText(/^The call is moved to /)).toBeVisible();

    const moved = await invitations(client.email, 'Call moved');
    const update = icsOf(moved.at(-1)!);
    expect(icsField(update, 'UID')).toBe(uid);
    expect(Number(icsField(update, 'SEQUENCE'))).toBeGreaterThan(0);
    expect(icsField(update, 'DTSTART')).toBe(icsInstant(target));

    // The API's clock reaches 14 minutes before the call: the 15-minute reminder falls due, once, for both.
    const start = Date.parse(target);
    fs.writeFileSync(e2eClockFile, String(start - 14 * 60_000 - Date.now()));
    await mailTo(client.email, `Your call with Berta ${expert.lastName} starts in 15 minutes.`);
    await mailTo(expert.email, `Your call with Nate ${client.lastName} starts in 15 minutes.`);

    // Five minutes before the start (the visitor's own clock), 'Join' opens the meeting room; until ten minutes
    // before, it waits.
    await expect(mine.getByRole('button', { name: 'Join' })).toHaveAttribute('aria-disabled', 'true');
    await visitorContext.route(/^https:\/\/meet\.jit\.si\//, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Meeting room</title>' }));
    await visitor.clock.install({ time: new Date(start - 5 * 60_000) });
    await visitor.goto('/profile/calls');
    const join = visitor.getByRole('region', { name: 'Upcoming calls' }).getByRole('link', { name: 'Join' });
    const href = await join.getAttribute('href');
    expect(href).toMatch(/^https:\/\/meet\.jit\.si\/SciExperts-[A-Za-z0-9_-]{22}$/);
    const [popup] = await Promise.all([visitor.waitForEvent('popup'), join.click()]);
    await expect(popup).toHaveURL(href!);
    await expect(popup).toHaveTitle('Meeting room');

    await visitorContext.close();
    await expertContext.close();
  });

  test('on a 375 px phone: booked from the profile within two screen heights, reschedule and availability without sideways scrolling', async ({ browser, request: api }) => {
    test.setTimeout(120_000);
    const word = uniqueWord();
    const expert = await createExpert(api, {
      firstName: 'Taro',
      lastName: `Tokyo${word.slice(2, 6)}`,
      headline: `Epidemiologist for ${word} cohorts`,
      summary: `I design ${word} cohorts.`,
      fee: 90,
      country: 'JP',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    const hours = await api.put(`${e2eOrigins.api}/api/Calls/Availability`, {
      headers: { Authorization: `Bearer ${expert.token}` },
      data: { timeZone: 'Asia/Tokyo', weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })), lengths: [15, 30], minNoticeMinutes: 60, bufferMinutes: 0, awayDates: [] },
    });
    expect(hours.ok(), await hours.text()).toBe(true);
    const client = await signUp(api, 'Paula', `Phone${word.slice(2, 6)}`);
    const phone = async (who: Account, timezoneId: string) => {
      const context = await contextIn(browser, timezoneId, sessionOf(who));
      const page = await context.newPage();
      await page.setViewportSize({ width: 375, height: 812 });
      return { context, page };
    };
    const noSidewaysScroll = async (page: Page) =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // From the profile: 'Schedule a call' within two screen heights, then 'Book call' in view once a time is chosen.
    const { context: clientContext, page } = await phone(client, 'Europe/Berlin');
    await page.goto(`/experts/${expert.id}`);
    const schedule = page.getByRole('button', { name: 'Schedule a call' });
    await expect(schedule).toBeVisible();
    const top = await schedule.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThanOrEqual(2 * 812);
    await schedule.click();
    const picker = page.getByRole('dialog', { name: `Schedule a call with Taro ${expert.lastName}` });
    const first = picker.getByRole('radio', { name: /your time \(/ }).first();
    await first.check();
    await expect(picker.getByRole('button', { name: 'Book call' })).toBeInViewport();
    await expect(picker.getByText(/^Chosen: /)).toBeInViewport();
    await noSidewaysScroll(page);
    await picker.getByRole('button', { name: 'Book call' }).click();
    await expect(picker.getByRole('status')).toContainText('is booked for');
    await picker.getByRole('button', { name: 'Close' }).click();

    // The calls page with the reschedule open: nothing wider than the phone.
    await page.goto('/profile/calls');
    const call = page.getByRole('region', { name: 'Upcoming calls' }).getByRole('listitem').filter({ hasText: `call with Taro ${expert.lastName}` });
    await call.getByRole('button', { name: 'Reschedule' }).click();
    await expect(call.getByRole('checkbox').first()).toBeVisible({ timeout: 20_000 });
    await noSidewaysScroll(page);
    const axeCalls = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(axeCalls.violations).toEqual([]);
    // A client without an expert profile is offered calls, not shown an expert's availability.
    await expect(page.getByRole('button', { name: 'Offer calls' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your availability' })).toHaveCount(0);

    // The expert's availability editor on the phone: the weekly hours fit.
    const { context: expertContext, page: expertPage } = await phone(expert, 'Asia/Tokyo');
    await expertPage.goto('/profile/calls');
    await expect(expertPage.getByRole('heading', { name: 'Your availability' })).toBeVisible();
    await expect(expertPage.getByRole('button', { name: 'Save availability' })).toBeVisible();
    await noSidewaysScroll(expertPage);

    await clientContext.close();
    await expertContext.close();
  });
});
