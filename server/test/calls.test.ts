// Scheduled calls over the API on both databases, with time moved by hand: availability and free slots, instant
// booking with its invitations (.ics, same UID, rising SEQUENCE), twenty bookings of one slot at once (one wins, the
// others get 409 with the fresh slots), every refusal of bad input with nothing booked, only the two parties see or
// change a call (404 for anyone else), proposals, reschedules, cancellations, no-shows, reminders exactly once at
// 24 h and 15 min before (the member's e-mail choice applies), and the private calendar feed.
import { BLOCK_MESSAGES, CALL_MESSAGES as M, type Availability, type Call, type CallList, type CalendarFeed, type FreeSlots, type NotificationPage } from '@sciexperts/shared/contracts';
import type { Kysely } from 'kysely';
import { RecordingMailer, member, startAppOn, type Harness } from './helpers';
import { makeListed } from './projectsFixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Member = Awaited<ReturnType<typeof member>>;
type Body = { message?: string; details?: Array<{ field?: string; message: string }>; slots?: string[] };

const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
const availability = { timeZone: 'UTC', weeklyHours: everyDay, lengths: [15, 30, 60], minNoticeMinutes: 60, bufferMinutes: 10, awayDates: [] as string[] };

const icsOf = (mail: { calendar?: { content: string } }) => mail.calendar?.content ?? '';
const field = (ics: string, name: string) => new RegExp(`^${name}[:;](.*)$`, 'm').exec(ics)?.[1]?.trim();

