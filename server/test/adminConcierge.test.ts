// The concierge's shortlist as a project draft: the requester, signed in with the request's confirmed address, finds
// a draft made from the request with the shortlisted experts invited; the invitations reach the experts when the
// draft is published; one request makes one draft however often it is claimed.
import { ADMIN_MESSAGES as M, ADMIN_PATHS, type Invitation, type NotificationPage, type OperatorRole, type Project, type ProjectList } from '@sciexperts/shared/contracts';
import { shortlistMailText } from '../src/modules/admin/concierge';
import { claimConciergeDrafts, draftInput, draftTitle } from '../src/modules/concierge/drafts';
import { RecordingMailer, eventually, member, startAppOn, unverifiedMember, type Harness } from './helpers';
import { signedInOperator } from './adminFixtures';

type Body = { message?: string };
type Member = Awaited<ReturnType<typeof member>>;

describe('concierge drafts, the rules', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  it('titles the draft with the first sentence, shortened at a word', () => {
    expect(draftTitle('A survival analysis of our cohort. We have 2,000 patients.')).toBe('A survival analysis of our cohort');
    const long = draftTitle('We are looking for an experienced biostatistician who can plan and run the survival analysis of a large oncology cohort');
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith('…')).toBe(true);
    expect(long).toMatch(/^We are looking for an experienced biostatistician who can plan and run the\b/);
  });

  it('keeps the budget named (its top as a fixed amount) and the deadline when it has not passed, else a duration', () => {
    const base = { need: 'A survival analysis of our oncology cohort.', createdAt: '2026-11-20T08:00:00.000Z' };
    const fits = draftInput({ ...base, budget: '1000-5000', deadline: '2027-03-01' }, 'Statistical Analysis', now);
    expect(fits).toMatchObject({ service: 'Statistical Analysis', budget: { type: 'fixed', amountCents: 500_000 }, deadline: '2027-03-01', visibility: 'invite-only' });
    expect(fits.description).toBe(
      'A survival analysis of our oncology cohort.\n\nFrom your concierge request of 2026-11-20.\nBudget you named: USD 1,000 – 5,000 (this draft says USD 5,000; change it before publishing).',
    );
    const passed = draftInput({ ...base, budget: 'not-sure', deadline: '2026-11-21' }, 'Statistical Analysis', now);
    expect(passed).toMatchObject({ budget: { type: 'fixed', amountCents: 100_000 }, duration: '1-4-weeks' });
    expect(passed.deadline).toBeUndefined();
    expect(passed.description).toContain('Budget you named: Not sure yet (this draft says USD 1,000; change it before publishing).');
    expect(passed.description).toContain('Deadline you named: 2026-11-21 (passed; this draft gives a duration instead).');
  });

  it('mails where the draft is: made already, or made once the address is confirmed', () => {
    const experts = [{ id: 12, firstName: 'Pia', lastName: 'Hopper', headline: 'Survival analyst' }];
    expect(shortlistMailText({ name: 'Cora', email: 'cora@example.test' }, experts, 'Pia knows cohorts.', 'https://sciexperts.test', 40)).toBe(
      'Hello Cora,\n\nHere are the experts we picked for your request:\n\n- Pia Hopper, Survival analyst: https://sciexperts.test/experts/12-pia-hopper\n\nPia knows cohorts.\n\n' +
        'We made a project draft from your request, with these experts invited:\nhttps://sciexperts.test/projects/40\n\n' +
        'Check it, change what you like and publish it: the experts receive their invitations when you publish.\n',
    );
    expect(shortlistMailText({ name: 'Cora', email: 'cora@example.test' }, experts, 'Pia knows cohorts.', 'https://sciexperts.test', null)).toContain(
      'Sign up with this e-mail address (cora@example.test), or sign in if you have an account with it, and confirm the address: you will then find a project draft made from your request, with these experts invited, in My Projects:\nhttps://sciexperts.test/profile/my-projects\n',
    );
  });
});

