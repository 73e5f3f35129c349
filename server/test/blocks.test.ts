// Blocking a member on both databases: the routes (validation, 404s, idempotence, only my own blocks), the chat's
// refusal in both directions with each side's sentence (nothing stored, nothing delivered), typing not relayed, the
// conversation's history kept, unblocking restoring delivery, and every other channel (a new conversation, calls,
// proposals, invitations, reschedules) refused in both directions with the same sentences, nobody notified.
import { BLOCK_MESSAGES as M, type BlockState, type BlockedMember, type ChatMessage, type MessagePage } from '@sciexperts/shared/contracts';
import { member, startAppOn, type Harness } from './helpers';
import { chatClients, connected, received, send, sleep } from './chatClient';
import { fixedProposal, makeListed, projectBody } from './projectsFixtures';

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

  it('every channel is closed both ways with the block’s sentence, nothing is written and nobody is notified', async () => {
    // Dee and Eve have never written to each other; each owns an open project and gives calls; Eve booked Dee.
    const dee = await member(h, { firstName: 'Dee', lastName: 'Doe' });
    const eve = await member(h, { firstName: 'Eve', lastName: 'Evans' });
    const availability = { timeZone: 'UTC', weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })), lengths: [30], minNoticeMinutes: 0, bufferMinutes: 0, awayDates: [] as string[] };
    const projectOf = new Map<number, number>();
    for (const who of [dee, eve]) {
      await makeListed(h, who);
      expect((await h.api('PUT', '/api/Calls/Availability', { token: who.token, body: availability })).status).toBe(200);
      const draft = await h.api<{ id: number }>('POST', '/api/Projects', { token: who.token, body: projectBody({ title: `Project of ${who.id}` }) });
      expect((await h.api('POST', `/api/Projects/${draft.body.id}/Publish`, { token: who.token })).status).toBe(200);
      projectOf.set(who.id, draft.body.id);
    }
    const slotsOf = async (expert: Member) => (await h.api<{ slots: string[] }>('GET', `/api/Calls/Experts/${expert.id}/Slots?length=30`, { token: expert.token })).body.slots;
    const booked = await h.api<{ id: number }>('POST', '/api/Calls', { token: eve.token, body: { expertId: dee.id, lengthMinutes: 30, agenda: '', startsAt: (await slotsOf(dee))[0] } });
    expect(booked.status).toBe(201);

    const count = async (table: 'calls' | 'proposals' | 'projectInvitations' | 'messages') =>
      Number((await h.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const noticesOf = async (who: Member) => Number((await h.db.kysely.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', who.id).executeTakeFirstOrThrow()).n);
    const snapshot = async () => ({
      calls: await count('calls'),
      proposals: await count('proposals'),
      invitations: await count('projectInvitations'),
      messages: await count('messages'),
      call: await h.db.kysely.selectFrom('calls').select(['state', 'startsAt', 'sequence', 'rescheduleStartsAt']).where('id', '=', booked.body.id).executeTakeFirstOrThrow(),
      notices: [await noticesOf(dee), await noticesOf(eve)],
    });

    /** Every channel from `from` to `to`: each must answer 409 with `sentence`. */
    const everyChannel = async (from: Member, to: Member, sentence: string) => {
      const s = socket(from);
      await connected(s);
      const answers: Array<[string, unknown]> = [];
      answers.push(['message opening a conversation', await send(s, { receiverId: to.id, text: 'Hello', clientId: `${dialect}-${from.id}-open` })]);
      const asked = (channel: string, r: { status: number; body: Body }) => answers.push([channel, { status: r.status, message: r.body.message }]);
      asked('call booking', await h.api<Body>('POST', '/api/Calls', { token: from.token, body: { expertId: to.id, lengthMinutes: 30, agenda: '', startsAt: (await slotsOf(to))[4] } }));
      asked('call proposal', await h.api<Body>('POST', '/api/Calls/Propose', { token: from.token, body: { memberId: to.id, times: [(await slotsOf(from))[6]], lengthMinutes: 30, agenda: '' } }));
      asked('proposal on a project', await h.api<Body>('POST', `/api/Projects/${projectOf.get(to.id)}/Proposals`, { token: from.token, body: fixedProposal() }));
      asked('invitation to a project', await h.api<Body>('POST', `/api/Projects/${projectOf.get(from.id)}/Invitations`, { token: from.token, body: { expertId: to.id } }));
      asked('reschedule of a call', await h.api<Body>('POST', `/api/Calls/${booked.body.id}/Reschedule`, { token: from.token, body: { startsAt: (await slotsOf(dee))[8] } }));
      expect(answers).toEqual([
        ['message opening a conversation', { ok: false, message: sentence }],
        ...['call booking', 'call proposal', 'proposal on a project', 'invitation to a project', 'reschedule of a call'].map((channel) => [channel, { status: 409, message: sentence }]),
      ]);
    };

    const before = await snapshot();
    expect((await put(dee, eve.id)).status).toBe(200);
    await everyChannel(eve, dee, M.notAccepting); // the blocked member, towards the one who blocked
    await everyChannel(dee, eve, M.youBlocked); // the one who blocked, towards the blocked member
    // Nothing was written, and neither was notified (the blocker above all).
    expect(await snapshot()).toEqual(before);

    // Unblocked, the same channels open again (the check is the block, not something else).
    expect((await del(dee, eve.id)).status).toBe(200);
    expect((await h.api('POST', `/api/Projects/${projectOf.get(dee.id)}/Invitations`, { token: dee.token, body: { expertId: eve.id } })).status).toBe(201);
    expect((await h.api('POST', `/api/Calls/${booked.body.id}/Reschedule`, { token: eve.token, body: { startsAt: (await slotsOf(dee))[8] } })).status).toBe(200);
    expect((await noticesOf(dee)) + (await noticesOf(eve))).toBe(before.notices[0]! + before.notices[1]! + 2);
  });

  it('an invitation held on a draft is not announced at publication across a block made since', async () => {
    const owner = await member(h, { firstName: 'Fay', lastName: 'Owner' });
    const expert = await member(h, { firstName: 'Gus', lastName: 'Expert' });
    await makeListed(h, expert);
    const draft = await h.api<{ id: number }>('POST', '/api/Projects', { token: owner.token, body: projectBody({ title: 'Held invitation' }) });
    expect((await h.api('POST', `/api/Projects/${draft.body.id}/Invitations`, { token: owner.token, body: { expertId: expert.id } })).status).toBe(201);
    expect((await put(expert, owner.id)).status).toBe(200);
    expect((await h.api('POST', `/api/Projects/${draft.body.id}/Publish`, { token: owner.token })).status).toBe(200);
    const told = await h.db.kysely.selectFrom('notifications').select('id').where('userId', '=', expert.id).execute();
    expect(told).toEqual([]);
  });
});
