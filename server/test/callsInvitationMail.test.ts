// The e-mail of a call's invitation, as each party receives it: ONE text/calendar part (Google Calendar's and
// Outlook's way; an .ics attachment beside it made mail clients show the same file twice), and the time in the
// recipient's own zone with the other party's beside it (the expert's from their availability, the client's from
// theirs or from the zone their browser sent when booking), never GMT only.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Call, FreeSlots } from '@sciexperts/shared/contracts';
import { OutboxMailer, type MailMessage } from '../src/mail/mailer';
import { RecordingMailer, member, startAppOn, type Harness } from './helpers';
import { makeListed } from './projectsFixtures';

type Member = Awaited<ReturnType<typeof member>>;
const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
/** Monday 11 January 2027, midnight UTC: Berlin is UTC+1 and Tokyo UTC+9 then. */
const NOW = Date.parse('2027-01-11T00:00:00Z');
/** 21:00 Monday in Berlin is 05:00 Tuesday in Tokyo. */
const AT = '2027-01-11T20:00:00.000Z';

describe.each(['sqlite', 'postgres'] as const)('call invitation e-mails over %s', (dialect) => {
  let h: Harness;
  let mailer: RecordingMailer;
  let expert: Member;
  let client: Member;
  let other: Member;
  const post = <T = Call>(who: Member, p: string, body?: unknown) => h.api<T>('POST', p, { token: who.token, ...(body === undefined ? {} : { body }) });
  const lastTo = (who: Member) => mailer.sent.filter((m) => m.to === who.email).at(-1)!;

  beforeAll(async () => {
    mailer = new RecordingMailer();
    h = await startAppOn(dialect, {}, { mailer, clock: () => new Date(NOW) });
    expert = await member(h, { firstName: 'Ada', lastName: 'Lovelace' });
    client = await member(h, { firstName: 'Olivia', lastName: 'Owner' });
    other = await member(h, { firstName: 'Sam', lastName: 'Second' });
    await makeListed(h, expert);
    const availability = { timeZone: 'Asia/Tokyo', weeklyHours: everyDay, lengths: [30], minNoticeMinutes: 0, bufferMinutes: 0, awayDates: [] };
    expect((await h.api('PUT', '/api/Calls/Availability', { token: expert.token, body: availability })).status).toBe(200);
    expect((await h.api<FreeSlots>('GET', `/api/Calls/Experts/${expert.id}/Slots`)).body.slots).toContain(AT);
  });
  afterAll(() => h?.close());

  it("gives each recipient the time in their own zone with the other party's beside it", async () => {
    const booked = await post(client, '/api/Calls', { expertId: expert.id, startsAt: AT, lengthMinutes: 30, agenda: '', timeZone: 'Europe/Berlin' });
    expect(booked.status).toBe(201);
    expect(booked.body.clientTimeZone).toBe('Europe/Berlin');
    await h.app.ctx.jobs.runDue();
    const [toClient, toExpert] = [lastTo(client), lastTo(expert)];
    expect(toClient.subject).toBe('Call booked: Mon, 11 Jan 2027, 21:00 Berlin time (Tue, 12 Jan 2027, 05:00 Tokyo time for Ada)');
    expect(toClient.text).toContain('Your 30-minute call starts Mon, 11 Jan 2027, 21:00 Berlin time (Tue, 12 Jan 2027, 05:00 Tokyo time for Ada).');
    expect(toExpert.subject).toBe('Call booked: Tue, 12 Jan 2027, 05:00 Tokyo time (Mon, 11 Jan 2027, 21:00 Berlin time for Olivia)');
    for (const mail of [toClient, toExpert]) expect(`${mail.subject} ${mail.text}`).not.toContain('GMT');
    await post(client, `/api/Calls/${booked.body.id}/Cancel`, { reason: 'Done testing' });
  });

  it('names an unknown zone as UTC, and a zone that is not one is refused before anything is booked', async () => {
    const refused = await post<{ details: Array<{ field: string }> }>(other, '/api/Calls', { expertId: expert.id, startsAt: AT, lengthMinutes: 30, agenda: '', timeZone: 'Mars/Olympus' });
    expect([refused.status, refused.body.details[0]?.field]).toEqual([400, 'timeZone']);
    const booked = await post(other, '/api/Calls', { expertId: expert.id, startsAt: AT, lengthMinutes: 30, agenda: '' });
    expect(booked.status).toBe(201);
    await h.app.ctx.jobs.runDue();
    expect(lastTo(other).subject).toBe('Call booked: Mon, 11 Jan 2027, 20:00 UTC (Tue, 12 Jan 2027, 05:00 Tokyo time for Ada)');
    expect(lastTo(expert).subject).toBe('Call booked: Tue, 12 Jan 2027, 05:00 Tokyo time');
    await post(other, `/api/Calls/${booked.body.id}/Cancel`, { reason: 'Done testing' });
  });

  it('carries the invitation as exactly one text/calendar part, no .ics attachment beside it', async () => {
    await h.app.ctx.jobs.runDue();
    const invitation: MailMessage = lastTo(expert);
    expect(invitation.calendar?.method).toBe('CANCEL');
    expect(invitation.attachments).toBeUndefined();
    // What SMTP carries, from the transport the app uses.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'invite-mail-'));
    try {
      await new OutboxMailer(dir).send(invitation);
      const eml = await readFile(path.join(dir, (await readdir(dir)).find((f) => f.endsWith('.eml'))!), 'utf8');
      expect(eml.match(/^Content-Type: text\/calendar/gim)).toHaveLength(1);
      expect(eml).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=CANCEL/im);
      expect(eml).not.toMatch(/application\/ics|invite\.ics|cancel\.ics|Content-Disposition: attachment/i);
      expect(eml.match(/BEGIN:VCALENDAR/g) ?? eml.match(/^Content-Transfer-Encoding: (base64|quoted-printable)/gim)).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
