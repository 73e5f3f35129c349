import type { Contract, Invitation, InvitationList, MemberSummary, Project, ProjectList, ProjectTeaserList, Proposal, ProposalList } from '@sciexperts/shared/contracts';
import { PROJECT_MESSAGES } from '@sciexperts/shared/contracts';
import { escapeLike } from '../src/modules/projects/repository';
import { queryWords } from '../src/modules/projects/rules';
import { member, startApp, startAppOn, type Harness } from './helpers';
import { PAYMENTS_CONFIG } from './paymentsFixtures';
import { fixedProposal, makeListed, projectBody } from './projectsFixtures';

type Member = Awaited<ReturnType<typeof member>>;
type Body = { message?: string; details?: Array<{ field?: string; message: string }> };

describe('project search words', () => {
  it('splits on whitespace, lower-cases, drops control characters and repeats', () => {
    expect(queryWords('  Zebra\tFISH zebra\u0000x  ')).toEqual(['zebra', 'fish', 'x']);
    expect(queryWords('   ')).toEqual([]);
  });

  it("escapes LIKE's wildcards and its escape character", () => {
    expect(escapeLike('95%_a\\b')).toBe('95\\%\\_a\\\\b');
  });
});

describe.each(['sqlite', 'postgres'] as const)('project, proposal, invitation and contract views over %s', (dialect) => {
  let h: Harness;
  let owner: Member;
  let expert: Member;
  let invitee: Member;
  let stranger: Member;

  const call = <T = Project & Body>(method: string, url: string, token: string | null, body?: unknown) => h.api<T & Body>(method, url, { token, ...(body === undefined ? {} : { body }) });
  const create = async (over: Record<string, unknown> = {}) => {
    const created = await call('POST', '/api/Projects', owner.token, projectBody(over));
    expect(created.status).toBe(201);
    return created.body;
  };
  const openProject = async (over: Record<string, unknown> = {}) => {
    const published = await call('POST', `/api/Projects/${(await create(over)).id}/Publish`, owner.token);
    expect(published.status).toBe(200);
    return published.body;
  };
  const propose = async (projectId: number, m: Member, over: Record<string, unknown> = {}) => {
    const res = await call<Proposal>('POST', `/api/Projects/${projectId}/Proposals`, m.token, fixedProposal(over));
    expect(res.status).toBe(201);
    return res.body;
  };
  const summaryOf = (m: Member, firstName: string, extra: Partial<MemberSummary> = {}): MemberSummary => ({
    id: m.id,
    firstName,
    lastName: 'Hopper',
    slug: `${firstName.toLowerCase()}-hopper`,
    headline: '',
    profImgUrl: null,
    country: null,
    verified: false,
    ...extra,
  });
  const enriched = (body: Project) => ({ owner: body.owner, proposalCount: body.proposalCount, newProposalCount: body.newProposalCount, attachments: body.attachments, viewer: body.viewer });

  beforeAll(async () => {
    h = await startAppOn(dialect);
    owner = await member(h, { firstName: 'Olive' });
    expert = await member(h, { firstName: 'Ada' });
    invitee = await member(h, { firstName: 'Rosalind' });
    stranger = await member(h, { firstName: 'Sam' });
    await h.api('PUT', `/api/User/UpdateUser/${owner.id}`, { body: { country: 'DE' }, token: owner.token });
    await makeListed(h, expert, { country: 'GB' });
    await makeListed(h, invitee);
  });

  afterAll(() => h?.close());

  it('every project route answers with the owner, counts, attachments and the viewer', async () => {
    const ownerView = { owner: { firstName: 'Olive', country: 'DE', ratingAverage: null, reviewCount: 0 }, proposalCount: 0, newProposalCount: 0, attachments: [], viewer: { isOwner: true, proposalId: null, declinedProposalId: null, invitationId: null } };
    const created = await create();
    expect(enriched(created)).toEqual(ownerView);
    const updated = await call('PUT', `/api/Projects/${created.id}`, owner.token, projectBody({ title: 'Renamed' }));
    expect([updated.status, enriched(updated.body)]).toEqual([200, ownerView]);
    const published = await call('POST', `/api/Projects/${created.id}/Publish`, owner.token);
    expect([published.status, enriched(published.body)]).toEqual([200, ownerView]);
    const got = await call('GET', `/api/Projects/${created.id}`, owner.token);
    expect(enriched(got.body)).toEqual(ownerView);
    const mine = await call<ProjectList>('GET', '/api/Projects/Mine', owner.token);
    expect(enriched(mine.body.results.find((p) => p.id === created.id)!)).toEqual(ownerView);
    const listedForExpert = await call<ProjectList>('GET', '/api/Projects', expert.token);
    expect(enriched(listedForExpert.body.results.find((p) => p.id === created.id)!)).toEqual({ ...ownerView, viewer: { isOwner: false, proposalId: null, declinedProposalId: null, invitationId: null } });
    const cancelled = await call('POST', `/api/Projects/${created.id}/Cancel`, owner.token);
    expect([cancelled.status, cancelled.body.status, enriched(cancelled.body)]).toEqual([200, 'cancelled', ownerView]);

    const started = await openProject();
    const proposal = await propose(started.id, expert);
    expect((await call('POST', `/api/Proposals/${proposal.id}/Hire`, owner.token)).status).toBe(200);
    const completed = await call('POST', `/api/Projects/${started.id}/Complete`, owner.token);
    expect([completed.status, enriched(completed.body)]).toEqual([200, { ...ownerView, proposalCount: 1 }]);
    // The hired expert still finds their proposal on the project.
    expect((await call('GET', `/api/Projects/${started.id}`, expert.token)).body.viewer).toEqual({ isOwner: false, proposalId: proposal.id, declinedProposalId: null, invitationId: null });
  });

  it('counts proposals (withdrawn ones not; new = still submitted) and tells each viewer their own', async () => {
    const p = await openProject();
    const fromExpert = await propose(p.id, expert);
    const fromInvitee = await propose(p.id, invitee);
    const fromStranger = await propose(p.id, stranger);
    expect((await call('POST', `/api/Proposals/${fromInvitee.id}/Withdraw`, invitee.token)).status).toBe(200);
    expect((await call('POST', `/api/Proposals/${fromStranger.id}/Shortlist`, owner.token)).status).toBe(200);
    const seenBy = async (m: Member) => (await call('GET', `/api/Projects/${p.id}`, m.token)).body;
    expect(await seenBy(owner)).toMatchObject({ proposalCount: 2, newProposalCount: 1, viewer: { isOwner: true, proposalId: null, declinedProposalId: null, invitationId: null } });
    expect((await seenBy(expert)).viewer).toEqual({ isOwner: false, proposalId: fromExpert.id, declinedProposalId: null, invitationId: null });
    expect((await seenBy(stranger)).viewer).toEqual({ isOwner: false, proposalId: fromStranger.id, declinedProposalId: null, invitationId: null });
    // A withdrawn proposal is not the viewer's place on the project any more.
    expect((await seenBy(invitee)).viewer).toEqual({ isOwner: false, proposalId: null, declinedProposalId: null, invitationId: null });
    const list = await call<ProjectList>('GET', '/api/Projects', expert.token);
    expect(list.body.results.find((x) => x.id === p.id)).toMatchObject({ proposalCount: 2, newProposalCount: 1, viewer: { proposalId: fromExpert.id } });
  });

  it('tells an invited expert their invitation, until they decline it', async () => {
    const p = await openProject({ visibility: 'invite-only' });
    const invited = await call<Invitation>('POST', `/api/Projects/${p.id}/Invitations`, owner.token, { expertId: invitee.id });
    expect(invited.status).toBe(201);
    expect((await call('GET', `/api/Projects/${p.id}`, invitee.token)).body.viewer).toEqual({ isOwner: false, proposalId: null, declinedProposalId: null, invitationId: invited.body.id });
    const sent = await propose(p.id, invitee);
    expect((await call('GET', `/api/Projects/${p.id}`, invitee.token)).body.viewer).toEqual({ isOwner: false, proposalId: sent.id, declinedProposalId: null, invitationId: invited.body.id });
    expect((await call('POST', `/api/Invitations/${invited.body.id}/Decline`, invitee.token)).status).toBe(200);
    // Still visible (they proposed), no longer invited.
    expect((await call('GET', `/api/Projects/${p.id}`, invitee.token)).body.viewer).toEqual({ isOwner: false, proposalId: sent.id, declinedProposalId: null, invitationId: null });
  });

  it("tells an expert their declined proposal until they send another, and nobody else its reason", async () => {
    const p = await openProject();
    const first = await propose(p.id, expert);
    expect((await call<Proposal>('POST', `/api/Proposals/${first.id}/Decline`, owner.token, { reason: 'We chose a lab nearby.' })).status).toBe(200);
    const seenBy = async (m: Member) => (await call('GET', `/api/Projects/${p.id}`, m.token)).body.viewer;
    expect(await seenBy(expert)).toEqual({ isOwner: false, proposalId: null, declinedProposalId: first.id, invitationId: null });
    // The reason reaches the author and the owner, on every route that answers the proposal to them.
    expect((await call<Proposal>('GET', `/api/Proposals/${first.id}`, expert.token)).body.declineReason).toBe('We chose a lab nearby.');
    expect((await call<ProposalList>('GET', '/api/Proposals/Mine', expert.token)).body.results.find((x) => x.id === first.id)?.declineReason).toBe('We chose a lab nearby.');
    expect((await call<ProposalList>('GET', `/api/Projects/${p.id}/Proposals`, owner.token)).body.results.find((x) => x.id === first.id)?.declineReason).toBe('We chose a lab nearby.');
    // Anyone else: no such proposal, no pointer to it, nothing in their own lists.
    expect(await seenBy(owner)).toEqual({ isOwner: true, proposalId: null, declinedProposalId: null, invitationId: null });
    expect(await seenBy(stranger)).toEqual({ isOwner: false, proposalId: null, declinedProposalId: null, invitationId: null });
    const asStranger = await call<Proposal>('GET', `/api/Proposals/${first.id}`, stranger.token);
    expect([asStranger.status, JSON.stringify(asStranger.body).includes('lab nearby')]).toEqual([404, false]);
    expect(JSON.stringify((await call<ProposalList>('GET', '/api/Proposals/Mine', stranger.token)).body)).not.toContain('lab nearby');
    expect((await call('GET', `/api/Projects/${p.id}/Proposals`, stranger.token)).status).toBe(403);
    // Another expert declined on the same project points them at their own proposal only.
    const fromStranger = await propose(p.id, stranger);
    expect((await call('POST', `/api/Proposals/${fromStranger.id}/Decline`, owner.token, {})).status).toBe(200);
    expect((await seenBy(stranger)).declinedProposalId).toBe(fromStranger.id);
    expect((await seenBy(expert)).declinedProposalId).toBe(first.id);
    // A new proposal replaces the declined one; withdrawing it leaves the latest withdrawn, not declined.
    const second = await propose(p.id, expert);
    expect(await seenBy(expert)).toEqual({ isOwner: false, proposalId: second.id, declinedProposalId: null, invitationId: null });
    expect((await call('POST', `/api/Proposals/${second.id}/Withdraw`, expert.token)).status).toBe(200);
    expect(await seenBy(expert)).toEqual({ isOwner: false, proposalId: null, declinedProposalId: null, invitationId: null });
  });

  it('a project carries no fee rate when the platform takes no payments', async () => {
    expect((await create()).fee).toBeNull();
  });

  it('proposals carry their expert and project on every route', async () => {
    const p = await openProject({ title: 'Proposal views' });
    const expertSummary = summaryOf(expert, 'Ada', { headline: 'Biostatistician', country: 'GB' });
    const project = { id: p.id, title: 'Proposal views', status: 'open' };
    const sent = await propose(p.id, expert);
    expect([sent.expert, sent.project]).toEqual([expertSummary, project]);
    const check = (res: { status: number; body: Proposal }, status = 200) => expect([res.status, res.body.expert, res.body.project]).toEqual([status, expertSummary, project]);
    check(await call<Proposal>('GET', `/api/Proposals/${sent.id}`, owner.token));
    check(await call<Proposal>('PUT', `/api/Proposals/${sent.id}`, expert.token, fixedProposal({ coverLetter: 'Edited' })));
    check(await call<Proposal>('POST', `/api/Proposals/${sent.id}/Shortlist`, owner.token));
    const ofProject = await call<ProposalList>('GET', `/api/Projects/${p.id}/Proposals`, owner.token);
    expect(ofProject.body.results.map((x) => [x.expert, x.project])).toEqual([[expertSummary, project]]);
    const mine = await call<ProposalList>('GET', '/api/Proposals/Mine', expert.token);
    expect(mine.body.results.find((x) => x.id === sent.id)).toMatchObject({ expert: expertSummary, project });
    check(await call<Proposal>('POST', `/api/Proposals/${sent.id}/Decline`, owner.token, { reason: 'No' }));
    const again = await propose(p.id, expert);
    check(await call<Proposal>('POST', `/api/Proposals/${again.id}/Withdraw`, expert.token));
  });

  it('invitations carry the expert and the project with its owner’s first name', async () => {
    const p = await openProject({ title: 'Invitation views', visibility: 'invite-only' });
    const inviteeSummary = summaryOf(invitee, 'Rosalind', { headline: 'Biostatistician' });
    const project = { id: p.id, title: 'Invitation views', status: 'open', ownerFirstName: 'Olive' };
    const invited = await call<Invitation>('POST', `/api/Projects/${p.id}/Invitations`, owner.token, { expertId: invitee.id });
    expect([invited.body.expert, invited.body.project]).toEqual([inviteeSummary, project]);
    const ofProject = await call<InvitationList>('GET', `/api/Projects/${p.id}/Invitations`, owner.token);
    expect(ofProject.body.results.map((i) => [i.expert, i.project])).toEqual([[inviteeSummary, project]]);
    const mine = await call<InvitationList>('GET', '/api/Invitations/Mine', invitee.token);
    expect(mine.body.results.find((i) => i.id === invited.body.id)).toMatchObject({ expert: inviteeSummary, project });
    const declined = await call<Invitation>('POST', `/api/Invitations/${invited.body.id}/Decline`, invitee.token);
    expect(declined.body).toMatchObject({ status: 'declined', expert: inviteeSummary, project });
  });

  it('contracts carry the project title, the client and the expert (hire answer and list)', async () => {
    const p = await openProject({ title: 'Contract views' });
    const sent = await propose(p.id, expert);
    const hired = await call<Contract>('POST', `/api/Proposals/${sent.id}/Hire`, owner.token);
    const parties = { projectTitle: 'Contract views', client: summaryOf(owner, 'Olive', { country: 'DE' }), expert: summaryOf(expert, 'Ada', { headline: 'Biostatistician', country: 'GB' }) };
    expect(hired.status).toBe(200);
    expect(hired.body).toMatchObject(parties);
    for (const m of [owner, expert]) {
      const list = await call<{ results: Contract[] }>('GET', '/api/Contracts/Mine', m.token);
      expect(list.body.results.find((c) => c.projectId === p.id)).toMatchObject(parties);
    }
  });
});

