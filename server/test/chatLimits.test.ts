import type { SendMessageAck } from '@sciexperts/shared/contracts';
import { CHAT_LIMITS, NEW_CONVERSATIONS_LIMITED_MESSAGE, RATE_LIMITED_MESSAGE } from '../src/chat/limits';
import { insertMessage } from '../src/modules/chat/repository';
import { insertUser } from '../src/modules/users/repository';
import { eventually, member, startAppOn, type Harness } from './helpers';
import { chatClients, connected, received, send, sleep } from './chatClient';

/** What a bucket of `burst` refilled at `perSecond` may let through over `elapsedMs` (timing on a loaded machine varies). */
const allowance = (limit: { burst: number; perSecond: number }, elapsedMs: number) => limit.burst + Math.ceil((elapsedMs * limit.perSecond) / 1000);

// Both dialects: the new-conversation count is SQL that must mean the same on each.
describe.each(['sqlite', 'postgres'] as const)('chat abuse limits over %s', (dialect) => {
  let h: Harness;
  const { socket, closeAll } = chatClients(() => h.base);
  beforeAll(async () => {
    h = await startAppOn(dialect);
  });
  afterEach(closeAll);
  afterAll(() => h?.close());

  const stored = async (senderId: number) => (await h.db.kysely.selectFrom('messages').select('id').where('senderId', '=', senderId).execute()).length;

  it('limits a member’s message rate across all their sockets; over the limit the ack says so and nothing is stored', async () => {
    const [a, b] = [await member(h), await member(h)];
    const [s1, s2] = [socket(a), socket(a)];
    await Promise.all([s1, s2].map(connected));
    const started = Date.now();
    // Sixty at once, half on each socket: a per-socket limit would let them all through.
    const acks = await Promise.all(Array.from({ length: 60 }, (_, i) => send(i % 2 ? s1 : s2, { receiverId: b.id, text: `burst ${i}`, clientId: `burst-${i}` })));
    const elapsed = Date.now() - started;
    const ok = acks.filter((x) => x.ok);
    const refusedAcks = acks.filter((x): x is Extract<SendMessageAck, { ok: false }> => !x.ok);
    expect(ok.length).toBeGreaterThanOrEqual(CHAT_LIMITS.messages.burst);
    expect(ok.length).toBeLessThanOrEqual(allowance(CHAT_LIMITS.messages, elapsed));
    expect(new Set(refusedAcks.map((x) => x.message))).toEqual(new Set([RATE_LIMITED_MESSAGE]));
    expect(await stored(a.id)).toBe(ok.length);
    // The bucket refills: a person pausing a second may write again.
    await sleep(1100);
    expect((await send(s1, { receiverId: b.id, text: 'after a pause', clientId: 'pause-1' })).ok).toBe(true);
  });

  it('drops typing over the limit silently', async () => {
    const [a, b] = [await member(h), await member(h)];
    const [sa, sb] = [socket(a), socket(b)];
    await Promise.all([sa, sb].map(connected));
    const bobGot = received(sb);
    const started = Date.now();
    for (let i = 0; i < 50; i++) sa.emit('typing', { receiverId: b.id });
    // The burst's worth is relayed (its relays wait for one block check, which a message sent meanwhile may overtake
    // on PostgreSQL's other connections: wait for them rather than for the message), and no more than the allowance.
    const typingsSoFar = () => bobGot.filter(([event]) => event === 'typing').length;
    await eventually(() => typingsSoFar() >= CHAT_LIMITS.typing.burst, 'the burst of typing to be relayed');
    const delivered = new Promise((resolve) => sb.once('newMessage', resolve));
    expect((await send(sa, { receiverId: b.id, text: 'done typing', clientId: 'typed-1' })).ok).toBe(true);
    await delivered;
    const elapsed = Date.now() - started;
    expect(typingsSoFar()).toBeGreaterThanOrEqual(CHAT_LIMITS.typing.burst);
    expect(typingsSoFar()).toBeLessThanOrEqual(allowance(CHAT_LIMITS.typing, elapsed));
    expect(sa.connected).toBe(true);
  });

  it(`caps new conversations at ${CHAT_LIMITS.newConversationsPerHour} an hour; existing ones and replies are not capped`, async () => {
    const a = await member(h);
    const people: number[] = [];
    for (let i = 0; i < CHAT_LIMITS.newConversationsPerHour + 8; i++) {
      people.push(await insertUser(h.db, { email: `cap-${a.id}-${i}@example.test`, passwordHash: null, firstName: 'P', lastName: String(i), phoneNumber: null, authProvider: 'password' }));
    }
    const person = (i: number) => people[i] as number;
    const cap = CHAT_LIMITS.newConversationsPerHour;
    // cap - 1 conversations opened in the last hour, 5 more two hours ago, and one member who wrote to `a` first.
    for (let i = 0; i < cap - 1; i++) await insertMessage(h.db, { senderId: a.id, receiverId: person(i), text: 'hello', clientId: `open-${i}` });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    for (let i = cap - 1; i < cap + 4; i++) await h.db.kysely.insertInto('messages').values({ senderId: a.id, receiverId: person(i), text: 'long ago', clientId: `old-${i}`, createdAt: twoHoursAgo }).execute();
    const writer = person(cap + 4);
    await insertMessage(h.db, { senderId: writer, receiverId: a.id, text: 'hi, are you available?', clientId: 'w-1' });
    const s = socket(a);
    await connected(s);

    const last = await send(s, { receiverId: person(cap + 5), text: 'hello', clientId: 'new-1' });
    expect(last.ok).toBe(true);
    const before = await stored(a.id);
    expect(await send(s, { receiverId: person(cap + 6), text: 'hello', clientId: 'new-2' })).toEqual({ ok: false, message: NEW_CONVERSATIONS_LIMITED_MESSAGE });
    expect(await stored(a.id)).toBe(before);

    // Still free: an exact retry, an open conversation, an old one, and a reply.
    expect(await send(s, { receiverId: person(cap + 5), text: 'hello', clientId: 'new-1' })).toEqual(last);
    for (const [receiverId, clientId] of [[person(0), 'more-1'], [person(cap), 'more-2'], [writer, 'reply-1']] as const) {
      expect([clientId, (await send(s, { receiverId, text: 'more', clientId })).ok]).toEqual([clientId, true]);
    }
  });
});