describe.each(['sqlite', 'postgres'] as const)('concierge drafts over %s', (dialect) => {
  let h: Harness;
  let helpdesk: { token: string };
  let pia: Member;
  let kai: Member;
  let now = Date.now();
  const mailer = new RecordingMailer();
  const call = <T = unknown>(method: string, url: string, token: string | null, body?: unknown) => h.api<T & Body>(method, url, { token, ...(body === undefined ? {} : { body }) });

  const makeOperator = (role: OperatorRole) => signedInOperator(h, role, () => (now += 30_000));
  async function listedExpert(firstName: string, service: string): Promise<Member> {
    const m = await member(h, { firstName, lastName: 'Hopper' });
    await h.db.kysely.updateTable('users').set({ headline: `${service} expert` }).where('id', '=', m.id).execute();
    const s = await h.db.kysely.selectFrom('services').select('id').where('name', '=', service).executeTakeFirstOrThrow();
    await h.db.kysely.insertInto('offeredServices').values({ userId: m.id, serviceId: s.id, createdAt: new Date(now).toISOString() }).execute();
    return m;
  }
  const request = (email: string, need = 'A survival analysis of our oncology cohort. About 2,000 patients over ten years.') =>
    h.db.kysely
      .insertInto('conciergeRequests')
      .values({ name: 'Cora Client', email, need, budget: '1000-5000', deadline: '2099-01-01', createdAt: new Date(now - 3_600_000).toISOString(), mailedAt: null })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const shortlist = (id: number, expertIds: number[]) => call('POST', ADMIN_PATHS.conciergeShortlist.replace(':requestId', String(id)), helpdesk.token, { expertIds, note: 'Both have analysed cohorts like yours.' });
  const myProjects = async (who: Member) => (await call<ProjectList>('GET', '/api/Projects/Mine', who.token)).body.results;
  const invitationsOf = async (who: Member) => (await call<{ results: Invitation[] }>('GET', '/api/Invitations/Mine', who.token)).body.results;
  const notices = async (who: Member) => (await call<NotificationPage>('GET', '/api/Notifications', who.token)).body.results;
  const mailTo = (email: string) => mailer.sent.filter((m) => m.to === email && m.subject === 'Your SciExperts shortlist');

  beforeAll(async () => {
    h = await startAppOn(dialect, {}, { clock: () => new Date(now), mailer });
    helpdesk = await makeOperator('support');
    pia = await listedExpert('Pia', 'Statistical Analysis');
    kai = await listedExpert('Kai', 'Statistical Analysis');
  });
  afterAll(() => h?.close());

  it('gives a member with the confirmed address the draft at once, with the experts invited; they are told when it is published', async () => {
    const cora = await member(h, { firstName: 'Cora', email: `cora.${dialect}@example.test` });
    const id = await request(cora.email.toUpperCase());
    expect((await shortlist(id, [pia.id, kai.id])).status).toBe(204);

    const drafts = await myProjects(cora);
    expect(drafts).toHaveLength(1);
    const draft = drafts[0]!;
    expect(draft).toMatchObject({
      title: 'A survival analysis of our oncology cohort',
      status: 'draft',
      service: 'Statistical Analysis',
      visibility: 'invite-only',
      deadline: '2099-01-01',
      budget: { type: 'fixed', amountCents: 500_000 },
    });
    expect(draft.description.startsWith('A survival analysis of our oncology cohort. About 2,000 patients over ten years.\n\nFrom your concierge request of')).toBe(true);
    const invited = (await call<{ results: Invitation[] }>('GET', `/api/Projects/${draft.id}/Invitations`, cora.token)).body.results;
    expect(invited.map((i) => [i.expertId, i.status])).toEqual([
      [pia.id, 'invited'],
      [kai.id, 'invited'],
    ]);
    // The mail says so and links to the draft.
    await eventually(() => mailTo(cora.email.toUpperCase()).length === 1, 'the shortlist e-mail');
    const text = mailTo(cora.email.toUpperCase())[0]!.text;
    expect(text).toContain(`We made a project draft from your request, with these experts invited:\nhttp`);
    expect(text).toContain(`/projects/${draft.id}\n`);
    expect(text).toContain(`/experts/${pia.id}-pia-hopper`);

    // Held while a draft: the experts neither see the project nor hear of it.
    expect((await invitationsOf(pia)).map((i) => i.projectId)).not.toContain(draft.id);
    expect((await call('GET', `/api/Projects/${draft.id}`, pia.token)).status).toBe(404);
    expect((await notices(pia)).some((n) => n.link === `/projects/${draft.id}`)).toBe(false);

    // Sending again is refused; signing in again and claiming again make no second draft.
    expect((await shortlist(id, [pia.id])).body.message).toBe(M.shortlistSent);
    expect((await call('POST', '/api/Account/Login', null, { email: cora.email, password: cora.password })).status).toBe(200);
    expect(await claimConciergeDrafts(h.db, cora.id, new Date(now))).toEqual([]);
    expect(await myProjects(cora)).toHaveLength(1);

    // Published: each invited expert is told once and sees the project among their invitations.
    expect((await call<Project>('POST', `/api/Projects/${draft.id}/Publish`, cora.token)).body.status).toBe('open');
    for (const expert of [pia, kai]) {
      expect((await invitationsOf(expert)).filter((i) => i.projectId === draft.id)).toHaveLength(1);
      expect((await notices(expert)).filter((n) => n.type === 'invitation' && n.link === `/projects/${draft.id}`)).toHaveLength(1);
      expect((await call('GET', `/api/Projects/${draft.id}`, expert.token)).status).toBe(200);
    }
  });

  it('makes the draft when someone signs up with the address and confirms it, not before, and only once when claims race', async () => {
    const email = `newcomer.${dialect}@example.test`;
    const id = await request(email, 'Meta-analysis of twelve randomised trials on vitamin D and fractures.');
    expect((await shortlist(id, [kai.id])).status).toBe(204);
    await eventually(() => mailTo(email).length === 1, 'the shortlist e-mail');
    expect(mailTo(email)[0]!.text).toContain(`Sign up with this e-mail address (${email}), or sign in if you have an account with it, and confirm the address`);

    // Signed up, not confirmed: no draft (anyone can type an address).
    const newcomer = await unverifiedMember(h, { firstName: 'Nina', email });
    expect(await myProjects(newcomer)).toEqual([]);
    // Confirmed with the link from the welcome e-mail: the draft is there.
    const link = mailer.sent.filter((m) => m.to === email).map((m) => decodeURIComponent(/verify-email\?token=(\S+)/.exec(m.text)?.[1] ?? '')).find(Boolean)!;
    expect((await call('POST', '/api/Account/VerifyEmail', null, { token: link })).status).toBe(200);
    const drafts = await myProjects(newcomer);
    expect(drafts.map((d) => [d.title, d.status])).toEqual([['Meta-analysis of twelve randomised trials on vitamin D and fractures', 'draft']]);
    expect((await call<{ results: Invitation[] }>('GET', `/api/Projects/${drafts[0]!.id}/Invitations`, newcomer.token)).body.results.map((i) => i.expertId)).toEqual([kai.id]);

    // Two claims at once for a request not claimed yet: one draft.
    const again = await request(email, 'A second request: sensory evaluation of a new yoghurt recipe.');
    expect((await shortlist(again, [pia.id])).status).toBe(204);
    const before = (await myProjects(newcomer)).length;
    expect(before).toBe(2);
    await h.db.kysely.updateTable('conciergeRequests').set({ draftMemberId: null, draftProjectId: null }).where('id', '=', again).execute();
    await h.db.kysely.deleteFrom('projects').where('title', '=', 'A second request: sensory evaluation of a new yoghurt recipe').execute();
    const raced = await Promise.all([claimConciergeDrafts(h.db, newcomer.id, new Date(now)), claimConciergeDrafts(h.db, newcomer.id, new Date(now))]);
    expect(raced.flat()).toHaveLength(1);
    expect(await myProjects(newcomer)).toHaveLength(2);
  });

  it('holds the invitations a member makes on their own draft until it is published', async () => {
    const owner = await member(h, { firstName: 'Olive' });
    const draft = await call<Project>('POST', '/api/Projects', owner.token, {
      title: 'Shelf-life study',
      description: 'A shelf-life study of a chilled dessert over six weeks, with sensory panels.',
      service: 'Food Science and Technology',
      practiceAreas: [],
      budget: { type: 'fixed', amountCents: 300_000 },
      duration: '1-4-weeks',
      visibility: 'invite-only',
    });
    expect(draft.status).toBe(201);
    expect((await call('POST', `/api/Projects/${draft.body.id}/Invitations`, owner.token, { expertId: pia.id })).status).toBe(201);
    expect((await invitationsOf(pia)).map((i) => i.projectId)).not.toContain(draft.body.id);
    expect((await notices(pia)).some((n) => n.link === `/projects/${draft.body.id}`)).toBe(false);
    expect((await call('POST', `/api/Projects/${draft.body.id}/Publish`, owner.token)).status).toBe(200);
    expect((await invitationsOf(pia)).map((i) => i.projectId)).toContain(draft.body.id);
    expect((await notices(pia)).filter((n) => n.link === `/projects/${draft.body.id}`)).toHaveLength(1);
  });
});
