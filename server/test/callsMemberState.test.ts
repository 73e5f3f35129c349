// Calls honour the other member's state, on both databases: slots, booking, proposing, accepting a proposal and
// rescheduling with a suspended, hidden (by an operator), private or deleted member answer the same 404 as that
// member's profile and change nothing; a visitor reads the slots (and so the name) only of an expert whose public
// profile is listed, as the profile page shows it.
import { CALL_MESSAGES as M, DIRECTORY_MESSAGES, type Call, type FreeSlots } from '@sciexperts/shared/contracts';
import { member, startAppOn, type Harness } from './helpers';
import { makeListed } from './projectsFixtures';

type Member = Awaited<ReturnType<typeof member>>;
type Body = { message?: string };

const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
const availability = { timeZone: 'UTC', weeklyHours: everyDay, lengths: [30], minNoticeMinutes: 0, bufferMinutes: 0, awayDates: [] as string[] };

const STATES = ['suspended', 'hidden', 'private', 'deleted'] as const;
type State = (typeof STATES)[number];

describe.each(['sqlite', 'postgres'] as const)('calls and the other member’s state over %s', (dialect) => {
  let h: Harness;
  let client: Member;
  let helper: Member;

  beforeAll(async () => {
    h = await startAppOn(dialect);
    client = await member(h, { firstName: 'Carla', lastName: 'Client' });
    helper = await member(h, { firstName: 'Hugo', lastName: 'Helper' });
    await makeListed(h, helper);
    expect((await h.api('PUT', '/api/Calls/Availability', { token: helper.token, body: availability })).status).toBe(200);
  });
  afterAll(() => h?.close());

  const slots = (who: Member, token?: string) => h.api<FreeSlots & Body>('GET', `/api/Calls/Experts/${who.id}/Slots`, token ? { token } : {});
  const post = (who: Member, path: string, body?: unknown) => h.api<Call & Body>('POST', path, { token: who.token, ...(body === undefined ? {} : { body }) });
  const count = async (table: 'calls' | 'notifications') => Number((await h.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const callRow = (id: number) => h.db.kysely.selectFrom('calls').select(['state', 'startsAt', 'sequence', 'rescheduleStartsAt']).where('id', '=', id).executeTakeFirstOrThrow();

  const put = async (who: Member, state: State) => {
    const at = new Date().toISOString();
    const set =
      state === 'suspended'
        ? { suspendedAt: at, suspensionReason: 'Test' }
        : state === 'hidden'
          ? { profileHiddenAt: at, profileHiddenReason: 'Test' }
          : state === 'private'
            ? { isProfilePublic: 0 }
            : // What deleting an account leaves of the row (account/deletion.ts): emptied, private, dated.
              { deletedAt: at, isProfilePublic: 0 };
    await h.db.kysely.updateTable('users').set(set).where('id', '=', who.id).execute();
  };

  it.each(STATES)('a %s expert: slots, booking, proposing, accepting and rescheduling answer the profile’s 404 and change nothing', async (state) => {
    const expert = await member(h, { firstName: 'Quinn', lastName: `Expert${state}` });
    await makeListed(h, expert);
    expect((await h.api('PUT', '/api/Calls/Availability', { token: expert.token, body: availability })).status).toBe(200);

    // Before: a visitor reads the listed expert's slots and name; a call is booked, a proposal and a move are pending.
    const before = await slots(expert);
    expect(before.status).toBe(200);
    expect(before.body.expertName).toBe(`Quinn Expert${state}`);
    const [first, second, third] = before.body.slots;
    const booked = await post(client, '/api/Calls', { expertId: expert.id, startsAt: first, lengthMinutes: 30, agenda: '' });
    expect(booked.status).toBe(201);
    const proposed = await post(expert, '/api/Calls/Propose', { memberId: client.id, times: [second], lengthMinutes: 30, agenda: '' });
    expect(proposed.status).toBe(201);
    const other = await post(client, '/api/Calls', { expertId: expert.id, startsAt: third, lengthMinutes: 30, agenda: '' });
    expect(other.status).toBe(201);
    const moveAsked = await post(expert, `/api/Calls/${other.body.id}/Reschedule`, { startsAt: before.body.slots[5] });
    expect(moveAsked.status).toBe(200);

    await put(expert, state);
    const profile = await h.api<Body>('GET', `/api/Experts/${expert.id}`);
    expect([profile.status, profile.body.message]).toEqual([404, DIRECTORY_MESSAGES.profileUnavailable]);
    const same = [404, profile.body.message];
    expect(M.expertNotFound).toBe(DIRECTORY_MESSAGES.profileUnavailable);

    const calls = await count('calls');
    const notices = await count('notifications');
    const bookedBefore = await callRow(booked.body.id);
    const otherBefore = await callRow(other.body.id);

    const visitor = await slots(expert);
    expect([visitor.status, visitor.body.message]).toEqual(same);
    expect(JSON.stringify(visitor.body)).not.toContain(`Expert${state}`);
    const signedIn = await slots(expert, client.token);
    expect([signedIn.status, signedIn.body.message]).toEqual(same);
    expect(JSON.stringify(signedIn.body)).not.toContain(`Expert${state}`);

    const book = await post(client, '/api/Calls', { expertId: expert.id, startsAt: before.body.slots[8], lengthMinutes: 30, agenda: '' });
    expect([book.status, book.body.message]).toEqual(same);
    // The helper proposes times to the member in that state.
    const propose = await post(helper, '/api/Calls/Propose', { memberId: expert.id, times: [(await slots(helper)).body.slots[3]], lengthMinutes: 30, agenda: '' });
    expect([propose.status, propose.body.message]).toEqual(same);
    const accept = await post(client, `/api/Calls/${proposed.body.id}/Accept`, { startsAt: second });
    expect([accept.status, accept.body.message]).toEqual(same);
    const move = await post(client, `/api/Calls/${booked.body.id}/Reschedule`, { startsAt: before.body.slots[10] });
    expect([move.status, move.body.message]).toEqual(same);
    const acceptMove = await post(client, `/api/Calls/${other.body.id}/Reschedule/Accept`);
    expect([acceptMove.status, acceptMove.body.message]).toEqual(same);

    expect(await count('calls')).toBe(calls);
    expect(await count('notifications')).toBe(notices);
    expect(await callRow(booked.body.id)).toEqual(bookedBefore);
    expect(await callRow(other.body.id)).toEqual(otherBefore);
    expect((await callRow(proposed.body.id)).state).toBe('proposed');

    // Cancelling stays possible: a call with a member who is gone must be able to end.
    expect((await post(client, `/api/Calls/${booked.body.id}/Cancel`, { reason: 'The expert is not available.' })).status).toBe(200);
  });

  it('a visitor reads the slots and the name only of an expert whose public profile is listed; a member, of any public one', async () => {
    const unlisted = await member(h, { firstName: 'Uma', lastName: 'Unlisted' });
    expect((await h.api('PUT', '/api/Calls/Availability', { token: unlisted.token, body: availability })).status).toBe(200);
    // Public but without a headline: not in the directory, and its public profile page answers 404.
    expect((await h.api('GET', `/api/Experts/${unlisted.id}`)).status).toBe(404);
    const visitor = await slots(unlisted);
    expect([visitor.status, visitor.body.message]).toEqual([404, DIRECTORY_MESSAGES.profileUnavailable]);
    expect(JSON.stringify(visitor.body)).not.toContain('Unlisted');
    // An invalid bearer reads as a visitor, never as an error.
    expect((await slots(unlisted, 'not-a-token')).status).toBe(404);
    // A member reads it as the member profile (GetUserById) shows the name to them; the expert reads their own.
    expect((await h.api('GET', `/api/User/GetUserById/${unlisted.id}`, { token: client.token })).status).toBe(200);
    const member_ = await slots(unlisted, client.token);
    expect([member_.status, member_.body.expertName]).toEqual([200, 'Uma Unlisted']);
    expect((await slots(unlisted, unlisted.token)).status).toBe(200);
    // Once listed, visitors read it too.
    await makeListed(h, unlisted);
    expect((await slots(unlisted)).body.expertName).toBe('Uma Unlisted');
    // A private expert's own slots stay readable to themself only.
    await put(unlisted, 'private');
    expect((await slots(unlisted, unlisted.token)).status).toBe(200);
    expect((await slots(unlisted, client.token)).status).toBe(404);
  });
});
