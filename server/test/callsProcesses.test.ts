// Scheduled calls with two API processes on one PostgreSQL database (as production runs them): the invitations and
// the reminders are sent once, whichever process's queue runs them and however often both run at the same moment.
import type { Call, FreeSlots, NotificationPage } from '@sciexperts/shared/contracts';
import { openDatabase } from '../src/db/connect';
import { RecordingMailer, member, startApp, type Harness } from './helpers';
import { createPgSchema } from './pg';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('scheduled calls with two API processes on PostgreSQL', () => {
  let pg: Awaited<ReturnType<typeof createPgSchema>>;
  let one: Harness;
  let two: Harness;
  const mailers = [new RecordingMailer(), new RecordingMailer()];
  let now = Math.ceil(Date.now() / DAY) * DAY + 6 * HOUR;
  const clock = () => new Date(now);

  beforeAll(async () => {
    pg = await createPgSchema();
    const where = { databaseUrl: pg.url, databaseSchema: pg.schema };
    one = await startApp(where, { db: openDatabase({ ...where, sqliteFile: '' }), mailer: mailers[0], clock });
    two = await startApp(where, { db: openDatabase({ ...where, sqliteFile: '' }), mailer: mailers[1], clock });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await pg?.drop();
  });

  it('sends each invitation and each reminder once, with both queues running at once', async () => {
    const expert = await member(one, { firstName: 'Ada', lastName: 'Lovelace' });
    const client = await member(two, { firstName: 'Olivia', lastName: 'Owner' });
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
    const put = await one.api('PUT', '/api/Calls/Availability', { token: expert.token, body: { timeZone: 'UTC', weeklyHours: everyDay, lengths: [30], minNoticeMinutes: 60, bufferMinutes: 0, awayDates: [] } });
    expect(put.status).toBe(200);
    const slots = (await two.api<FreeSlots>('GET', `/api/Calls/Experts/${expert.id}/Slots`, { token: client.token })).body.slots;
    const startsAt = slots.find((s) => Date.parse(s) > now + 2 * DAY)!;
    const booked = await two.api<Call>('POST', '/api/Calls', { token: client.token, body: { expertId: expert.id, startsAt, lengthMinutes: 30, agenda: '' } });
    expect(booked.status).toBe(201);

    const runBoth = () => Promise.all([one.app.ctx.jobs.runDue(), two.app.ctx.jobs.runDue(), one.app.ctx.jobs.runDue(), two.app.ctx.jobs.runDue()]);
    await runBoth();
    const invitations = mailers.flatMap((m) => m.sent).filter((m) => m.subject.startsWith('Call booked'));
    expect(invitations.map((m) => m.to).sort()).toEqual([client.email, expert.email].sort());

    const reminders = async () => {
      const texts: string[] = [];
      for (const who of [client, expert]) {
        const page = (await one.api<NotificationPage>('GET', '/api/Notifications', { token: who.token })).body;
        texts.push(...page.results.filter((n) => n.type === 'call-reminder').map((n) => n.text));
      }
      return texts.sort();
    };
    now = Date.parse(startsAt) - DAY + MINUTE;
    await runBoth();
    await runBoth();
    expect(await reminders()).toEqual(['Your call with Ada Lovelace starts tomorrow.', 'Your call with Olivia Owner starts tomorrow.']);
    now = Date.parse(startsAt) - 15 * MINUTE + MINUTE;
    await runBoth();
    await runBoth();
    expect(await reminders()).toEqual([
      'Your call with Ada Lovelace starts in 15 minutes.',
      'Your call with Ada Lovelace starts tomorrow.',
      'Your call with Olivia Owner starts in 15 minutes.',
      'Your call with Olivia Owner starts tomorrow.',
    ]);
  });
});
