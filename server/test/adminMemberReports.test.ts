// A member's page in the console lists the reports about them (open and closed: what was reported, the reason, the
// date, the status) and how many they filed; for the roles that read reports (operators and support), not finance.
import { ADMIN_PATHS, type AdminMembersView, type OperatorRole } from '@sciexperts/shared/contracts';
import { member, startAppOn, type Harness } from './helpers';
import type { Member } from './paymentsFixtures';
import { fixedProposal, makeListed, projectBody } from './projectsFixtures';
import { signedInOperator } from './adminFixtures';

type Op = { token: string };

describe.each(['sqlite', 'postgres'] as const)("a member's reports in the console over %s", (dialect) => {
  let h: Harness;
  let now = Date.parse('2026-11-20T09:00:00.000Z');
  const ops = {} as Record<OperatorRole, Op>;

  const makeOperator = (role: OperatorRole) => signedInOperator(h, role, () => (now += 30_000));
  const report = async (who: Member, body: unknown) => {
    now += 60_000;
    const made = await h.api<{ id: number }>('POST', '/api/Reports', { token: who.token, body });
    expect(made.status).toBe(201);
    return made.body.id;
  };
  const find = async (q: string, op: Op) => {
    const found = await h.api<AdminMembersView>('GET', `${ADMIN_PATHS.members}?q=${encodeURIComponent(q)}`, { token: op.token });
    expect(found.status).toBe(200);
    return found.body.members;
  };

  beforeAll(async () => {
    h = await startAppOn(dialect, {}, { clock: () => new Date(now) });
    for (const role of ['operator', 'finance', 'support'] as const) ops[role] = await makeOperator(role);
  });
  afterAll(() => h?.close());

  it('lists the reports about the member, newest first with their target, reason, date and status, and counts those they filed', async () => {
    const owner = await member(h, { firstName: 'Orla', lastName: 'Reportson' });
    const expert = await member(h, { firstName: 'Ezra', lastName: 'Reportson' });
    const visitor = await member(h, { firstName: 'Vic', lastName: 'Quietly' });
    await makeListed(h, expert);
    const project = await h.api<{ id: number }>('POST', '/api/Projects', { token: owner.token, body: projectBody({ title: 'Soil carbon survey' }) });
    expect((await h.api('POST', `/api/Projects/${project.body.id}/Publish`, { token: owner.token })).status).toBe(200);
    const proposal = await h.api<{ id: number }>('POST', `/api/Projects/${project.body.id}/Proposals`, { token: expert.token, body: fixedProposal({ coverLetter: 'Pay me in gift cards first.' }) });
    expect(proposal.status).toBe(201);

    const aboutProfile = await report(visitor, { targetType: 'profile', targetId: expert.id, reason: 'fraud', note: 'Fake degrees.' });
    const profileFiledAt = new Date(now).toISOString();
    const aboutProposal = await report(owner, { targetType: 'proposal', targetId: proposal.body.id, reason: 'spam' });
    const proposalFiledAt = new Date(now).toISOString();
    const aboutProject = await report(expert, { targetType: 'project', targetId: project.body.id, reason: 'inappropriate' });
    now += 60_000;
    const closedAt = new Date(now).toISOString();
    const close = await h.api('POST', ADMIN_PATHS.reportClose.replace(':reportId', String(aboutProfile)), { token: ops.operator.token, body: { outcome: 'dismissed', reason: 'The degrees check out.' } });
    expect(close.status).toBe(204);

    const [ezra] = await find('Ezra Reportson', ops.support);
    expect(ezra!.reports).toEqual({
      aboutCount: 2,
      filed: 1,
      about: [
        { id: aboutProposal, targetType: 'proposal', targetId: proposal.body.id, target: 'Pay me in gift cards first.', reason: 'spam', note: null, status: 'open', createdAt: proposalFiledAt, closedAt: null },
        { id: aboutProfile, targetType: 'profile', targetId: expert.id, target: 'Ezra Reportson: Biostatistician', reason: 'fraud', note: 'Fake degrees.', status: 'dismissed', createdAt: profileFiledAt, closedAt },
      ],
    });
    const [orla] = await find('Orla Reportson', ops.operator);
    expect(orla!.reports).toMatchObject({ aboutCount: 1, filed: 1, about: [{ id: aboutProject, targetType: 'project', target: 'Soil carbon survey', reason: 'inappropriate', status: 'open' }] });
    const [vic] = await find('Vic Quietly', ops.operator);
    expect(vic!.reports).toEqual({ aboutCount: 0, filed: 1, about: [] });

    // Finance reads members (for disputes and money) but not reports.
    expect((await find('Reportson', ops.finance)).map((m) => m.reports)).toEqual([null, null]);
  });

  it('lists the newest twenty about a member and counts them all', async () => {
    const subject = await member(h, { firstName: 'Many', lastName: 'Reported' });
    await makeListed(h, subject);
    const reporters = await Promise.all(Array.from({ length: 21 }, (_, i) => member(h, { firstName: `Reporter${i}`, lastName: 'Busy' })));
    const ids: number[] = [];
    for (const reporter of reporters) ids.push(await report(reporter, { targetType: 'profile', targetId: subject.id, reason: 'spam' }));
    const [found] = await find('Many Reported', ops.support);
    expect(found!.reports!.aboutCount).toBe(21);
    expect(found!.reports!.about.map((r) => r.id)).toEqual(ids.slice(1).reverse());
  });
});
