// Blocking a member on both databases: the routes (validation, 404s, idempotence, only my own blocks), the chat's
// refusal in both directions with each side's sentence (nothing stored, nothing delivered), typing not relayed, the
// conversation's history kept, unblocking restoring delivery, and calls refused in both directions.
import { BLOCK_MESSAGES as M, CALL_MESSAGES, type BlockState, type BlockedMember, type ChatMessage, type MessagePage } from '@sciexperts/shared/contracts';
import { member, startAppOn, type Harness } from './helpers';
import { chatClients, connected, received, send, sleep } from './chatClient';

type Member = Awaited<ReturnType<typeof member>>;
type Body = { message?: string };

describe.each(['sqlite', 'postgres'] as const)('blocking a member over %s', (dialect) => {
  let h: Harness;
  let ada: Member;
  let bob: Member;
  let cy: Member;
  const { socket, closeAll } = chatClients(() => h.base);

  beforeAll(async () => {
    h = await startAppOn(dialect);
    ada = await member(h, { firstName: 'Ada', lastName: 'Lovelace' });
    bob = await member(h, { firstName: 'Bob', lastName: 'Babbage' });
    cy = await member(h, { firstName: 'Cy', lastName: 'Clerk' });
  });
  afterEach(closeAll);
  afterAll(() => h?.close());

  const put = (who: Member, id: number | string) => h.api<BlockState & Body>('PUT', `/api/Blocks/${id}`, { token: who.token });
  const del = (who: Member, id: number | string) => h.api<BlockState & Body>('DELETE', `/api/Blocks/${id}`, { token: who.token });
  const state = (who: Member, id: number | string) => h.api<BlockState & Body>('GET', `/api/Blocks/${id}`, { token: who.token });
  const list = async (who: Member) => (await h.api<BlockedMember[]>('GET', '/api/Blocks', { token: who.token })).body;
  const countBetween = async (a: number, b: number) =>
    Number(
      (
        await h.db.kysely
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where((eb) => eb.or([eb.and([eb('senderId', '=', a), eb('receiverId', '=', b)]), eb.and([eb('senderId', '=', b), eb('receiverId', '=', a)])]))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('needs a session, refuses yourself, bad ids and unknown members', async () => {
    expect((await h.api('PUT', `/api/Blocks/${bob.id}`)).status).toBe(401);
    expect((await h.api('GET', '/api/Blocks')).status).toBe(401);
    const self = await put(ada, ada.id);
    expect(self.status).toBe(400);
    expect(JSON.stringify(self.body)).toContain(M.cannotBlockSelf);
    expect((await put(ada, 'abc')).status).toBe(400);
    expect((await put(ada, '0')).status).toBe(400);
    const unknown = await put(ada, 999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(M.memberNotFound);
    expect((await del(ada, 999_999)).status).toBe(404);
    expect(await list(ada)).toEqual([]);
  });

  it('blocks and unblocks idempotently, and each member sees only their own blocks', async () => {
    expect((await put(ada, cy.id)).body).toEqual({ memberId: cy.id, blocked: true });
    const first = await list(ada);
    expect(first).toEqual([expect.objectContaining({ id: cy.id, firstName: 'Cy', lastName: 'Clerk' })]);
    expect((await put(ada, cy.id)).status).toBe(200);
    expect(await list(ada)).toEqual(first); // the same block, the same date
    expect((await state(ada, cy.id)).body.blocked).toBe(true);
    // Cy is not told, and sees no block of theirs.
    expect((await state(cy, ada.id)).body.blocked).toBe(false);
    expect(await list(cy)).toEqual([]);
    // Bob cannot undo Ada's block: his DELETE acts on his own blocks only.
    expect((await del(bob, cy.id)).body.blocked).toBe(false);
    expect((await state(ada, cy.id)).body.blocked).toBe(true);
    expect((await del(ada, cy.id)).body).toEqual({ memberId: cy.id, blocked: false });
    expect((await del(ada, cy.id)).status).toBe(200);
    expect(await list(ada)).toEqual([]);
  });

  it('refuses messages both ways with each side’s sentence, stores and delivers nothing, and keeps the history', async () => {
    const a = socket(ada);
    const b = socket(bob);
    await Promise.all([connected(a), connected(b)]);
    const atA = received(a);
    const atB = received(b);
    expect((await send(a, { receiverId: bob.id, text: 'Before', clientId: `${dialect}-before` })).ok).toBe(true);
    const before = await countBetween(ada.id, bob.id);

    expect((await put(ada, bob.id)).status).toBe(200);
    expect(await send(b, { receiverId: ada.id, text: 'Hello?', clientId: `${dialect}-b1` })).toEqual({ ok: false, message: M.notAccepting });
    expect(await send(a, { receiverId: bob.id, text: 'Hi', clientId: `${dialect}-a1` })).toEqual({ ok: false, message: M.youBlocked });
    // Without a clientId too (the refusal is not mistaken for a lost retry).
    expect(await send(b, { receiverId: ada.id, text: 'Again' })).toEqual({ ok: false, message: M.notAccepting });
    // Typing is not relayed either way.
    b.emit('typing', { receiverId: ada.id });
    a.emit('typing', { receiverId: bob.id });
    expect(await countBetween(ada.id, bob.id)).toBe(before);

    // The history stays readable for both.
    const page = (await h.api<MessagePage>('GET', `/api/Chat/Messages/${bob.id}`, { token: ada.token })).body;
    expect(page.messages.map((m: ChatMessage) => m.text)).toEqual(['Before']);
    expect((await h.api<MessagePage>('GET', `/api/Chat/Messages/${ada.id}`, { token: bob.token })).status).toBe(200);

    // An exact retry of a message stored before the block answers its first copy.
    expect((await send(a, { receiverId: bob.id, text: 'Before', clientId: `${dialect}-before` })).ok).toBe(true);

    expect((await del(ada, bob.id)).status).toBe(200);
    const arrived = new Promise<ChatMessage>((resolve) => a.once('newMessage', resolve));
    expect((await send(b, { receiverId: ada.id, text: 'Hello again', clientId: `${dialect}-b2` })).ok).toBe(true);
    expect((await arrived).text).toBe('Hello again');
    const typed = new Promise<{ senderId: number }>((resolve) => a.once('typing', resolve));
    b.emit('typing', { receiverId: ada.id });
    expect(await typed).toEqual({ senderId: bob.id });
    // Nothing from the blocked time reached either socket: only the first message's echo and delivery, and the last.
    await sleep(50);
    expect(atB.filter(([e]) => e === 'typing')).toEqual([]);
    expect(atA.filter(([e]) => e === 'typing')).toEqual([['typing', { senderId: bob.id }]]);
    expect(atA.filter(([e]) => e === 'newMessage').map(([, m]) => (m as ChatMessage).text)).toEqual(['Hello again']);
    expect(atB.filter(([e]) => e === 'newMessage').map(([, m]) => (m as ChatMessage).text)).toEqual(['Before']);
  });

  it('a block made by the receiver is refused the same way (the other direction)', async () => {
    const a = socket(ada);
    await connected(a);
    expect((await put(bob, ada.id)).status).toBe(200);
    expect(await send(a, { receiverId: bob.id, text: 'Hi Bob', clientId: `${dialect}-a2` })).toEqual({ ok: false, message: M.notAccepting });
    // Both blocked: each is told they blocked.
    expect((await put(ada, bob.id)).status).toBe(200);
    expect(await send(a, { receiverId: bob.id, text: 'Hi Bob', clientId: `${dialect}-a3` })).toEqual({ ok: false, message: M.youBlocked });
    await del(ada, bob.id);
    await del(bob, ada.id);
  });

  it('calls are refused in both directions while a block stands', async () => {
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
    const availability = { timeZone: 'UTC', weeklyHours: everyDay, lengths: [30], minNoticeMinutes: 0, bufferMinutes: 0, awayDates: [] as string[] };
    for (const who of [ada, cy]) {
      const saved = await h.api<Body>('PUT', '/api/Calls/Availability', { token: who.token, body: availability });
      if (saved.status !== 200) availability.weeklyHours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' }));
      expect((await h.api('PUT', '/api/Calls/Availability', { token: who.token, body: availability })).status).toBe(200);
    }
    const slotOf = async (expert: Member) => (await h.api<{ slots: string[] }>('GET', `/api/Calls/Experts/${expert.id}/Slots?length=30`)).body.slots[2];
    const book = async (client: Member, expert: Member) =>
      h.api<Body>('POST', '/api/Calls', { token: client.token, body: { expertId: expert.id, lengthMinutes: 30, agenda: 'Hello', startsAt: await slotOf(expert) } });
    expect((await put(ada, cy.id)).status).toBe(200);
    const fromBlocked = await book(cy, ada);
    expect(fromBlocked.status).toBe(409);
    expect(fromBlocked.body.message).toBe(CALL_MESSAGES.blocked);
    const fromBlocker = await book(ada, cy);
    expect(fromBlocker.status).toBe(409);
    expect(fromBlocker.body.message).toBe(CALL_MESSAGES.blocked);
    expect(Number((await h.db.kysely.selectFrom('calls').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(0);
    await del(ada, cy.id);
    expect((await book(cy, ada)).status).toBe(201);
  });
});
