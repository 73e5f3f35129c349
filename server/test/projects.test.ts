import type { Contract, Invitation, Project, ProjectList, ProjectTeaserList, Proposal, ProposalList } from '@sciexperts/shared/contracts';
import { PROJECT_MESSAGES } from '@sciexperts/shared/contracts';
import { member, startAppOn, type Harness } from './helpers';
import { DESCRIPTION, fixedProposal, future, makeListed, projectBody } from './projectsFixtures';

type Member = Awaited<ReturnType<typeof member>>;
type Body = { message?: string; details?: Array<{ field?: string; message: string }> };

describe.each(['sqlite', 'postgres'] as const)('projects and proposals over %s', (dialect) => {
  let h: Harness;
  let owner: Member;
  let expert: Member;
  let rival: Member;
  let stranger: Member;

  const call = <T = Project & Body>(method: string, url: string, token: string | null, body?: unknown) => h.api<T & Body>(method, url, { token, ...(body === undefined ? {} : { body }) });
  const listed = (m: Member) => makeListed(h, m);
  const openProject = async (over: Record<string, unknown> = {}) => {
    const created = await call('POST', '/api/Projects', owner.token, projectBody(over));
    expect(created.status).toBe(201);
    const published = await call('POST', `/api/Projects/${created.body.id}/Publish`, owner.token);
    expect(published.status).toBe(200);
    return published.body;
  };
  const propose = (projectId: number, m: Member, over: Record<string, unknown> = {}) => call<Proposal>('POST', `/api/Projects/${projectId}/Proposals`, m.token, fixedProposal(over));
  const status = async (projectId: number) => (await call('GET', `/api/Projects/${projectId}`, owner.token)).body.status;
  const proposalStatus = async (id: number, m: Member) => (await call<Proposal>('GET', `/api/Proposals/${id}`, m.token)).body.status;

  beforeAll(async () => {
    h = await startAppOn(dialect);
    owner = await member(h, { firstName: 'Olive' });
    expert = await member(h, { firstName: 'Ada' });
    rival = await member(h, { firstName: 'Rosalind' });
    stranger = await member(h, { firstName: 'Sam' });
    await listed(expert);
    await listed(rival);
  });

  afterAll(() => h?.close());

  it('saves, updates and publishes a draft; only the owner sees a draft', async () => {
    const created = await call('POST', '/api/Projects', owner.token, projectBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', ownerId: owner.id, budget: { type: 'fixed', amountCents: 500_000, minCents: null, currency: 'USD' }, publishedAt: null });
    const id = created.body.id;
    expect((await call('GET', `/api/Projects/${id}`, expert.token)).status).toBe(404);
    const updated = await call('PUT', `/api/Projects/${id}`, owner.token, projectBody({ title: 'New title', budget: { type: 'hourly', minCents: 8000, maxCents: 12000 } }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'New title', budget: { type: 'hourly', amountCents: null, minCents: 8000, maxCents: 12000 } });
    const published = await call('POST', `/api/Projects/${id}/Publish`, owner.token);
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('open');
    expect(published.body.publishedAt).not.toBeNull();
    // Illegal now: a second publish, and changing a published project.
    expect((await call('POST', `/api/Projects/${id}/Publish`, owner.token)).status).toBe(409);
    expect((await call('PUT', `/api/Projects/${id}`, owner.token, projectBody({ title: 'Changed' }))).status).toBe(409);
    expect((await call('POST', `/api/Projects/${id}/Complete`, owner.token)).status).toBe(409);
    const after = await call('GET', `/api/Projects/${id}`, expert.token);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ title: 'New title', status: 'open' });
  });

  it('refuses to publish a draft whose deadline has passed (400, still a draft)', async () => {
    const created = await call('POST', '/api/Projects', owner.token, projectBody({ duration: undefined, deadline: future(1) }));
    await h.db.kysely.updateTable('projects').set({ deadline: '2020-01-01' }).where('id', '=', created.body.id).execute();
    const res = await call('POST', `/api/Projects/${created.body.id}/Publish`, owner.token);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'deadline', message: PROJECT_MESSAGES.dateInPast }]);
    expect(await status(created.body.id)).toBe('draft');
  });

  it('refuses bad projects with 400 naming the field', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ description: 'too short' }, 'description'],
      [{ service: 'Astrology' }, 'service'],
      [{ practiceAreas: ['Machine Learning'] }, 'practiceAreas'],
      [{ budget: { type: 'fixed' } }, 'budget.amountCents'],
      [{ budget: { type: 'hourly', minCents: 5000, maxCents: 100 } }, 'budget.minCents'],
      [{ budget: { type: 'fixed', amountCents: 1.5 } }, 'budget.amountCents'],
      [{ budget: { type: 'fixed', amountCents: 100, currency: 'EUR' } }, 'budget.currency'],
      [{ duration: undefined, deadline: '2020-01-01' }, 'deadline'],
      [{ duration: undefined, deadline: '2030-02-30' }, 'deadline'],
      [{ deadline: future(5) }, 'duration'],
      [{ visibility: 'secret' }, 'visibility'],
      [{ description: 'x'.repeat(5001) }, 'description'],
      [{ description: `${DESCRIPTION}\u0007` }, 'description'],
      [{ title: 'Bell\u0007' }, 'title'],
      [{ title: '   ' }, 'title'],
    ];
    for (const [over, field] of bad) {
      const res = await call('POST', '/api/Projects', owner.token, projectBody(over));
      expect([res.status, field, res.body.details?.map((d) => d.field)]).toEqual([400, field, expect.arrayContaining([field])]);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const withDeadline = await call('POST', '/api/Projects', owner.token, projectBody({ duration: undefined, deadline: future(0) }));
    expect(withDeadline.status).toBe(201);
    expect((await call('POST', '/api/Projects', null, projectBody())).status).toBe(401);
  });

  it('lists open public projects for members (filters, newest first) and a teaser list for visitors', async () => {
    const a = await openProject({ title: 'Listing A', service: 'Data Science', practiceAreas: ['Machine Learning'], budget: { type: 'fixed', amountCents: 100_000 } });
    const b = await openProject({ title: 'Listing B', service: 'Data Science', practiceAreas: [], budget: { type: 'hourly', minCents: 5_000, maxCents: 9_000 } });
    const hidden = await openProject({ title: 'Listing hidden', service: 'Data Science', visibility: 'invite-only', practiceAreas: [] });
    const draft = await call('POST', '/api/Projects', owner.token, projectBody({ title: 'Listing draft', service: 'Data Science', practiceAreas: [] }));
    const list = await call<ProjectList>('GET', '/api/Projects?service=Data%20Science', expert.token);
    expect(list.status).toBe(200);
    expect(list.body.results.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(list.body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.body.results.map((p) => p.id)).not.toContain(hidden.id);
    expect(list.body.results.map((p) => p.id)).not.toContain(draft.body.id);
    const hourly = await call<ProjectList>('GET', '/api/Projects?service=Data%20Science&budgetType=hourly', expert.token);
    expect(hourly.body.results.map((p) => p.id)).toEqual([b.id]);
    const range = await call<ProjectList>('GET', '/api/Projects?service=Data%20Science&minBudget=50000', expert.token);
    expect(range.body.results.map((p) => p.id)).toEqual([a.id]);
    const cheap = await call<ProjectList>('GET', '/api/Projects?service=Data%20Science&maxBudget=6000', expert.token);
    expect(cheap.body.results.map((p) => p.id)).toEqual([b.id]);
    const since = await call<ProjectList>(`GET`, `/api/Projects?service=Data%20Science&postedSince=${future(1)}`, expert.token);
    expect(since.body.total).toBe(0);
    for (const q of ['service=Astrology', 'budgetType=weekly', 'minBudget=-1', 'maxBudget=abc', 'minBudget=10&maxBudget=5', 'postedSince=2026-13-01', 'page=0', 'page=1001', 'other=1']) {
      const res = await call('GET', `/api/Projects?${q}`, expert.token);
      expect([q, res.status]).toEqual([q, 400]);
    }
    expect((await call('GET', '/api/Projects', null)).status).toBe(401);
    const teaser = await call<ProjectTeaserList>('GET', '/api/Projects/Public?service=Data%20Science', null);
    expect(teaser.status).toBe(200);
    expect(teaser.body.results).toHaveLength(2);
    for (const t of teaser.body.results) expect(Object.keys(t).sort()).toEqual(['budget', 'postedAt', 'service', 'title']);
    expect(teaser.body.results[0]).toMatchObject({ title: 'Listing B', budget: { type: 'hourly', minCents: 5000, maxCents: 9000 } });
  });

  it('pages the list like the directory: 20 a page, a page past the end is empty with the real total', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 21; i += 1) ids.push((await openProject({ title: `Paged ${i}`, service: 'Scientific Editing', practiceAreas: [] })).id);
    const page1 = await call<ProjectList>('GET', '/api/Projects?service=Scientific%20Editing', expert.token);
    const page2 = await call<ProjectList>('GET', '/api/Projects?service=Scientific%20Editing&page=2', expert.token);
    const page3 = await call<ProjectTeaserList>('GET', '/api/Projects/Public?service=Scientific%20Editing&page=3', null);
    expect(page1.body).toMatchObject({ total: 21, page: 1, pageSize: 20 });
    expect([...page1.body.results, ...page2.body.results].map((p) => p.id)).toEqual([...ids].reverse());
    expect(page3.body).toMatchObject({ total: 21, page: 3, results: [] });
  });

  it('shows an invite-only project only to its owner and invited experts; invitations need a listed expert', async () => {
    const p = await openProject({ visibility: 'invite-only' });
    expect((await call('GET', `/api/Projects/${p.id}`, expert.token)).status).toBe(404);
    expect((await propose(p.id, expert)).status).toBe(404);
    // Only the owner invites, only listed experts, once.
    expect((await call('POST', `/api/Projects/${p.id}/Invitations`, stranger.token, { expertId: expert.id })).status).toBe(404);
    const unlisted = await call('POST', `/api/Projects/${p.id}/Invitations`, owner.token, { expertId: stranger.id });
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.details?.[0]?.field).toBe('expertId');
    expect((await call('POST', `/api/Projects/${p.id}/Invitations`, owner.token, { expertId: owner.id })).status).toBe(400);
    const invited = await call<Invitation>('POST', `/api/Projects/${p.id}/Invitations`, owner.token, { expertId: expert.id });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ projectId: p.id, expertId: expert.id, status: 'invited' });
    expect((await call('POST', `/api/Projects/${p.id}/Invitations`, owner.token, { expertId: expert.id })).status).toBe(409);
    expect((await call('GET', `/api/Projects/${p.id}`, expert.token)).status).toBe(200);
    expect((await call('GET', `/api/Projects/${p.id}`, rival.token)).status).toBe(404);
    const mine = await call<{ results: Invitation[] }>('GET', '/api/Invitations/Mine', expert.token);
    expect(mine.body.results.map((i) => i.id)).toContain(invited.body.id);
    const ownersList = await call<{ results: Invitation[] }>('GET', `/api/Projects/${p.id}/Invitations`, owner.token);
    expect(ownersList.body.results.map((i) => i.id)).toEqual([invited.body.id]);
    // Declining: someone else's invitation is a 404; a second decline a 409; then the project is hidden again.
    expect((await call('POST', `/api/Invitations/${invited.body.id}/Decline`, rival.token)).status).toBe(404);
    expect((await call('POST', `/api/Invitations/${invited.body.id}/Decline`, owner.token)).status).toBe(404);
    const declined = await call<Invitation>('POST', `/api/Invitations/${invited.body.id}/Decline`, expert.token);
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    expect((await call('POST', `/api/Invitations/${invited.body.id}/Decline`, expert.token)).status).toBe(409);
    expect((await call('GET', `/api/Projects/${p.id}`, expert.token)).status).toBe(404);
    // Invited and proposing: the invited expert can send a proposal.
    await call('POST', `/api/Projects/${p.id}/Invitations`, owner.token, { expertId: rival.id });
    expect((await propose(p.id, rival)).status).toBe(201);
    const teaser = await call<ProjectTeaserList>('GET', '/api/Projects/Public', null);
    expect(teaser.body.results.map((t) => t.title)).not.toContain('Listing hidden');
  });

  it('owner-only and author-only actions answer 403 or 404 for anyone else', async () => {
    const p = await openProject();
    const draft = await call('POST', '/api/Projects', owner.token, projectBody());
    for (const [method, path] of [['PUT', `/api/Projects/${p.id}`], ['POST', `/api/Projects/${p.id}/Publish`], ['POST', `/api/Projects/${p.id}/Cancel`], ['POST', `/api/Projects/${p.id}/Complete`], ['GET', `/api/Projects/${p.id}/Proposals`], ['GET', `/api/Projects/${p.id}/Invitations`]] as const) {
      const res = await call(method, path, stranger.token, method === 'PUT' ? projectBody() : undefined);
      expect([path, res.status]).toEqual([path, 403]);
      // A draft (and any project the member cannot see) does not exist for them.
      const hiddenRes = await call(method, path.replace(String(p.id), String(draft.body.id)), stranger.token, method === 'PUT' ? projectBody() : undefined);
      expect([path, hiddenRes.status]).toEqual([path, 404]);
    }
    expect((await call('GET', '/api/Projects/999999', stranger.token)).status).toBe(404);
    expect((await call('GET', '/api/Projects/abc', stranger.token)).status).toBe(400);
    expect((await propose(p.id, owner)).status).toBe(403);
    const sent = await propose(p.id, expert);
    expect(sent.status).toBe(201);
    const id = sent.body.id;
    // Nobody but the author and the owner knows of a proposal.
    for (const m of [stranger, rival]) {
      expect((await call('GET', `/api/Proposals/${id}`, m.token)).status).toBe(404);
      expect((await call('PUT', `/api/Proposals/${id}`, m.token, fixedProposal())).status).toBe(404);
      for (const action of ['Withdraw', 'Shortlist', 'Decline', 'Hire']) expect((await call('POST', `/api/Proposals/${id}/${action}`, m.token, action === 'Decline' ? {} : undefined)).status).toBe(404);
    }
    expect((await call('GET', `/api/Proposals/${id}`, owner.token)).status).toBe(200);
    // The owner may not edit or withdraw it; the author may not decide on it.
    expect((await call('PUT', `/api/Proposals/${id}`, owner.token, fixedProposal())).status).toBe(403);
    expect((await call('POST', `/api/Proposals/${id}/Withdraw`, owner.token)).status).toBe(403);
    for (const action of ['Shortlist', 'Decline', 'Hire']) expect((await call('POST', `/api/Proposals/${id}/${action}`, expert.token, action === 'Decline' ? {} : undefined)).status).toBe(403);
    expect(await proposalStatus(id, expert)).toBe('submitted');
    const mine = await call<ProposalList>('GET', '/api/Proposals/Mine', expert.token);
    expect(mine.body.results.map((x) => x.id)).toContain(id);
    expect((await call<ProposalList>('GET', '/api/Proposals/Mine', stranger.token)).body.results.map((x) => x.id)).not.toContain(id);
  });

  it('checks proposals: milestone sums name the difference, one live proposal per expert', async () => {
    const p = await openProject();
    const short = await propose(p.id, expert, { priceCents: 350_000 });
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual([{ field: 'milestones', message: 'The milestones add up to $3,000.00, $500.00 less than the total of $3,500.00.' }]);
    const over = await propose(p.id, expert, { priceCents: 250_000 });
    expect(over.body.details?.[0]?.message).toBe('The milestones add up to $3,000.00, $500.00 more than the total of $2,500.00.');
    expect((await propose(p.id, expert, { milestones: [] })).body.details?.[0]?.message).toBe(PROJECT_MESSAGES.milestonesRequired);
    expect((await propose(p.id, expert, { milestones: undefined })).status).toBe(400);
    expect((await propose(p.id, expert, { milestones: [{ title: 'All', amountCents: 300_000, dueDate: '2020-01-01' }] })).body.details?.[0]?.field).toBe('milestones.0.dueDate');
    expect((await propose(p.id, expert, { priceType: 'hourly', priceCents: 9000 })).body.details?.[0]?.message).toBe(PROJECT_MESSAGES.milestonesHourly);
    expect((await propose(p.id, expert, { coverLetter: 'x'.repeat(5001) })).status).toBe(400);
    const hourly = await propose(p.id, expert, { priceType: 'hourly', priceCents: 9000, milestones: undefined });
    expect(hourly.status).toBe(201);
    expect(hourly.body).toMatchObject({ status: 'submitted', milestones: [], priceType: 'hourly' });
    expect((await propose(p.id, expert)).status).toBe(409);
    // Edited while live; withdrawn; then a new one may be sent.
    const edited = await call<Proposal>('PUT', `/api/Proposals/${hourly.body.id}`, expert.token, fixedProposal());
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ priceType: 'fixed', priceCents: 300_000, milestones: [{ title: 'Draft SAP' }, { title: 'Final SAP' }] });
    expect((await call('PUT', `/api/Proposals/${hourly.body.id}`, expert.token, fixedProposal({ priceCents: 1 }))).status).toBe(400);
    expect((await call('POST', `/api/Proposals/${hourly.body.id}/Withdraw`, expert.token)).body.status).toBe('withdrawn');
    expect((await call('POST', `/api/Proposals/${hourly.body.id}/Withdraw`, expert.token)).status).toBe(409);
    expect((await call('PUT', `/api/Proposals/${hourly.body.id}`, expert.token, fixedProposal())).status).toBe(409);
    expect(await proposalStatus(hourly.body.id, expert)).toBe('withdrawn');
    expect((await propose(p.id, expert)).status).toBe(201);
  });

  it('walks the proposal states: shortlist, decline with a reason, illegal moves 409 and change nothing', async () => {
    const p = await openProject();
    const a = (await propose(p.id, expert)).body;
    const b = (await propose(p.id, rival)).body;
    const shortlisted = await call<Proposal>('POST', `/api/Proposals/${a.id}/Shortlist`, owner.token);
    expect(shortlisted.body.status).toBe('shortlisted');
    expect((await call('POST', `/api/Proposals/${a.id}/Shortlist`, owner.token)).status).toBe(409);
    const declined = await call<Proposal>('POST', `/api/Proposals/${b.id}/Decline`, owner.token, { reason: 'Budget too high' });
    expect(declined.body).toMatchObject({ status: 'declined', declineReason: 'Budget too high' });
    for (const action of ['Shortlist', 'Decline', 'Hire']) {
      expect((await call('POST', `/api/Proposals/${b.id}/${action}`, owner.token, action === 'Decline' ? {} : undefined)).status).toBe(409);
    }
    expect((await call('POST', `/api/Proposals/${b.id}/Withdraw`, rival.token)).status).toBe(409);
    expect((await call('PUT', `/api/Proposals/${b.id}`, rival.token, fixedProposal())).status).toBe(409);
    expect(await proposalStatus(b.id, rival)).toBe('declined');
    expect(await status(p.id)).toBe('open');
    expect((await call('POST', `/api/Proposals/${a.id}/Decline`, owner.token, { reason: 'x'.repeat(1001) })).status).toBe(400);
    // Decline without a body: no reason.
    const c = (await propose(p.id, stranger)).body;
    const bare = await h.app.inject({ method: 'POST', url: `/api/Proposals/${c.id}/Decline`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(bare.statusCode).toBe(200);
    expect(JSON.parse(bare.body)).toMatchObject({ status: 'declined', declineReason: null });
    // Cancelling closes the project: no more proposals or decisions.
    expect((await call('POST', `/api/Projects/${p.id}/Cancel`, owner.token)).body.status).toBe('cancelled');
    expect((await call('POST', `/api/Projects/${p.id}/Cancel`, owner.token)).status).toBe(409);
    expect((await call('POST', `/api/Projects/${p.id}/Publish`, owner.token)).status).toBe(409);
    expect((await call('POST', `/api/Proposals/${a.id}/Hire`, owner.token)).status).toBe(409);
    expect((await propose(p.id, stranger)).status).toBe(409);
    expect(await status(p.id)).toBe('cancelled');
    expect(await proposalStatus(a.id, expert)).toBe('shortlisted');
  });

  it('hires in one transaction: contract with milestone rows, project in progress, others declined; then complete', async () => {
    const p = await openProject();
    const a = (await propose(p.id, expert)).body;
    const b = (await propose(p.id, rival, { priceType: 'hourly', priceCents: 9000, milestones: undefined })).body;
    const hired = await call<Contract>('POST', `/api/Proposals/${a.id}/Hire`, owner.token);
    expect(hired.status).toBe(200);
    expect(hired.body).toMatchObject({ projectId: p.id, proposalId: a.id, clientId: owner.id, expertId: expert.id, priceType: 'fixed', priceCents: 300_000, status: 'active' });
    expect(hired.body.milestones.map((m) => [m.position, m.title, m.amountCents, m.status])).toEqual([[1, 'Draft SAP', 100_000, 'pending'], [2, 'Final SAP', 200_000, 'pending']]);
    expect(await status(p.id)).toBe('in-progress');
    expect(await proposalStatus(a.id, expert)).toBe('hired');
    expect(await proposalStatus(b.id, rival)).toBe('declined');
    expect((await propose(p.id, stranger)).status).toBe(409);
    expect((await call('POST', `/api/Proposals/${a.id}/Withdraw`, expert.token)).status).toBe(409);
    expect((await call('POST', `/api/Projects/${p.id}/Cancel`, owner.token)).status).toBe(409);
    for (const m of [owner, expert]) {
      const contracts = await call<{ results: Contract[] }>('GET', '/api/Contracts/Mine', m.token);
      expect(contracts.body.results.filter((c) => c.projectId === p.id)).toHaveLength(1);
    }
    expect((await call<{ results: Contract[] }>('GET', '/api/Contracts/Mine', stranger.token)).body.results).toEqual([]);
    expect((await call('POST', `/api/Projects/${p.id}/Complete`, owner.token)).body.status).toBe('completed');
    expect((await call('POST', `/api/Projects/${p.id}/Complete`, owner.token)).status).toBe(409);
  });

  it('two concurrent hires hire once: one 200, one 409, one contract', async () => {
    for (let round = 0; round < 3; round += 1) {
      const p = await openProject();
      const a = (await propose(p.id, expert)).body;
      const b = (await propose(p.id, rival)).body;
      const [x, y] = await Promise.all([call('POST', `/api/Proposals/${a.id}/Hire`, owner.token), call('POST', `/api/Proposals/${b.id}/Hire`, owner.token)]);
      expect([x.status, y.status].sort()).toEqual([200, 409]);
      const contracts = await h.db.kysely.selectFrom('contracts').selectAll().where('projectId', '=', p.id).execute();
      expect(contracts).toHaveLength(1);
      const statuses = [await proposalStatus(a.id, expert), await proposalStatus(b.id, rival)].sort();
      expect(statuses).toEqual(['declined', 'hired']);
      // The same proposal twice at once: still once.
      const q = await openProject();
      const c = (await propose(q.id, expert)).body;
      const both = await Promise.all([call('POST', `/api/Proposals/${c.id}/Hire`, owner.token), call('POST', `/api/Proposals/${c.id}/Hire`, owner.token)]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await h.db.kysely.selectFrom('contracts').selectAll().where('projectId', '=', q.id).execute()).toHaveLength(1);
    }
  });

  it('a proposal racing a hire is either declined with the rest or refused (409), never left live', async () => {
    for (let round = 0; round < 3; round += 1) {
      const p = await openProject();
      const a = (await propose(p.id, expert)).body;
      const [hired, late] = await Promise.all([call('POST', `/api/Proposals/${a.id}/Hire`, owner.token), propose(p.id, rival)]);
      expect(hired.status).toBe(200);
      expect([201, 409]).toContain(late.status);
      const live = await h.db.kysely.selectFrom('proposals').select('id').where('projectId', '=', p.id).where('status', 'in', ['submitted', 'shortlisted']).execute();
      expect(live).toEqual([]);
    }
  });
});