describe.each(['sqlite', 'postgres'] as const)('scheduled calls over %s', (dialect) => {
  let h: Harness;
  // 06:00 UTC tomorrow, forward only (tokens are issued on this clock).
  let now = Math.ceil(Date.now() / DAY) * DAY + 6 * HOUR;
  let mailer: RecordingMailer;
  let expert: Member;
  let client: Member;
  let stranger: Member;

  const runDue = () => h.app.ctx.jobs.runDue();
  const later = async (ms: number) => {
    now += ms;
    await runDue();
  };
  const slotsOf = async (who: Member, length = 30) => (await h.api<FreeSlots>('GET', `/api/Calls/Experts/${who.id}/Slots?length=${length}`)).body;
  const book = (who: Member, body: Record<string, unknown>) => h.api<Call & Body>('POST', '/api/Calls', { token: who.token, body: { expertId: expert.id, lengthMinutes: 30, agenda: 'Power analysis', ...body } });
  const callsOf = async (who: Member) => (await h.api<CallList>('GET', '/api/Calls', { token: who.token })).body;
  const countCalls = async () => Number((await h.db.kysely.selectFrom('calls').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const mailsTo = (who: Member) => mailer.sent.filter((m) => m.to === who.email);
  const post = <T = Call & Body>(who: Member, path: string, body?: unknown) => h.api<T>('POST', path, { token: who.token, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    mailer = new RecordingMailer();
    h = await startAppOn(dialect, { callMeetingUrlTemplate: 'https://meet.example/{room}' }, { mailer, clock: () => new Date(now) });
    expert = await member(h, { firstName: 'Ada', lastName: 'Lovelace' });
    // Listed, so that visitors read her slots (as they read her public profile).
    await makeListed(h, expert);
    client = await member(h, { firstName: 'Olivia', lastName: 'Owner' });
    stranger = await member(h, { firstName: 'Sam', lastName: 'Stranger' });
  });
  afterAll(() => h?.close());

  it('an expert without availability has not opened their calendar: no slots, and booking is refused', async () => {
    const slots = await slotsOf(expert);
    expect(slots).toMatchObject({ open: false, slots: [], timeZone: null });
    const refused = await book(client, { startsAt: new Date(now + DAY).toISOString() });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.calendarClosed);
    expect((await h.api<Availability>('GET', '/api/Calls/Availability', { token: expert.token })).body.open).toBe(false);
  });

  it('checks the availability it is given, and offers slots in the expert’s hours after the notice', async () => {
    const put = (body: unknown) => h.api<Availability & Body>('PUT', '/api/Calls/Availability', { token: expert.token, body });
    expect((await put({ ...availability, timeZone: 'Mars/Olympus' })).body.message).toBe(M.invalidTimeZone);
    expect((await put({ ...availability, lengths: [45] })).body.message).toBe(M.lengthNotOffered);
    expect((await put({ ...availability, bufferMinutes: 7 })).body.message).toBe(M.invalidBuffer);
    expect((await put({ ...availability, weeklyHours: [{ weekday: 8, start: '09:00', end: '10:00' }] })).body.message).toBe(M.invalidHours);
    expect((await put({ ...availability, weeklyHours: [{ weekday: 1, start: '10:00', end: '09:00' }] })).status).toBe(400);
    expect((await put({ ...availability, awayDates: ['tomorrow'] })).body.message).toBe(M.invalidAwayDate);
    const saved = await put(availability);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ open: true, timeZone: 'UTC', lengths: [15, 30, 60] });

    const slots = await slotsOf(expert, 30);
    expect(slots).toMatchObject({ open: true, timeZone: 'UTC', lengthMinutes: 30, expertName: 'Ada Lovelace' });
    // 06:00 now + 60 minutes of notice: the hours open at 08:00.
    expect(slots.slots[0]).toBe(new Date(now + 2 * HOUR).toISOString());
    expect((await h.api<Body>('GET', `/api/Calls/Experts/${expert.id}/Slots?length=45`)).status).toBe(400);
  });

  it('refuses every bad booking with a clear 400/409 and books nothing', async () => {
    const before = await countCalls();
    const free = (await slotsOf(expert)).slots;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ startsAt: new Date(now - HOUR).toISOString() }, 400, M.past],
      [{ startsAt: new Date(now + DAY - 4 * HOUR).toISOString() }, 400, M.notOffered], // 02:00, outside the hours
      [{ startsAt: new Date(Date.parse(free[0]!) + 5 * MINUTE).toISOString() }, 400, M.notOffered], // off the grid
      [{ startsAt: free[0], lengthMinutes: 45 }, 400, M.lengthNotOffered],
      [{ startsAt: free[0], agenda: 'x'.repeat(5000) }, 400, M.agendaTooLong],
      [{ startsAt: 'next Tuesday' }, 400, M.invalidTime],
      [{ startsAt: free[0], expertId: client.id }, 400, M.self],
    ];
    for (const [body, status, message] of cases) {
      const answer = await book(client, body);
      expect([answer.status, answer.body.message]).toEqual([status, message]);
    }
    await h.db.kysely.insertInto('memberBlocks').values({ blockerId: expert.id, blockedId: stranger.id, createdAt: new Date(now).toISOString() }).execute();
    const blocked = await book(stranger, { startsAt: free[0] });
    expect([blocked.status, blocked.body.message]).toEqual([409, BLOCK_MESSAGES.notAccepting]);
    expect(await countCalls()).toBe(before);
    const jobs = h.db.kysely as unknown as Kysely<{ jobs: { id: number; name: string } }>;
    expect(await jobs.selectFrom('jobs').select('id').where('name', 'like', 'calls.%').execute()).toHaveLength(0);
  });

  it('twenty members taking one slot at once: one gets it, the others are told it was just taken and see the fresh slots', async () => {
    const takers = await Promise.all(Array.from({ length: 20 }, (_, i) => member(h, { firstName: `Taker${i}`, lastName: 'Race' })));
    const slot = (await slotsOf(expert)).slots[4]!;
    const answers = await Promise.all(takers.map((t) => book(t, { startsAt: slot })));
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const a of lost) {
      expect(a.body.message).toBe(M.justTaken);
      expect(a.body.slots).not.toContain(slot);
      expect(a.body.slots!.length).toBeGreaterThan(0);
    }
    expect((await slotsOf(expert)).slots).not.toContain(slot);
    // The buffer keeps the neighbours clear too: 10 minutes after a 30-minute call, the next quarter hour is 45 minutes on.
    const next = (await slotsOf(expert)).slots;
    expect(next).not.toContain(new Date(Date.parse(slot) + 30 * MINUTE).toISOString());
    expect(next).toContain(new Date(Date.parse(slot) + 45 * MINUTE).toISOString());
    // A call ending right before it, without its buffer, is not offered either.
    expect(next).not.toContain(new Date(Date.parse(slot) - 30 * MINUTE).toISOString());
    const rows = await h.db.kysely.selectFrom('calls').select('id').where('startsAt', '=', slot).execute();
    expect(rows).toHaveLength(1);
    await post(takers[answers.indexOf(won[0]!)]!, `/api/Calls/${won[0]!.body.id}/Cancel`, { reason: 'Race over' });
  });

  describe('a booked call', () => {
    let call: Call;

    it('is booked at once; both parties get an invitation with the same instant, UID and SEQUENCE 0', async () => {
      const slot = (await slotsOf(expert)).slots[8]!;
      const booked = await book(client, { startsAt: slot });
      expect(booked.status).toBe(201);
      call = booked.body;
      expect(call).toMatchObject({ state: 'booked', startsAt: slot, role: 'client', sequence: 0, expertTimeZone: 'UTC', agenda: 'Power analysis' });
      expect(call.meetingUrl).toMatch(/^https:\/\/meet\.example\/SciExperts-[A-Za-z0-9_-]{22}$/);
      await runDue();
      const [toClient, toExpert] = [mailsTo(client).at(-1)!, mailsTo(expert).at(-1)!];
      for (const mail of [toClient, toExpert]) {
        const ics = icsOf(mail);
        expect(field(ics, 'METHOD')).toBe('REQUEST');
        expect(field(ics, 'DTSTART')).toBe(slot.replace(/[-:]/g, '').replace('.000', ''));
        expect(field(ics, 'SEQUENCE')).toBe('0');
        expect(mail.calendar?.method).toBe('REQUEST');
      }
      expect(field(icsOf(toClient), 'UID')).toBe(field(icsOf(toExpert), 'UID'));
      const told = (await h.api<NotificationPage>('GET', '/api/Notifications', { token: expert.token })).body.results[0]!;
      expect(told.text).toBe('Olivia Owner booked a 30-minute call with you.');
      expect((await callsOf(expert)).upcoming.map((c) => c.id)).toContain(call.id);
      expect((await h.api<{ call: Call | null }>('GET', '/api/Calls/Next', { token: client.token })).body.call?.id).toBe(call.id);
    });

    it('is seen and changed only by its two parties: anyone else gets 404', async () => {
      for (const [method, path, body] of [
        ['GET', `/api/Calls/${call.id}`, undefined],
        ['POST', `/api/Calls/${call.id}/Cancel`, { reason: 'Mine now' }],
        ['POST', `/api/Calls/${call.id}/Reschedule`, { startsAt: call.startsAt }],
        ['POST', `/api/Calls/${call.id}/Reschedule/Accept`, undefined],
        ['POST', `/api/Calls/${call.id}/NoShow`, undefined],
        ['POST', `/api/Calls/${call.id}/Accept`, { startsAt: call.startsAt }],
      ] as const) {
        const answer = await h.api<Body>(method, path, { token: stranger.token, ...(body ? { body } : {}) });
        expect([path, answer.status, answer.body.message]).toEqual([path, 404, M.notFound]);
      }
      expect((await h.api('GET', `/api/Calls/${call.id}`, { token: null })).status).toBe(401);
      expect((await callsOf(stranger)).upcoming).toHaveLength(0);
      expect((await h.api<Call>('GET', `/api/Calls/${call.id}`, { token: expert.token })).body.role).toBe('expert');
    });

    it('moves when the expert reschedules and the client accepts: same UID, higher SEQUENCE; a declined one keeps its time', async () => {
      const uid = field(icsOf(mailsTo(client).at(-1)!), 'UID');
      const target = (await slotsOf(expert)).slots[20]!;
      const asked = await post(expert, `/api/Calls/${call.id}/Reschedule`, { startsAt: target });
      expect(asked.body.reschedule).toEqual({ startsAt: target, times: [target], byMe: true });
      // The one who asked cannot accept it.
      expect((await post(expert, `/api/Calls/${call.id}/Reschedule/Accept`)).status).toBe(409);
      const accepted = await post(client, `/api/Calls/${call.id}/Reschedule/Accept`);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ startsAt: target, sequence: 1, reschedule: null });
      await runDue();
      for (const who of [client, expert]) {
        const ics = icsOf(mailsTo(who).at(-1)!);
        expect(field(ics, 'UID')).toBe(uid);
        expect(field(ics, 'SEQUENCE')).toBe('1');
        expect(field(ics, 'DTSTART')).toBe(target.replace(/[-:]/g, '').replace('.000', ''));
      }
      // The old time is free again, the new one is not.
      const slots = (await slotsOf(expert)).slots;
      expect(slots).toContain(call.startsAt);
      expect(slots).not.toContain(target);

      const other = (await slotsOf(expert)).slots[30]!;
      await post(client, `/api/Calls/${call.id}/Reschedule`, { startsAt: other });
      const declined = await post(expert, `/api/Calls/${call.id}/Reschedule/Decline`);
      expect(declined.body).toMatchObject({ startsAt: target, sequence: 1, reschedule: null });
      expect((await post(expert, `/api/Calls/${call.id}/Reschedule/Accept`)).status).toBe(409);
      call = declined.body;
    });

    it('offers up to three new times in a reschedule; the other party accepts the one they choose', async () => {
      const slots = (await slotsOf(expert)).slots;
      // Later the same day: the reminders below expect the call within a day.
      const [a, b, c, d] = [slots[22]!, slots[24]!, slots[26]!, slots[28]!];
      const refused = async (body: unknown, field: string, message: string) => {
        const answer = await post<Body>(client, `/api/Calls/${call.id}/Reschedule`, body);
        expect([answer.status, answer.body.details?.[0]]).toEqual([400, { field, message }]);
      };
      await refused({ times: [a, b, c, d] }, 'times', M.rescheduleCount);
      await refused({ times: [] }, 'times', M.rescheduleCount);
      await refused({}, 'times', M.rescheduleCount);
      await refused({ times: [a, call.startsAt] }, 'times', M.notOffered);
      await refused({ times: [a, new Date(now - HOUR).toISOString()] }, 'times', M.past);
      // Nothing was asked by any of those.
      expect((await h.api<Call>('GET', `/api/Calls/${call.id}`, { token: expert.token })).body.reschedule).toBeNull();

      const asked = await post(client, `/api/Calls/${call.id}/Reschedule`, { times: [c, a, b] });
      expect(asked.status).toBe(200);
      expect(asked.body.reschedule).toEqual({ startsAt: a, times: [a, b, c], byMe: true });
      const seen = (await h.api<Call>('GET', `/api/Calls/${call.id}`, { token: expert.token })).body;
      expect(seen.reschedule).toEqual({ startsAt: a, times: [a, b, c], byMe: false });
      // With several times, which one must be said; a time not offered is refused and changes nothing.
      const unnamed = await post<Body>(expert, `/api/Calls/${call.id}/Reschedule/Accept`);
      expect([unnamed.status, unnamed.body.details?.[0]?.message]).toEqual([400, M.notAProposedTime]);
      const wrong = await post<Body>(expert, `/api/Calls/${call.id}/Reschedule/Accept`, { startsAt: d });
      expect([wrong.status, wrong.body.details?.[0]?.message]).toEqual([400, M.notAProposedTime]);
      expect((await h.api<Call>('GET', `/api/Calls/${call.id}`, { token: expert.token })).body).toMatchObject({ startsAt: call.startsAt, sequence: call.sequence });
      const moved = await post(expert, `/api/Calls/${call.id}/Reschedule/Accept`, { startsAt: b });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ startsAt: b, sequence: call.sequence + 1, reschedule: null });
      const free = (await slotsOf(expert)).slots;
      expect(free).not.toContain(b);
      expect(free).toContain(call.startsAt);
      call = moved.body;
    });

    it('reminds both parties 24 hours and 15 minutes before, once each, by the member’s e-mail choice', async () => {
      // The client wants no e-mail for reminders; the expert keeps the default (at once).
      await h.api('PUT', '/api/Notifications/Preferences', { token: client.token, body: { preferences: [{ type: 'call-reminder', email: 'off' }] } });
      const start = Date.parse(call.startsAt!);
      const reminders = async (who: Member) => (await h.api<NotificationPage>('GET', '/api/Notifications', { token: who.token })).body.results.filter((n) => n.type === 'call-reminder').map((n) => n.text);
      // The call is within a day of now: the 24-hour reminder's time was already past when it was booked.
      expect(start - now).toBeLessThan(DAY);
      await later(start - 16 * MINUTE - now);
      expect(await reminders(client)).toEqual([]);
      await later(MINUTE);
      await runDue();
      expect(await reminders(client)).toEqual(['Your call with Ada Lovelace starts in 15 minutes.']);
      expect(await reminders(expert)).toEqual(['Your call with Olivia Owner starts in 15 minutes.']);
      await later(5 * MINUTE);
      expect(await reminders(client)).toHaveLength(1);
      expect(mailsTo(expert).filter((m) => m.subject.includes('starts in 15 minutes') || m.text.includes('starts in 15 minutes'))).toHaveLength(1);
      expect(mailsTo(client).filter((m) => m.text.includes('starts in 15 minutes'))).toHaveLength(0);
    });

    it('can no longer be cancelled once started, and a no-show is marked afterwards', async () => {
      now = Date.parse(call.startsAt!) + 5 * MINUTE;
      expect((await post(client, `/api/Calls/${call.id}/Cancel`, { reason: 'Too late' })).body.message).toBe(M.started);
      const marked = await post(expert, `/api/Calls/${call.id}/NoShow`);
      expect(marked.body).toMatchObject({ state: 'no-show', noShowMarkedByMe: true });
      expect((await callsOf(client)).past.map((c) => c.id)).toContain(call.id);
    });
  });

  it('sends a 24-hour reminder for a call booked days ahead, and none for a call cancelled before it', async () => {
    const slots = (await slotsOf(expert)).slots;
    const far = slots.find((s) => Date.parse(s) > now + 3 * DAY)!;
    const booked = await book(client, { startsAt: far });
    expect(booked.status).toBe(201);
    const start = Date.parse(far);
    await later(start - DAY - now);
    const texts = async () => (await h.api<NotificationPage>('GET', '/api/Notifications', { token: expert.token })).body.results.filter((n) => n.type === 'call-reminder').map((n) => n.text);
    expect((await texts()).filter((t) => t.endsWith('tomorrow.'))).toHaveLength(1);
    const cancelled = await post(client, `/api/Calls/${booked.body.id}/Cancel`, { reason: 'Plans changed' });
    expect(cancelled.body).toMatchObject({ state: 'cancelled', cancelReason: 'Plans changed', cancelledByMe: true, sequence: 1 });
    await runDue();
    const ics = icsOf(mailsTo(expert).at(-1)!);
    expect(field(ics, 'METHOD')).toBe('CANCEL');
    expect(field(ics, 'SEQUENCE')).toBe('1');
    expect(field(ics, 'STATUS')).toBe('CANCELLED');
    await later(DAY);
    expect((await texts()).filter((t) => t.endsWith('in 15 minutes.'))).toHaveLength(1); // only the earlier call's
    expect((await post(client, `/api/Calls/${booked.body.id}/Cancel`, { reason: 'Again' })).status).toBe(409);
    expect((await post(client, `/api/Calls/${booked.body.id}/Cancel`, { reason: 'x'.repeat(501) })).body.message).toBe(M.reasonTooLong);
  });

  it("never offers the expert's time in a call they booked with another expert", async () => {
    const other = await member(h, { firstName: 'Otto', lastName: 'Other' });
    await makeListed(h, other);
    expect((await h.api('PUT', '/api/Calls/Availability', { token: other.token, body: availability })).status).toBe(200);
    const theirs = (await slotsOf(other)).slots;
    const mine = (await slotsOf(expert)).slots;
    const both = theirs.find((s) => mine.includes(s) && Date.parse(s) > now + 2 * DAY)!;
    // Ada books Otto's time as a client: that time leaves her own calendar.
    expect((await h.api<Call>('POST', '/api/Calls', { token: expert.token, body: { expertId: other.id, startsAt: both, lengthMinutes: 30, agenda: '' } })).status).toBe(201);
    expect((await slotsOf(expert)).slots).not.toContain(both);
    const refused = await book(client, { startsAt: both });
    expect([refused.status, refused.body.message]).toEqual([409, M.justTaken]);
    expect(refused.body.slots).not.toContain(both);
  });

  it('the expert proposes up to three times; the member accepts one and the call is booked', async () => {
    const slots = (await slotsOf(expert, 60)).slots;
    const times = [slots[2]!, slots[10]!, slots[18]!];
    expect((await post(expert, '/api/Calls/Propose', { memberId: client.id, times: [...times, slots[26]], lengthMinutes: 60, agenda: '' })).body.message).toBe(M.proposeCount);
    const proposed = await post(expert, '/api/Calls/Propose', { memberId: client.id, times, lengthMinutes: 60, agenda: 'Follow-up' });
    expect(proposed.status).toBe(201);
    expect(proposed.body).toMatchObject({ state: 'proposed', startsAt: null, proposedTimes: times });
    expect((await post(client, `/api/Calls/${proposed.body.id}/Accept`, { startsAt: slots[3] })).body.message).toBe(M.notAProposedTime);
    expect((await post(expert, `/api/Calls/${proposed.body.id}/Accept`, { startsAt: times[1] })).status).toBe(409);
    const accepted = await post(client, `/api/Calls/${proposed.body.id}/Accept`, { startsAt: times[1] });
    expect(accepted.body).toMatchObject({ state: 'booked', startsAt: times[1], sequence: 0, proposedTimes: [] });
    expect((await slotsOf(expert, 60)).slots).not.toContain(times[1]);
    await runDue();
    expect(field(icsOf(mailsTo(client).at(-1)!), 'DTSTART')).toBe(times[1]!.replace(/[-:]/g, '').replace('.000', ''));
  });

  it('gives each member a private, revocable calendar feed of their calls', async () => {
    expect((await h.api<CalendarFeed>('GET', '/api/Calls/Feed', { token: client.token })).body).toEqual({ active: false, url: null });
    const made = await post<CalendarFeed>(client, '/api/Calls/Feed');
    // Outside /api/Calls: no call path (/api/Calls/:id/Accept …) can match a feed's address.
    expect(made.body.url).toMatch(/^webcal:\/\/api\.test\/api\/CalendarFeeds\/[A-Za-z0-9_-]{32}\.ics$/);
    const path = made.body.url!.replace('webcal://api.test', '');
    const feed = await fetch(h.base + path);
    expect(feed.status).toBe(200);
    // A calendar subscribed at the former address is sent on to the same feed.
    const legacy = await fetch(h.base + path.replace('/api/CalendarFeeds/', '/api/Calls/Feed/'), { redirect: 'manual' });
    expect([legacy.status, legacy.headers.get('location')]).toEqual([301, path]);
    expect((await fetch(h.base + path.replace('/api/CalendarFeeds/', '/api/Calls/Feed/'))).status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text.match(/BEGIN:VEVENT/g)!.length).toBeGreaterThanOrEqual(2);
    // A subscription publishes; it never invites.
    expect(field(text, 'METHOD')).toBe('PUBLISH');
    // A new address revokes the old one; revoking stops it too.
    const again = await post<CalendarFeed>(client, '/api/Calls/Feed');
    expect((await fetch(h.base + path)).status).toBe(404);
    await h.api('DELETE', '/api/Calls/Feed', { token: client.token });
    expect((await fetch(h.base + again.body.url!.replace('webcal://api.test', ''))).status).toBe(404);
  });
});