describe.each(['sqlite', 'postgres'] as const)('project list filters over %s', (dialect) => {
  let h: Harness;
  let owner: Member;
  let dataScientist: Member;
  let newcomer: Member;

  const call = <T = Project & Body>(method: string, url: string, token: string | null, body?: unknown) => h.api<T & Body>(method, url, { token, ...(body === undefined ? {} : { body }) });
  const openProject = async (over: Record<string, unknown>) => {
    const created = await call('POST', '/api/Projects', owner.token, projectBody(over));
    expect(created.status).toBe(201);
    return (await call('POST', `/api/Projects/${created.body.id}/Publish`, owner.token)).body;
  };
  const titles = async (query: string, token: string | null = newcomer.token) => {
    const res = await call<ProjectList>('GET', `/api/Projects?${query}`, token);
    expect([query, res.status]).toEqual([query, 200]);
    return res.body.results.map((p) => p.title).sort();
  };
  const longText = (text: string) => `${text} The rest of the description is long enough to pass the minimum length rule.`;

  beforeAll(async () => {
    h = await startAppOn(dialect);
    owner = await member(h, { firstName: 'Olive' });
    dataScientist = await member(h, { firstName: 'Ada' });
    newcomer = await member(h, { firstName: 'Nia' });
    const services = await h.api('POST', `/api/User/BulkAddServices/${dataScientist.id}`, {
      body: { services: [{ serviceName: 'Data Science', practiceAreaNames: ['Machine Learning'] }] },
      token: dataScientist.token,
    });
    expect(services.status).toBe(200);
    await openProject({ title: 'Zebrafish growth model', description: longText('Kinetics of larval development.'), service: 'Data Science', practiceAreas: [] });
    await openProject({ title: 'Zebrafish imaging', description: longText('Microscopy pipeline.'), service: 'Statistical Analysis' });
    await openProject({ title: 'Yield of 95% in batch_7 reactors', description: longText('Process data.'), service: 'Statistical Analysis' });
    await openProject({ title: 'Yield of 958 in batchX7 reactors', description: longText('Process data.'), service: 'Statistical Analysis' });
    await openProject({ title: 'Paths like C:\\data\\raw', description: longText('Windows exports.'), service: 'Data Science', practiceAreas: [] });
    await openProject({ title: 'Hidden zebrafish', description: longText('Invite only.'), visibility: 'invite-only' });
  });

  afterAll(() => h?.close());

  it('q: every word must occur, in any case, in the title or the description (prefix or inside a word)', async () => {
    expect(await titles('q=zebrafish')).toEqual(['Zebrafish growth model', 'Zebrafish imaging']);
    expect(await titles('q=ZEBRA%20kinetics')).toEqual(['Zebrafish growth model']);
    expect(await titles('q=ebraf')).toEqual(['Zebrafish growth model', 'Zebrafish imaging']);
    expect(await titles('q=%20%20zebra%09%09microscopy%20')).toEqual(['Zebrafish imaging']);
    expect(await titles('q=zebra%20nowhere')).toEqual([]);
    expect(await titles('q=')).toHaveLength(5);
    // With the other filters.
    expect(await titles('q=zebra&service=Data%20Science')).toEqual(['Zebrafish growth model']);
  });

  it("q: %, _ and \\ match only themselves", async () => {
    expect(await titles(`q=${encodeURIComponent('95%')}`)).toEqual(['Yield of 95% in batch_7 reactors']);
    expect(await titles(`q=${encodeURIComponent('batch_7')}`)).toEqual(['Yield of 95% in batch_7 reactors']);
    expect(await titles(`q=${encodeURIComponent('%')}`)).toEqual(['Yield of 95% in batch_7 reactors']);
    expect(await titles(`q=${encodeURIComponent('_')}`)).toEqual(['Yield of 95% in batch_7 reactors']);
    expect(await titles(`q=${encodeURIComponent('C:\\data')}`)).toEqual(['Paths like C:\\data\\raw']);
    expect(await titles(`q=${encodeURIComponent('\\')}`)).toEqual(['Paths like C:\\data\\raw']);
  });

  it('q: at most 200 characters', async () => {
    expect(await titles(`q=${encodeURIComponent(`${'zz '.repeat(66)}zz`)}`)).toEqual([]);
    const res = await call('GET', `/api/Projects?q=${'a'.repeat(201)}`, newcomer.token);
    expect(res.status).toBe(400);
    expect(res.body.details?.[0]?.field).toBe('q');
  });

  it('matching=mine: only the services the member offers; none when they offer none', async () => {
    expect(await titles('matching=mine', dataScientist.token)).toEqual(['Paths like C:\\data\\raw', 'Zebrafish growth model']);
    expect(await titles('matching=mine&q=zebrafish', dataScientist.token)).toEqual(['Zebrafish growth model']);
    const none = await call<ProjectList>('GET', '/api/Projects?matching=mine', newcomer.token);
    expect(none.body).toMatchObject({ total: 0, results: [] });
    for (const value of ['theirs', 'MINE', 'mine ']) {
      const res = await call('GET', `/api/Projects?matching=${encodeURIComponent(value)}`, dataScientist.token);
      expect([value, res.status, res.body.details]).toEqual([value, 400, [{ field: 'matching', message: PROJECT_MESSAGES.matchingInvalid }]]);
    }
  });

  it('the signed-out list accepts q and refuses matching', async () => {
    const teaser = await call<ProjectTeaserList>('GET', '/api/Projects/Public?q=zebrafish', null);
    expect(teaser.status).toBe(200);
    expect(teaser.body.results.map((t) => t.title).sort()).toEqual(['Zebrafish growth model', 'Zebrafish imaging']);
    const refused = await call('GET', '/api/Projects/Public?matching=mine', null);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: PROJECT_MESSAGES.matchingSignedIn, details: [{ field: 'matching', message: PROJECT_MESSAGES.matchingSignedIn }] });
  });
});

describe('the fee rate a project carries', () => {
  let h: Harness;
  afterAll(() => h?.close());

  it('is the configured PLATFORM_FEE_BPS on every project route, for the owner and for experts', async () => {
    h = await startApp({ payments: { ...PAYMENTS_CONFIG, feeBasisPoints: 1250 } });
    const owner = await member(h, { firstName: 'Olive' });
    const expert = await member(h, { firstName: 'Ada' });
    const created = await h.api<Project>('POST', '/api/Projects', { token: owner.token, body: projectBody() });
    expect(created.body.fee).toEqual({ basisPoints: 1250 });
    const published = await h.api<Project>('POST', `/api/Projects/${created.body.id}/Publish`, { token: owner.token });
    expect(published.body.fee).toEqual({ basisPoints: 1250 });
    expect((await h.api<Project>('GET', `/api/Projects/${created.body.id}`, { token: expert.token })).body.fee).toEqual({ basisPoints: 1250 });
    expect((await h.api<ProjectList>('GET', '/api/Projects', { token: expert.token })).body.results[0]?.fee).toEqual({ basisPoints: 1250 });
  });
});
