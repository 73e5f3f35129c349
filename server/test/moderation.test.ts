// Moderation short of a suspension (docs/decisions/0037-operators-console.md, "Moderation: hiding"): members report
// profiles, projects and proposals; operators hide a project or a profile (from a report, which closes as acted on,
// or on its own) and unhide it, each with a reason, an audit entry and an e-mail. The routes' authorization is in
// admin.test.ts (every admin path with no token, a member's, an expired session and each wrong role).
import { ADMIN_MESSAGES as M, ADMIN_PATHS, type AdminMembersView, type AdminReportsView, type AuditPageView, type OperatorRole, type Project, type PublicExpertProfile } from '@sciexperts/shared/contracts';
import { RecordingMailer, eventually, member, startAppOn, type Harness } from './helpers';
import { hiredContract, type Member } from './paymentsFixtures';
import { fixedProposal, future, makeListed, projectBody } from './projectsFixtures';
import { signedInOperator } from './adminFixtures';

type Body = { message?: string; details?: Array<{ field?: string; message: string }> };
type Op = { id: number; email: string; token: string };

describe.each(['sqlite', 'postgres'] as const)('moderation over %s', (dialect) => {
  let h: Harness;
  let lead: Op;
  let helpdesk: Op;
  let now = Date.now();
  const mailer = new RecordingMailer();

  const makeOperator = (role: OperatorRole) => signedInOperator(h, role, () => (now += 30_000));

  const admin = <T = unknown>(method: string, url: string, op: Op, body?: unknown) => h.api<T & Body>(method, url, { token: op.token, ...(body === undefined ? {} : { body }) });
  const report = (who: Member, body: unknown) => h.api<{ id: number } & Body>('POST', '/api/Reports', { token: who.token, body });
  const audit = async () => (await admin<AuditPageView>('GET', ADMIN_PATHS.audit, lead)).body.entries;
  const publishedProject = async (owner: Member, over: Record<string, unknown> = {}) => {
    const made = await h.api<{ id: number }>('POST', '/api/Projects', { token: owner.token, body: projectBody(over) });
    expect((await h.api('POST', `/api/Projects/${made.body.id}/Publish`, { token: owner.token })).status).toBe(200);
    return made.body.id;
  };
  const listIds = async (who: Member | null, q?: string) =>
    (await h.api<{ results: Array<{ id: number }> }>('GET', `/api/Projects${q ? `?q=${encodeURIComponent(q)}` : ''}`, { token: who?.token ?? null })).body.results.map((p) => p.id);
  const hideProject = (id: number, body: unknown, op: Op = lead) => admin('POST', ADMIN_PATHS.projectHide.replace(':projectId', String(id)), op, body);
  const unhideProject = (id: number, body: unknown) => admin('POST', ADMIN_PATHS.projectUnhide.replace(':projectId', String(id)), lead, body);
  const hideProfile = (id: number, body: unknown, op: Op = lead) => admin('POST', ADMIN_PATHS.memberHideProfile.replace(':memberId', String(id)), op, body);
  const unhideProfile = (id: number, body: unknown) => admin('POST', ADMIN_PATHS.memberUnhideProfile.replace(':memberId', String(id)), lead, body);

  beforeAll(async () => {
    h = await startAppOn(dialect, {}, { clock: () => new Date(now), mailer });
    lead = await makeOperator('operator');
    helpdesk = await makeOperator('support');
  });
  afterAll(() => h?.close());

  it('takes reports of a profile, a project and a proposal the member can see, refuses their own, and 404s the unknown', async () => {
    const owner = await member(h, { firstName: 'Orla' });
    const expert = await member(h, { firstName: 'Ezra' });
    const visitor = await member(h, { firstName: 'Vic' });
    await makeListed(h, expert);
    const projectId = await publishedProject(owner);
    const proposal = await h.api<{ id: number }>('POST', `/api/Projects/${projectId}/Proposals`, { token: expert.token, body: fixedProposal({ coverLetter: 'Pay me in gift cards first.' }) });
    expect(proposal.status).toBe(201);

    const profile = await report(visitor, { targetType: 'profile', targetId: expert.id, reason: 'fraud', note: 'Fake degrees.' });
    const project = await report(expert, { targetType: 'project', targetId: projectId, reason: 'spam' });
    const letter = await report(owner, { targetType: 'proposal', targetId: proposal.body.id, reason: 'fraud' });
    for (const made of [profile, project, letter]) expect([made.status, made.body.message]).toEqual([201, M.reportSent]);
    const queue = (await admin<AdminReportsView>('GET', ADMIN_PATHS.reports, helpdesk)).body.reports;
    expect(queue.find((r) => r.id === profile.body.id)).toMatchObject({ targetType: 'profile', subject: { id: expert.id }, reporter: { id: visitor.id }, note: 'Fake degrees.', excerpt: 'Ezra Hopper: Biostatistician' });
    expect(queue.find((r) => r.id === project.body.id)).toMatchObject({ targetType: 'project', subject: { id: owner.id }, excerpt: 'SAP for a phase II trial' });
    expect(queue.find((r) => r.id === letter.body.id)).toMatchObject({ targetType: 'proposal', subject: { id: expert.id }, excerpt: 'Pay me in gift cards first.' });

    // One's own profile or project: 400 with the reason why.
    for (const [who, body] of [
      [expert, { targetType: 'profile', targetId: expert.id, reason: 'spam' }],
      [owner, { targetType: 'project', targetId: projectId, reason: 'spam' }],
    ] as const) {
      const own = await report(who, body);
      expect([own.status, own.body.message]).toEqual([400, M.reportOwn]);
    }
    // Nothing there, or nothing this member can see: the same 404.
    for (const targetType of ['profile', 'project', 'proposal', 'message'] as const) {
      const none = await report(visitor, { targetType, targetId: 987_654, reason: 'spam' });
      expect([targetType, none.status, none.body.message]).toEqual([targetType, 404, M.reportNotFound]);
    }
    expect((await report(visitor, { targetType: 'proposal', targetId: proposal.body.id, reason: 'spam' })).status).toBe(404);
    const draft = (await h.api<{ id: number }>('POST', '/api/Projects', { token: owner.token, body: projectBody() })).body.id;
    expect((await report(visitor, { targetType: 'project', targetId: draft, reason: 'spam' })).status).toBe(404);
    expect((await report(visitor, { targetType: 'video', targetId: projectId, reason: 'spam' })).status).toBe(400);
  });

  it('hides a project from a report: out of the list and search, 404 for others, the owner reads why; then unhides it', async () => {
    const owner = await member(h, { firstName: 'Fergus' });
    const reporter = await member(h, { firstName: 'Rhea' });
    const hiredExpert = await member(h, { firstName: 'Hal' });
    const invitee = await member(h, { firstName: 'Ines' });
    await makeListed(h, invitee);
    const projectId = await publishedProject(owner, { title: 'Crypto miracle cure trial' });
    expect((await h.api('POST', `/api/Projects/${projectId}/Invitations`, { token: owner.token, body: { expertId: invitee.id } })).status).toBe(201);
    const invitations = async () => (await h.api<{ results: Array<{ projectId: number }> }>('GET', '/api/Invitations/Mine', { token: invitee.token })).body.results.map((i) => i.projectId);
    expect(await invitations()).toEqual([projectId]);
    const { contractId } = await hiredContract(h, owner, hiredExpert, [10_000]);
    const inProgress = (await h.db.kysely.selectFrom('contracts').select('projectId').where('id', '=', contractId).executeTakeFirstOrThrow()).projectId;
    expect(await listIds(reporter, 'miracle')).toEqual([projectId]);
    const filed = await report(reporter, { targetType: 'project', targetId: projectId, reason: 'fraud', note: 'Sells a cure.' });
    const other = await report(reporter, { targetType: 'profile', targetId: owner.id, reason: 'spam' });

    // A reason is required; the report must be about this project; an unknown project is 404.
    expect((await hideProject(projectId, { reason: '  ' })).status).toBe(400);
    const mismatch = await hideProject(projectId, { reason: 'Fraud.', reportId: other.body.id });
    expect([mismatch.status, mismatch.body.details?.[0]?.message]).toEqual([400, M.reportNotAbout]);
    expect((await hideProject(987_654, { reason: 'Fraud.' })).body.message).toBe(M.noProject);
    expect((await hideProject(projectId, { reason: 'Fraud.', extra: 1 })).status).toBe(400);
    expect((await listIds(reporter)).includes(projectId)).toBe(true);

    const reason = 'Promises a medical cure for money: against the rules on health claims.';
    expect((await hideProject(projectId, { reason, reportId: filed.body.id })).status).toBe(204);
    const again = await hideProject(projectId, { reason: 'Again.' });
    expect([again.status, again.body.message]).toEqual([409, M.projectHiddenAlready]);

    // Gone from the members' list, its search, the visitors' list, and its page for others.
    expect(await listIds(reporter)).not.toContain(projectId);
    expect(await listIds(reporter, 'miracle')).toEqual([]);
    const teasers = await h.api<{ results: Array<{ title: string }> }>('GET', '/api/Projects/Public');
    expect(teasers.body.results.map((t) => t.title)).not.toContain('Crypto miracle cure trial');
    expect((await h.api('GET', `/api/Projects/${projectId}`, { token: reporter.token })).status).toBe(404);
    expect((await h.api('POST', `/api/Projects/${projectId}/Proposals`, { token: reporter.token, body: fixedProposal() })).status).toBe(404);
    expect((await report(reporter, { targetType: 'project', targetId: projectId, reason: 'spam' })).status).toBe(404);
    // An expert it invited no longer finds the invitation (its page is not found for them either).
    expect(await invitations()).toEqual([]);
    // The owner still has it, with the reason, and their account works as before.
    const mine = await h.api<Project>('GET', `/api/Projects/${projectId}`, { token: owner.token });
    expect([mine.status, mine.body.hiddenBySciExperts?.reason]).toEqual([200, reason]);
    expect((await h.api<Project[]>('GET', '/api/Projects/Mine', { token: owner.token })).status).toBe(200);
    expect((await h.api('GET', '/api/Notifications', { token: owner.token })).status).toBe(200);
    await eventually(() => mailer.sent.some((m) => m.to === owner.email && m.subject === 'Your SciExperts project is hidden' && m.text.includes(`Reason: ${reason}`)), 'the hiding e-mail');

    // The report is closed as acted on, and a second hide on it is stale.
    expect((await admin<AdminReportsView>('GET', ADMIN_PATHS.reports, lead)).body.reports.map((r) => r.id)).not.toContain(filed.body.id);
    const row = await h.db.kysely.selectFrom('reports').select('status').where('id', '=', filed.body.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('actioned');
    expect((await admin('POST', ADMIN_PATHS.reportClose.replace(':reportId', String(filed.body.id)), lead, { outcome: 'dismissed', reason: 'x' })).body.message).toBe(M.reportClosed);

    // A project in progress, hidden, stays with the expert hired on it; others get 404. Contracts are untouched.
    expect((await hideProject(inProgress, { reason: 'Duplicate of a removed listing.' })).status).toBe(204);
    expect((await h.api('GET', `/api/Projects/${inProgress}`, { token: hiredExpert.token })).status).toBe(200);
    expect((await h.api('GET', `/api/Projects/${inProgress}`, { token: reporter.token })).status).toBe(404);
    const contracts = await h.api<{ results: Array<{ id: number; status: string }> }>('GET', '/api/Contracts/Mine', { token: hiredExpert.token });
    expect(contracts.body.results.find((c) => c.id === contractId)?.status).toBe('active');

    expect((await unhideProject(projectId, { reason: '' })).status).toBe(400);
    expect((await unhideProject(projectId, { reason: 'Appeal: the owner removed the claim.' })).status).toBe(204);
    const stale = await unhideProject(projectId, { reason: 'Again.' });
    expect([stale.status, stale.body.message]).toEqual([409, M.projectNotHidden]);
    expect(await listIds(reporter, 'miracle')).toEqual([projectId]);
    expect(await invitations()).toEqual([projectId]);
    expect((await h.api<Project>('GET', `/api/Projects/${projectId}`, { token: owner.token })).body.hiddenBySciExperts).toBeUndefined();
    await eventually(() => mailer.sent.some((m) => m.to === owner.email && m.subject === 'Your SciExperts project is visible again'), 'the unhiding e-mail');

    const entries = await audit();
    expect(entries.find((e) => e.action === 'project.hide' && e.objectId === String(projectId))).toMatchObject({ objectType: 'project', reason, operatorEmail: lead.email });
    expect(entries.find((e) => e.action === 'report.actioned' && e.objectId === String(filed.body.id))).toMatchObject({ reason, details: `project ${projectId} hidden` });
    expect(entries.find((e) => e.action === 'project.unhide' && e.objectId === String(projectId))).toMatchObject({ reason: 'Appeal: the owner removed the claim.' });
    // The console's member page lists the owner's projects with their hiding.
    const found = (await admin<AdminMembersView>('GET', `${ADMIN_PATHS.members}?q=${encodeURIComponent(owner.email)}`, helpdesk)).body.members[0]!;
    expect(found.projects.find((p) => p.id === inProgress)).toMatchObject({ status: 'in-progress', hidden: { reason: 'Duplicate of a removed listing.' } });
    expect(found.projects.find((p) => p.id === projectId)).toMatchObject({ hidden: null });
  });

  it('hides a profile from the directory (not listed, 404 to others, the account works) and shows it again', async () => {
    const expert = await member(h, { firstName: 'Quentin', lastName: 'Quackenbush' });
    const client = await member(h, { firstName: 'Cora' });
    await makeListed(h, expert);
    const search = async () => (await h.api<{ results: Array<{ id: number }> }>('GET', '/api/Experts/Search?q=Quackenbush')).body.results.map((r) => r.id);
    const sitemap = async () => (await fetch(`${h.base}/sitemap.xml`)).text();
    expect(await search()).toEqual([expert.id]);
    const filed = await report(client, { targetType: 'profile', targetId: expert.id, reason: 'fraud' });

    const reason = 'Claims a doctorate the university has no record of.';
    expect((await hideProfile(expert.id, { reason, reportId: filed.body.id })).status).toBe(204);
    const again = await hideProfile(expert.id, { reason: 'Again.' });
    expect([again.status, again.body.message]).toEqual([409, M.profileHiddenAlready]);
    expect((await hideProfile(987_654, { reason })).body.message).toBe(M.noMember);

    expect(await search()).toEqual([]);
    expect(await sitemap()).not.toContain(`/experts/${expert.id}-`);
    expect((await h.api('GET', `/api/Experts/${expert.id}`)).status).toBe(404);
    expect((await h.api('GET', `/api/Experts/${expert.id}`, { token: client.token })).status).toBe(404);
    expect((await h.api('GET', `/api/User/GetUserById/${expert.id}`, { token: client.token })).status).toBe(404);
    expect((await report(client, { targetType: 'profile', targetId: expert.id, reason: 'spam' })).status).toBe(404);
    // The member reads their own profile with the reason, and otherwise works as before: signing in, sending proposals.
    const own = await h.api<PublicExpertProfile>('GET', `/api/Experts/${expert.id}`, { token: expert.token });
    expect([own.status, own.body.isHidden, own.body.hiddenBySciExperts]).toEqual([200, true, reason]);
    expect((await h.api('POST', '/api/Account/Login', { body: { email: expert.email, password: expert.password } })).status).toBe(200);
    const projectId = await publishedProject(client);
    expect((await h.api('POST', `/api/Projects/${projectId}/Proposals`, { token: expert.token, body: fixedProposal() })).status).toBe(201);
    // The concierge's shortlist takes listed experts only (isListed).
    const asked = await h.api<{ id: number }>('POST', '/api/Concierge/Request', {
      body: { name: 'Cora Client', email: `cora.${Date.now()}@example.test`, need: 'A survival analysis of a cohort of 2,000 patients.', budget: '1000-5000', deadline: future(30, now) },
    });
    const shortlist = await admin('POST', ADMIN_PATHS.conciergeShortlist.replace(':requestId', String(asked.body.id)), lead, { expertIds: [expert.id], note: 'Our pick.' });
    expect([shortlist.status, shortlist.body.details?.[0]?.message]).toEqual([400, M.shortlistExperts]);
    await eventually(() => mailer.sent.some((m) => m.to === expert.email && m.subject === 'Your SciExperts profile is hidden from the directory' && m.text.includes(`Reason: ${reason}`)), 'the hiding e-mail');
    const found = (await admin<AdminMembersView>('GET', `${ADMIN_PATHS.members}?q=Quackenbush`, lead)).body.members[0]!;
    expect(found.profileHidden).toMatchObject({ reason });
    expect(found.suspended).toBeNull();

    // Editing the profile while hidden does not list it again (isListed checks the mark).
    expect((await h.api('PUT', `/api/User/UpdateUser/${expert.id}`, { token: expert.token, body: { headline: 'Senior biostatistician' } })).status).toBe(200);
    expect(await search()).toEqual([]);

    const stale = await unhideProfile(client.id, { reason: 'Nothing hidden.' });
    expect([stale.status, stale.body.message]).toEqual([409, M.profileNotHidden]);
    expect((await unhideProfile(expert.id, { reason: 'Records confirmed by the university.' })).status).toBe(204);
    expect(await search()).toEqual([expert.id]);
    expect((await h.api('GET', `/api/Experts/${expert.id}`)).status).toBe(200);
    expect(await sitemap()).toContain(`/experts/${expert.id}-`);
    const entries = await audit();
    expect(entries.find((e) => e.action === 'profile.hide' && e.objectId === String(expert.id))).toMatchObject({ objectType: 'member', reason });
    expect(entries.find((e) => e.action === 'report.actioned' && e.objectId === String(filed.body.id))).toMatchObject({ details: `profile ${expert.id} hidden` });
    expect(entries.find((e) => e.action === 'profile.unhide' && e.objectId === String(expert.id))).toMatchObject({ reason: 'Records confirmed by the university.' });
  });

  it('hides once when two operators press at the same time, and keeps the report closed once', async () => {
    const owner = await member(h, { firstName: 'Twin' });
    const reporter = await member(h, { firstName: 'Ria' });
    const projectId = await publishedProject(owner);
    const filed = await report(reporter, { targetType: 'project', targetId: projectId, reason: 'spam' });
    const second = await makeOperator('operator');
    const answers = await Promise.all([hideProject(projectId, { reason: 'Spam.', reportId: filed.body.id }), hideProject(projectId, { reason: 'Spam too.', reportId: filed.body.id }, second)]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 409]);
    const entries = (await audit()).filter((e) => (e.action === 'project.hide' && e.objectId === String(projectId)) || (e.action === 'report.actioned' && e.objectId === String(filed.body.id)));
    expect(entries).toHaveLength(2);
    // Support reads reports but does not hide.
    expect((await hideProfile(owner.id, { reason: 'x' }, helpdesk)).status).toBe(403);
  });
});
