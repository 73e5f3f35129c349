// Notifications end to end over the API and the socket: who is told about what (projects, chat), the bell's list and
// counts, the live push to every tab, the e-mail (delayed, skipped when seen, by preference, the daily digest) and
// the one-click unsubscribe (RFC 8058), on both databases. Time is the app's injected clock.
import type { Notification, NotificationPage, NotificationPreferences, UnreadNotifications } from '@sciexperts/shared/contracts';
import { NOTIFICATION_MESSAGES } from '@sciexperts/shared/contracts';
import { chatClients, connected, send } from './chatClient';
import { sql } from 'kysely';
import { RecordingMailer, member, startAppOn, type Harness } from './helpers';
import { fixedProposal, makeListed, projectBody } from './projectsFixtures';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

type Member = Awaited<ReturnType<typeof member>>;

describe.each(['sqlite', 'postgres'] as const)('notifications over %s', (dialect) => {
  let h: Harness;
  // The clock starts at 06:00 UTC tomorrow, never at the wall clock's time of day: the daily digest is due at each UTC
  // midnight, and a run started near midnight would see it early. Forward only: tokens are issued on this clock.
  let now = Math.ceil(Date.now() / DAY_MS) * DAY_MS + 6 * 60 * MINUTE_MS;
  let mailer: RecordingMailer;
  let owner: Member;
  let expert: Member;
  let other: Member;
  const sockets = chatClients(() => h.base);

  const runDue = () => h.app.ctx.jobs.runDue();
  const later = async (ms: number) => {
    now += ms;
    await runDue();
  };
  const list = async (who: Member, query = '') => h.api<NotificationPage>('GET', `/api/Notifications${query}`, { token: who.token });
  const latest = async (who: Member) => (await list(who)).body.results[0];
  const mailsTo = (who: Member) => mailer.sent.filter((m) => m.to === who.email);

  async function openProject(title: string) {
    const project = await h.api<{ id: number }>('POST', '/api/Projects', { token: owner.token, body: projectBody({ title }) });
    expect(project.status).toBe(201);
    expect((await h.api('POST', `/api/Projects/${project.body.id}/Publish`, { token: owner.token })).status).toBe(200);
    return project.body.id;
  }
  async function propose(projectId: number, who: Member) {
    const proposal = await h.api<{ id: number }>('POST', `/api/Projects/${projectId}/Proposals`, { token: who.token, body: fixedProposal() });
    expect(proposal.status).toBe(201);
    return proposal.body.id;
  }

  beforeAll(async () => {
    mailer = new RecordingMailer();
    h = await startAppOn(dialect, {}, { mailer, clock: () => new Date(now) });
    owner = await member(h, { firstName: 'Olivia', lastName: 'Owner' });
    expert = await member(h, { firstName: 'Ada', lastName: 'Lovelace' });
    other = await member(h, { firstName: 'Grace', lastName: 'Hopper' });
    await makeListed(h, expert);
  });
  afterEach(() => sockets.closeAll());
  afterAll(() => h?.close());

  it('tells the owner of a proposal, lists it newest first with the unread count, and reads one or all', async () => {
    const projectId = await openProject('Cohort study');
    await propose(projectId, expert);
    const page = await list(owner);
    expect(page.status).toBe(200);
    expect(page.body.results[0]).toMatchObject({ type: 'proposal-received', text: 'Ada Lovelace sent a proposal for “Cohort study”.', link: `/projects/${projectId}`, readAt: null });
    expect(page.body.unreadCount).toBe(1);

    const second = await propose(await openProject('Trial design'), other);
    expect(second).toBeGreaterThan(0);
    const both = (await list(owner)).body;
    expect(both.results.map((n) => n.text)).toEqual(['Grace Hopper sent a proposal for “Trial design”.', 'Ada Lovelace sent a proposal for “Cohort study”.']);
    expect(both.unreadCount).toBe(2);
    expect((await h.api<UnreadNotifications>('GET', '/api/Notifications/UnreadCount', { token: owner.token })).body).toEqual({ unreadCount: 2 });

    const read = await h.api<UnreadNotifications>('POST', `/api/Notifications/${both.results[0]!.id}/Read`, { token: owner.token });
    expect(read.body).toEqual({ unreadCount: 1 });
    // Someone else's notification is not there for you; a malformed id is a 400.
    expect((await h.api('POST', `/api/Notifications/${both.results[1]!.id}/Read`, { token: expert.token })).status).toBe(404);
    expect((await h.api('POST', '/api/Notifications/abc/Read', { token: owner.token })).status).toBe(400);
    expect((await h.api('GET', '/api/Notifications', {})).status).toBe(401);

    expect((await h.api<UnreadNotifications>('POST', '/api/Notifications/ReadAll', { token: owner.token })).body).toEqual({ unreadCount: 0 });
    expect((await list(owner)).body.results.every((n) => n.readAt !== null)).toBe(true);
  });

  it('pages back with `before` and refuses a limit or cursor that is not a number', async () => {
    for (let i = 0; i < 3; i += 1) await propose(await openProject(`Page study ${i}`), expert);
    const first = (await list(owner, '?limit=2')).body;
    expect(first.results).toHaveLength(2);
    expect(first.nextBefore).toBe(first.results[1]!.id);
    const next = (await list(owner, `?limit=2&before=${first.nextBefore}`)).body;
    expect(next.results[0]!.id).toBeLessThan(first.results[1]!.id);
    expect((await list(owner, '?limit=x')).status).toBe(400);
    expect((await list(owner, '?before=-1')).status).toBe(400);
    expect((await list(owner, '?surprise=1')).status).toBe(400);
  });

  it('tells the expert about an invitation, a shortlist, a hire, and the others that they were declined', async () => {
    const projectId = await openProject('Survival analysis');
    expect((await h.api('POST', `/api/Projects/${projectId}/Invitations`, { token: owner.token, body: { expertId: expert.id } })).status).toBe(201);
    expect(await latest(expert)).toMatchObject({ type: 'invitation', text: 'Olivia invited you to send a proposal for “Survival analysis”.', link: `/projects/${projectId}` });

    const chosen = await propose(projectId, expert);
    await propose(projectId, other);
    expect((await h.api('POST', `/api/Proposals/${chosen}/Shortlist`, { token: owner.token })).status).toBe(200);
    expect(await latest(expert)).toMatchObject({ type: 'proposal-shortlisted', text: 'Olivia shortlisted your proposal for “Survival analysis”.' });

    const hired = await h.api<{ id: number }>('POST', `/api/Proposals/${chosen}/Hire`, { token: owner.token });
    expect(hired.status).toBe(200);
    expect(await latest(expert)).toMatchObject({ type: 'proposal-hired', text: 'Olivia Owner hired you for “Survival analysis”. The contract’s workspace is open.', link: `/profile/workspace/${hired.body.id}` });
    expect(await latest(other)).toMatchObject({ type: 'proposal-declined', text: 'Olivia hired another expert for “Survival analysis”, so your proposal was declined.' });
  });

  it('tells the expert why a proposal was declined, in the owner’s words', async () => {
    const projectId = await openProject('Declined study');
    const proposal = await propose(projectId, other);
    expect((await h.api('POST', `/api/Proposals/${proposal}/Decline`, { token: owner.token, body: { reason: 'We chose a smaller scope.' } })).status).toBe(200);
    expect(await latest(other)).toMatchObject({ type: 'proposal-declined', text: 'Olivia declined your proposal for “Declined study”: “We chose a smaller scope.”', link: `/projects/${projectId}` });
  });

  it('pushes a new notification to every tab of its member at once, and a read in one tab to the others', async () => {
    // What earlier tests left to push goes first.
    await runDue();
    const tabs = [sockets.socket(owner), sockets.socket(owner)];
    const bystander = sockets.socket(other);
    await Promise.all([...tabs, bystander].map(connected));
    const arrived = tabs.map((s) => new Promise<Notification>((resolve) => s.once('notification', resolve)));
    let bystanderGot = false;
    bystander.on('notification', () => (bystanderGot = true));

    await propose(await openProject('Live study'), expert);
    await runDue();
    const [inFirst, inSecond] = await Promise.all(arrived);
    expect(inFirst).toMatchObject({ type: 'proposal-received', text: 'Ada Lovelace sent a proposal for “Live study”.' });
    expect(inSecond).toEqual(inFirst);

    const counted = new Promise<UnreadNotifications>((resolve) => tabs[1]!.once('notificationsRead', resolve));
    const read = await h.api<UnreadNotifications>('POST', `/api/Notifications/${inFirst!.id}/Read`, { token: owner.token });
    expect(await counted).toEqual(read.body);
    expect(bystanderGot).toBe(false);
  });

  it('e-mails after a short delay, not at all when the member saw it first, with a one-click unsubscribe', async () => {
    await h.api('POST', '/api/Notifications/ReadAll', { token: owner.token });
    const before = mailsTo(owner).length;
    await propose(await openProject('Mailed study'), expert);
    await runDue();
    expect(mailsTo(owner)).toHaveLength(before);
    await later(3 * MINUTE_MS);
    const mail = mailsTo(owner).at(-1)!;
    expect(mailsTo(owner)).toHaveLength(before + 1);
    expect(mail).toMatchObject({ subject: 'Ada Lovelace sent a proposal for “Mailed study”.' });
    expect(mail.text).toContain('http://site.test/projects/');
    expect(mail.text).toMatch(/Stop “Proposals on your projects” e-mails: http:\/\/site\.test\/unsubscribe\?token=/);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(oneClick).toMatch(/^http:\/\/api\.test\/api\/Notifications\/Unsubscribe\?token=/);

    // Seen in the app within the delay: no e-mail.
    const seen = await propose(await openProject('Seen study'), expert);
    expect(seen).toBeGreaterThan(0);
    await h.api('POST', `/api/Notifications/${(await latest(owner))!.id}/Read`, { token: owner.token });
    await later(3 * MINUTE_MS);
    expect(mailsTo(owner)).toHaveLength(before + 1);

    // The mail client's one-click POST (a form body, no session) switches that type off, once.
    const path = oneClick!.replace('http://api.test', '');
    const unsubscribed = await h.api<{ message: string }>('POST', path, { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(unsubscribed).toMatchObject({ status: 200, body: { message: NOTIFICATION_MESSAGES.unsubscribed } });
    const again = await h.api<{ message: string }>('POST', path, { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(again).toMatchObject({ status: 400, body: { message: NOTIFICATION_MESSAGES.unsubscribeInvalid } });
    expect((await h.api('POST', '/api/Notifications/Unsubscribe?token=forged-token', {})).status).toBe(400);
    expect((await h.api('POST', '/api/Notifications/Unsubscribe', {})).status).toBe(400);
    const prefs = (await h.api<NotificationPreferences>('GET', '/api/Notifications/Preferences', { token: owner.token })).body.preferences;
    expect(prefs.find((p) => p.type === 'proposal-received')).toEqual({ type: 'proposal-received', email: 'off' });
    expect(prefs.find((p) => p.type === 'milestone-submitted')).toEqual({ type: 'milestone-submitted', email: 'immediately' });

    // Switched off: still in the bell, no e-mail.
    await propose(await openProject('Quiet study'), expert);
    await later(3 * MINUTE_MS);
    expect(mailsTo(owner)).toHaveLength(before + 1);
    expect((await latest(owner))!.text).toBe('Ada Lovelace sent a proposal for “Quiet study”.');
  });

  it('gathers the daily choices in one digest a day, and checks the preferences it is given', async () => {
    const put = (body: unknown) => h.api<NotificationPreferences>('PUT', '/api/Notifications/Preferences', { token: owner.token, body });
    expect((await put({ preferences: [{ type: 'proposal-received', email: 'daily' }] })).status).toBe(200);
    expect((await put({ preferences: [{ type: 'no-such-type', email: 'daily' }] })).status).toBe(400);
    expect((await put({ preferences: [{ type: 'message', email: 'weekly' }] })).status).toBe(400);
    expect((await put({ preferences: [] })).status).toBe(400);
    expect((await put({ preferences: [{ type: 'message', email: 'off' }, { type: 'message', email: 'daily' }] })).status).toBe(400);

    const before = mailsTo(owner).length;
    await propose(await openProject('Digest one'), expert);
    await propose(await openProject('Digest two'), other);
    await later(3 * MINUTE_MS);
    expect(mailsTo(owner)).toHaveLength(before);
    await later(DAY_MS);
    const digests = mailsTo(owner).slice(before);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('Your SciExperts day: 2 updates');
    expect(digests[0]!.text).toContain('• Ada Lovelace sent a proposal for “Digest one”.');
    expect(digests[0]!.text).toContain('• Grace Hopper sent a proposal for “Digest two”.');
    await later(DAY_MS);
    expect(mailsTo(owner)).toHaveLength(before + 1);
  });

  it('pushes the message notification live from the gateway, refreshed by each later message, with no delivery job and one e-mail in all', async () => {
    const writer = await member(h, { firstName: 'Rosalind', lastName: 'Franklin' });
    const reader = await member(h, { firstName: 'Marie', lastName: 'Curie' });
    const chat = sockets.socket(writer);
    const bell = sockets.socket(reader);
    await Promise.all([connected(chat), connected(bell)]);
    // In the message's own frame (newMessage's second argument), not as a notification event of its own.
    const pushed: Notification[] = [];
    bell.on('newMessage', (_m, n) => {
      if (n) pushed.push(n);
    });
    let separateEvents = 0;
    bell.on('notification', () => (separateEvents += 1));
    const pushJobs = async () => Number((await sql<{ n: number | string }>`select count(*) as n from jobs where name = 'notifications.push'`.execute(h.db.kysely)).rows[0]!.n);
    const jobsBefore = await pushJobs();
    const texts = ['The gels are ready.', 'Lane 3 looks odd.', 'Photo 51 attached.'];
    for (const [i, text] of texts.entries()) expect((await send(chat, { receiverId: reader.id, text, clientId: `refresh-${i}` })).ok).toBe(true);
    const expected = texts.map((t) => `Rosalind Franklin sent you a message: “${t}”`);
    // Pushed with each message, before any job ran: the first wrote the notification, the two after it refreshed it.
    for (let waited = 0; pushed.length < 3 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    expect(pushed.map((n) => n.text)).toEqual(expected);
    expect(new Set(pushed.map((n) => n.id)).size).toBe(1);
    expect(separateEvents).toBe(0);
    expect((await pushJobs()) - jobsBefore).toBe(0);
    const bellList = (await list(reader)).body;
    expect(bellList.results.filter((n) => n.type === 'message')).toEqual([expect.objectContaining({ id: pushed[0]!.id, text: expected[2], readAt: null })]);
    expect(bellList.unreadCount).toBe(1);
    await later(3 * MINUTE_MS);
    const mails = mailsTo(reader).filter((m) => m.subject.includes('sent you a message'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(expected[2]);
  });

  it('waits the e-mail delay from the latest message a grouped notification shows, so a member who opens it within that delay is not e-mailed', async () => {
    const writer = await member(h, { firstName: 'Lise', lastName: 'Meitner' });
    const reader = await member(h, { firstName: 'Otto', lastName: 'Hahn' });
    const chat = sockets.socket(writer);
    await connected(chat);
    const say = async (text: string) => expect((await send(chat, { receiverId: reader.id, text, clientId: `delay-${Math.random()}` })).ok).toBe(true);
    const messageMails = () => mailsTo(reader).filter((m) => m.subject.includes('sent you a message'));

    // The first message's e-mail is due two minutes after it; a second message, 100 s in, refreshes the notification.
    await say('The isotopes are back.');
    await runDue();
    await later(100_000);
    await say('It is barium, not radium.');
    // 130 s after the first message, 30 s after the bell showed the second: the member has not had the delay yet.
    await later(30_000);
    expect(messageMails()).toHaveLength(0);
    const shown = (await list(reader)).body.results.find((n) => n.type === 'message')!;
    expect(shown).toMatchObject({ text: 'Lise Meitner sent you a message: “It is barium, not radium.”', readAt: null });
    expect((await h.api('POST', `/api/Notifications/${shown.id}/Read`, { token: reader.token })).status).toBe(200);
    await later(3 * MINUTE_MS);
    expect(messageMails()).toHaveLength(0);

    // Not opened: one e-mail, two minutes after the latest message, with its words.
    await say('Fission, then.');
    await runDue();
    await later(100_000);
    await say('Frisch agrees.');
    await later(30_000);
    expect(messageMails()).toHaveLength(0);
    await later(90_000);
    expect(messageMails()).toHaveLength(1);
    expect(messageMails()[0]!.subject).toBe('Lise Meitner sent you a message: “Frisch agrees.”');
    await later(3 * MINUTE_MS);
    expect(messageMails()).toHaveLength(1);
  });

  it('lists the bell by each notification’s latest time (a refreshed message moves up, a read one stays) and pages by `before` as the table orders it', async () => {
    const fromAda = sockets.socket(expert);
    const fromGrace = sockets.socket(other);
    await Promise.all([connected(fromAda), connected(fromGrace)]);
    const say = async (s: typeof fromAda, text: string) => expect((await send(s, { receiverId: owner.id, text, clientId: `order-${Math.random()}` })).ok).toBe(true);
    const message = (name: string, text: string) => `${name} sent you a message: “${text}”`;
    await later(MINUTE_MS);
    await say(fromAda, 'First from Ada.');
    await later(MINUTE_MS);
    await propose(await openProject('Order one'), other);
    await later(MINUTE_MS);
    await say(fromGrace, 'First from Grace.');
    await later(MINUTE_MS);
    // A refresh of Ada's unread notification: it moves above Grace's and the proposal.
    await say(fromAda, 'Ada again.');
    // Grace's conversation opened: her notification is read and keeps its time; her next message is a new one.
    expect((await h.api('POST', `/api/Chat/MarkRead/${other.id}`, { token: owner.token })).status).toBe(200);
    await later(MINUTE_MS);
    await propose(await openProject('Order two'), expert);
    await later(MINUTE_MS);
    await say(fromGrace, 'Grace again.');
    const newest = (await list(owner, '?limit=5')).body.results;
    expect(newest.map((n) => [n.text, n.readAt === null])).toEqual([
      [message('Grace Hopper', 'Grace again.'), true],
      ['Ada Lovelace sent a proposal for “Order two”.', true],
      [message('Ada Lovelace', 'Ada again.'), true],
      [message('Grace Hopper', 'First from Grace.'), false],
      ['Grace Hopper sent a proposal for “Order one”.', true],
    ]);

    // Every page, from the start and from each cursor, is the table's own order of the member's notifications.
    const ordered = async (before: number | null) => {
      let q = h.db.kysely.selectFrom('notifications').select('id').where('userId', '=', owner.id);
      if (before !== null) q = q.where('id', '<', before);
      return (await q.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(3).execute()).map((r) => r.id);
    };
    const all = await h.db.kysely.selectFrom('notifications').select('id').where('userId', '=', owner.id).execute();
    expect(all.length).toBeGreaterThan(5);
    for (const before of [null, ...all.map((r) => r.id), Math.max(...all.map((r) => r.id)) + 1]) {
      const page = (await list(owner, before === null ? '?limit=3' : `?limit=3&before=${before}`)).body.results.map((n) => n.id);
      expect(page).toEqual(await ordered(before));
    }
  });

  it('keeps createdAt out of every index of the notifications, so a message’s refresh of it writes no index entry', async () => {
    // PostgreSQL updates a row in place (HOT) only when no indexed column changes; the bell's index holds sortedAt.
    const definitions =
      dialect === 'postgres'
        ? (await sql<{ d: string }>`select indexdef as d from pg_indexes where schemaname = current_schema() and tablename = 'notifications'`.execute(h.db.kysely)).rows
        : (await sql<{ d: string }>`select sql as d from sqlite_master where type = 'index' and tbl_name = 'notifications' and sql is not null`.execute(h.db.kysely)).rows;
    expect(definitions.map((r) => r.d).join('\n')).toContain('sortedAt');
    expect(definitions.filter((r) => r.d.includes('createdAt'))).toEqual([]);
  });

  it('keeps one unread notification per sender of messages, read when the conversation is opened', async () => {
    const chat = sockets.socket(expert);
    await connected(chat);
    const say = async (text: string) => expect((await send(chat, { senderId: expert.id, receiverId: other.id, text, clientId: `c-${Math.random()}` })).ok).toBe(true);
    await say('Hello Grace, about the cohort.');
    await say('The data arrives tomorrow.');
    const messages = (await list(other)).body.results.filter((n) => n.type === 'message');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ text: 'Ada Lovelace sent you a message: “The data arrives tomorrow.”', link: `/chat?with=${expert.id}`, readAt: null });

    const before = mailsTo(other).length;
    expect((await h.api('POST', `/api/Chat/MarkRead/${expert.id}`, { token: other.token })).status).toBe(200);
    expect((await list(other)).body.results.find((n) => n.type === 'message')?.readAt).not.toBeNull();
    await later(3 * MINUTE_MS);
    expect(mailsTo(other)).toHaveLength(before);

    await say('One more thing.');
    expect((await list(other)).body.results.filter((n) => n.type === 'message' && n.readAt === null)).toHaveLength(1);
  });
});

