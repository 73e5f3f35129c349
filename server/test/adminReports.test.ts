// Reports cannot be flooded, and the queue never hides one (issue 42; docs/decisions/0046-report-flooding-and-honest-console.md):
// a member files at most 20 targets in 24 hours (a repeat about the same target counts once), the operators' queue
// pages through every open report (oldest first, or by how many members reported a target), and suspending a member
// from a report is one transaction with closing it.
import { ADMIN_LIMITS, ADMIN_MESSAGES as M, ADMIN_PATHS, type AdminReportsView, type AuditPageView, type OperatorRole } from '@sciexperts/shared/contracts';
import { RecordingMailer, member, startAppOn, type Harness } from './helpers';
import { signedInOperator } from './adminFixtures';

type Body = { message?: string; details?: Array<{ field?: string; message: string }> };
type Op = { id: number; email: string; token: string };
type Member = Awaited<ReturnType<typeof member>>;

const DAY = 24 * 3600_000;

describe.each(['sqlite', 'postgres'] as const)('reports and the queue over %s', (dialect) => {
  let h: Harness;
  let lead: Op;
  let second: Op;
  let helpdesk: Op;
  let now = Date.parse('2026-12-01T09:00:00Z');
  const mailer = new RecordingMailer();

  const makeOperator = (role: OperatorRole) => signedInOperator(h, role, () => (now += 30_000));
  const admin = <T = unknown>(method: string, url: string, op: Op, body?: unknown) => h.api<T & Body>(method, url, { token: op.token, ...(body === undefined ? {} : { body }) });
  const report = (who: Member, targetId: number, targetType = 'profile') => h.api<{ id: number } & Body>('POST', '/api/Reports', { token: who.token, body: { targetType, targetId, reason: 'spam' } });
  const queue = (query = '', op: Op = helpdesk) => admin<AdminReportsView>('GET', `${ADMIN_PATHS.reports}${query}`, op);
  const close = (reportId: number, op: Op = lead) => admin('POST', ADMIN_PATHS.reportClose.replace(':reportId', String(reportId)), op, { outcome: 'dismissed', reason: 'No rule broken.' });
  const suspend = (memberId: number, body: unknown) => admin('POST', ADMIN_PATHS.memberSuspend.replace(':memberId', String(memberId)), lead, body);
  const audit = async () => (await admin<AuditPageView>('GET', `${ADMIN_PATHS.audit}?limit=100`, lead)).body.entries;
  const isSuspended = async (id: number) => (await h.db.kysely.selectFrom('users').select('suspendedAt').where('id', '=', id).executeTakeFirstOrThrow()).suspendedAt !== null;
  const reportStatus = async (id: number) => (await h.db.kysely.selectFrom('reports').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    h = await startAppOn(dialect, {}, { clock: () => new Date(now), mailer });
    lead = await makeOperator('operator');
    second = await makeOperator('operator');
    helpdesk = await makeOperator('support');
  });
  afterAll(() => h?.close());

  it('takes 20 reports a day from one member, a repeat about the same target counting once, and refuses the 21st until the day has passed', async () => {
    const reporter = await member(h, { firstName: 'Rhea' });
    const targets = await Promise.all(Array.from({ length: ADMIN_LIMITS.reportsPerDay + 1 }, (_, i) => member(h, { firstName: `Target${i}` })));
    const first = await report(reporter, targets[0]!.id);
    expect(first.status).toBe(201);
    // Pressing again while it is open is the same report; closed and reported again, it is still one target.
    expect((await report(reporter, targets[0]!.id)).body.id).toBe(first.body.id);
    expect((await close(first.body.id)).status).toBe(204);
    now += 60_000;
    const again = await report(reporter, targets[0]!.id);
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    for (const t of targets.slice(1, ADMIN_LIMITS.reportsPerDay)) {
      now += 60_000;
      expect((await report(reporter, t.id)).status).toBe(201);
    }
    now += 60_000;
    const refused = await report(reporter, targets[ADMIN_LIMITS.reportsPerDay]!.id);
    expect([refused.status, refused.body.message]).toEqual([429, M.reportsPerDay]);
    expect(M.reportsPerDay).toBe('You can send up to 20 reports a day, and you have sent 20 in the last 24 hours. We review every one; please report again tomorrow.');
    // The first target's latest report frees a place 24 hours after it was filed.
    const firstAgainAt = now - (ADMIN_LIMITS.reportsPerDay) * 60_000;
    expect(Number(refused.headers.get('retry-after'))).toBe(Math.ceil((firstAgainAt + DAY - now) / 1000));
    // A target already counted today is still taken (it is the same report, or one more about the same thing).
    expect((await report(reporter, targets[1]!.id)).status).toBe(201);
    expect(await h.db.kysely.selectFrom('reports').select('id').where('targetId', '=', targets[ADMIN_LIMITS.reportsPerDay]!.id).execute()).toEqual([]);
    // Another member is not held back by this one's count.
    const other = await member(h, { firstName: 'Otto' });
    expect((await report(other, targets[ADMIN_LIMITS.reportsPerDay]!.id)).status).toBe(201);
    // The day rolls over: the first target's report ages out and the 21st target goes in.
    now = firstAgainAt + DAY + 1000;
    expect((await report(reporter, targets[ADMIN_LIMITS.reportsPerDay]!.id)).status).toBe(201);
    // A day on, the operators' 8-hour sessions are over too: they sign in again for the next tests.
    [lead, second, helpdesk] = [await makeOperator('operator'), await makeOperator('operator'), await makeOperator('support')];
  });

  it('reaches a genuine report after 203 others by paging oldest first, and first of all by how many members reported it', async () => {
    const flooder = await member(h, { firstName: 'Flo' });
    // 203 reports straight into the table (as many members could file them): the route's limit is not what is tested here.
    const at = new Date(now).toISOString();
    await h.db.kysely
      .insertInto('reports')
      .values(Array.from({ length: 203 }, (_, i) => ({ reporterId: flooder.id, targetType: 'message', targetId: 900_000 + i, subjectId: null, reason: 'spam', note: null, status: 'open', createdAt: at, closedAt: null })))
      .execute();
    now += 60_000;
    const victim = await member(h, { firstName: 'Vera' });
    const harasser = await member(h, { firstName: 'Hank' });
    const witnesses = await Promise.all([member(h, { firstName: 'Wes' }), member(h, { firstName: 'Wynn' })]);
    const genuine = await report(victim, harasser.id);
    expect(genuine.status).toBe(201);
    for (const w of witnesses) expect((await report(w, harasser.id)).status).toBe(201);

    const firstPage = (await queue()).body;
    expect(firstPage.sort).toBe('oldest');
    expect(firstPage.total).toBeGreaterThanOrEqual(206);
    expect(firstPage.reports).toHaveLength(ADMIN_LIMITS.reportsPageSize);
    expect(firstPage.pages).toBe(Math.ceil(firstPage.total / ADMIN_LIMITS.reportsPageSize));
    expect(firstPage.reports.map((r) => r.id)).not.toContain(genuine.body.id);
    // Every page in turn: each open report once, oldest first, the genuine one among them.
    const seen: AdminReportsView['reports'] = [];
    for (let page = 1; page <= firstPage.pages; page += 1) {
      const res = await queue(`?page=${page}`);
      expect([page, res.status, res.body.page]).toEqual([page, 200, page]);
      seen.push(...res.body.reports);
    }
    expect(seen).toHaveLength(firstPage.total);
    expect(new Set(seen.map((r) => r.id)).size).toBe(firstPage.total);
    expect(seen.map((r) => r.createdAt)).toEqual([...seen.map((r) => r.createdAt)].sort());
    expect(seen.find((r) => r.id === genuine.body.id)).toMatchObject({ reporter: { id: victim.id }, subject: { id: harasser.id }, reporters: 3 });
    // Past the last page: the last page.
    expect((await queue(`?page=${firstPage.pages + 5}`)).body.page).toBe(firstPage.pages);
    // By reporters: the target three members reported comes first, its three reports together.
    const byReporters = (await queue('?sort=reporters')).body;
    expect(byReporters.sort).toBe('reporters');
    expect(byReporters.reports.slice(0, 3).map((r) => [r.targetId, r.reporters])).toEqual([
      [harasser.id, 3],
      [harasser.id, 3],
      [harasser.id, 3],
    ]);
    expect(byReporters.reports[0]!.id).toBe(genuine.body.id);
    for (const bad of ['?page=0', '?page=x', '?sort=newest']) expect([bad, (await queue(bad)).status]).toEqual([bad, 400]);
    // Cleared for the next test, as operators would: the flood dismissed.
    await h.db.kysely.updateTable('reports').set({ status: 'dismissed', closedAt: at }).where('reporterId', '=', flooder.id).execute();
  });

  it('suspends the member responsible and closes the report in one transaction: a failure after the suspension leaves both undone', async () => {
    const reporter = await member(h, { firstName: 'Rita' });
    const suspect = await member(h, { firstName: 'Sid' });
    const bystander = await member(h, { firstName: 'Bea' });
    const filed = await report(reporter, suspect.id);
    const aboutBystander = await report(reporter, bystander.id);

    // The report is not about this member: 400, nothing suspended, the report still open.
    const wrong = await suspend(suspect.id, { reason: 'Scams members.', reportId: aboutBystander.body.id });
    expect([wrong.status, wrong.body.details?.[0]?.message]).toEqual([400, M.reportNotAbout]);
    expect(await isSuspended(suspect.id)).toBe(false);
    expect(await reportStatus(aboutBystander.body.id)).toBe('open');

    // Another operator closed the report meanwhile: the suspension, already written in the transaction, is undone.
    expect((await close(aboutBystander.body.id, second)).status).toBe(204);
    const late = await suspend(bystander.id, { reason: 'Scams members.', reportId: aboutBystander.body.id });
    expect([late.status, late.body.message]).toEqual([409, M.reportClosed]);
    expect(await isSuspended(bystander.id)).toBe(false);
    expect((await h.api('GET', '/api/Notifications', { token: bystander.token })).status).toBe(200);
    expect((await audit()).filter((e) => e.action === 'member.suspend' && e.objectId === String(bystander.id))).toEqual([]);

    // The one call: suspended, the report closed as acted on, both audited; gone from the queue.
    const done = await suspend(suspect.id, { reason: 'Scams members.', reportId: filed.body.id });
    expect(done.status).toBe(204);
    expect(await isSuspended(suspect.id)).toBe(true);
    expect(await reportStatus(filed.body.id)).toBe('actioned');
    const entries = await audit();
    expect(entries.find((e) => e.action === 'member.suspend' && e.objectId === String(suspect.id))).toMatchObject({ reason: 'Scams members.', operatorEmail: lead.email });
    expect(entries.find((e) => e.action === 'report.actioned' && e.objectId === String(filed.body.id))).toMatchObject({ details: `member ${suspect.id} suspended` });
    const all = (await queue(`?page=1`)).body;
    expect(all.reports.map((r) => r.id)).not.toContain(filed.body.id);
    // Support reads the queue but suspends no one.
    expect((await admin('POST', ADMIN_PATHS.memberSuspend.replace(':memberId', String(bystander.id)), helpdesk, { reason: 'x', reportId: aboutBystander.body.id })).status).toBe(403);
  });
});
