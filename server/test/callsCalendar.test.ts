// Calendar invitations read back by a real parser (ical.js), on both databases: every kind the server writes (the
// booking's REQUEST, the move's REQUEST with a higher SEQUENCE, the CANCEL, and the private feed) from names and an
// agenda full of quotes, colons, semicolons, commas, backslashes, carets and line breaks of every kind. Each
// organizer and attendee must come back with their own name and their own address, the texts intact, and no bare CR
// may reach the file.
import ICAL from 'ical.js';
import type { Call, CalendarFeed, FreeSlots } from '@sciexperts/shared/contracts';
import { RecordingMailer, member, startAppOn, type Harness } from './helpers';
import { makeListed } from './projectsFixtures';

type Member = Awaited<ReturnType<typeof member>>;

const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
const availability = { timeZone: 'UTC', weeklyHours: everyDay, lengths: [30], minNoticeMinutes: 0, bufferMinutes: 0, awayDates: [] as string[] };

// The issue's name: with `ics`'s `\"` it became mallory's address in ical.js and node-ical.
const EXPERT = { firstName: 'Quinn', lastName: 'Expert":MAILTO:mallory@evil.example' };
const CLIENT = { firstName: 'Ann;Marie, "Q": ^n', lastName: "O'Hara\r\nX-EVIL:1\rBare\\back\n;CN=x" };
const AGENDA = 'Line one\rLine two\r\nA;B,C\\D "quoted": MAILTO:x@y.example\nEND:VEVENT\nBEGIN:VEVENT';

/** What a calendar shows: line breaks of any kind as LF (RFC 5545 has no other). */
const shown = (text: string) => text.replace(/\r\n?/g, '\n');
const fullName = (m: { firstName: string; lastName: string }) => shown(`${m.firstName} ${m.lastName}`);

interface Parsed {
  method: string;
  events: Array<{ organizer: [string, string]; attendees: Array<[string, string]>; summary: string; description: string; sequence: number; status: string }>;
}

function parse(ics: string): Parsed {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const contact = (p: ICAL.Property): [string, string] => [String(p.getParameter('cn')), String(p.getFirstValue()).toLowerCase()];
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    events: calendar.getAllSubcomponents('vevent').map((e) => ({
      organizer: contact(e.getFirstProperty('organizer')!),
      attendees: e.getAllProperties('attendee').map(contact),
      summary: String(e.getFirstPropertyValue('summary')),
      description: String(e.getFirstPropertyValue('description')),
      sequence: Number(e.getFirstPropertyValue('sequence')),
      status: String(e.getFirstPropertyValue('status')),
    })),
  };
}

describe.each(['sqlite', 'postgres'] as const)('calendar invitations read by ical.js over %s', (dialect) => {
  let h: Harness;
  let mailer: RecordingMailer;
  let expert: Member;
  let client: Member;

  beforeAll(async () => {
    mailer = new RecordingMailer();
    h = await startAppOn(dialect, {}, { mailer });
    expert = await member(h);
    client = await member(h);
    await makeListed(h, expert);
    expect((await h.api('PUT', '/api/Calls/Availability', { token: expert.token, body: availability })).status).toBe(200);
    // Straight into the rows: whatever the profile form accepts today, the calendar must hold any name.
    await h.db.kysely.updateTable('users').set(EXPERT).where('id', '=', expert.id).execute();
    await h.db.kysely.updateTable('users').set(CLIENT).where('id', '=', client.id).execute();
  });
  afterAll(() => h?.close());

  const post = <T = Call>(who: Member, path: string, body?: unknown) => h.api<T>('POST', path, { token: who.token, ...(body === undefined ? {} : { body }) });
  /** The invitation both parties were mailed last: the same file to each. */
  const lastInvitation = () => {
    const files = [client.email, expert.email].map((to) => mailer.sent.filter((m) => m.to === to).at(-1)?.calendar?.content as string);
    expect(files[0]).toBeDefined();
    expect(files[0]).toBe(files[1]);
    return files[0]!;
  };
  const expectIntact = (ics: string, method: string, sequence: number, status: string) => {
    // RFC 5545: a CR only as the CRLF that ends a line.
    expect(/\r(?!\n)/.test(ics)).toBe(false);
    const parsed = parse(ics);
    expect(parsed.method).toBe(method);
    expect(parsed.events).toHaveLength(1);
    const event = parsed.events[0]!;
    const expertContact: [string, string] = [fullName(EXPERT), `mailto:${expert.email}`];
    expect(event.organizer).toEqual(expertContact);
    expect(event.attendees).toEqual([[fullName(CLIENT), `mailto:${client.email}`], expertContact]);
    expect(event.summary).toBe(`Call: ${fullName(CLIENT)} and ${fullName(EXPERT)}`);
    expect(event.description.startsWith(`${shown(AGENDA)}\n\nJoin: `)).toBe(true);
    expect([event.sequence, event.status]).toEqual([sequence, status]);
  };

  it('booked, moved and cancelled: each invitation gives every name, address and text back', async () => {
    const slots = (await h.api<FreeSlots>('GET', `/api/Calls/Experts/${expert.id}/Slots`)).body.slots;
    const booked = await post(client, '/api/Calls', { expertId: expert.id, startsAt: slots[2], lengthMinutes: 30, agenda: AGENDA });
    expect(booked.status).toBe(201);
    await h.app.ctx.jobs.runDue();
    expectIntact(lastInvitation(), 'REQUEST', 0, 'CONFIRMED');

    expect((await post(expert, `/api/Calls/${booked.body.id}/Reschedule`, { startsAt: slots[6] })).status).toBe(200);
    expect((await post(client, `/api/Calls/${booked.body.id}/Reschedule/Accept`)).status).toBe(200);
    await h.app.ctx.jobs.runDue();
    expectIntact(lastInvitation(), 'REQUEST', 1, 'CONFIRMED');

    // The private feed lists the call too (METHOD:PUBLISH, what `ics` writes for a calendar that is not an invitation).
    const feed = await post<CalendarFeed>(client, '/api/Calls/Feed');
    const path = new URL(feed.body.url!.replace(/^webcal:/, 'http:')).pathname;
    const file = await fetch(`${h.base}${path}`);
    expectIntact(await file.text(), 'PUBLISH', 1, 'CONFIRMED');

    expect((await post(client, `/api/Calls/${booked.body.id}/Cancel`, { reason: 'Moved "elsewhere"; sorry' })).status).toBe(200);
    await h.app.ctx.jobs.runDue();
    expectIntact(lastInvitation(), 'CANCEL', 2, 'CANCELLED');
  });
});
