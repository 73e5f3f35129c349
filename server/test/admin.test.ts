import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES as M,
  ADMIN_PATHS,
  disputeResolvedMessage,
  type AdminSessionView,
  type AuditPageView,
  type ContractFile,
  type DisputeDetailView,
  type DisputeQueueView,
  type DisputeStatementsView,
  type AdminMembersView,
  type MoneyOverviewView,
  type AdminReportsView,
  type ConciergeQueueView,
  type OperatorRole,
  type ResolveDisputeResult,
  type Workspace,
} from '@sciexperts/shared/contracts';
import { totpCode } from '../src/auth/secondFactor';
import { runOperatorCommand } from '../src/modules/admin/command';
import { openOperatorSession } from '../src/modules/admin/operators';
import { ACCOUNTS, balance } from '../src/modules/payments/ledger';
import { refreshExpertSearch } from '../src/modules/directory/searchIndex';
import { chatClients, connected, disconnected } from './chatClient';
import { RecordingMailer, eventually, member, startAppOn, unverifiedMember, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, deliver, hiredContract, ledgerProblems, paid, type Member } from './paymentsFixtures';
import { SAMPLES, fixedProposal, projectBody } from './projectsFixtures';

type Body = { message?: string; details?: Array<{ field?: string; message: string }> };
interface Op {
  id: number;
  email: string;
  token: string;
  secret: string;
  role: OperatorRole;
}

const STEP_MS = 30_000;

describe.each(['sqlite', 'postgres'] as const)('operators console over %s', (dialect) => {
  let h: Harness;
  let provider: FakeProvider;
  let client: Member;
  let expert: Member;
  let stranger: Member;
  let call: ReturnType<typeof caller>;
  let lead: Op;
  let money: Op;
  let helpdesk: Op;
  /** The TOTP clock: each sign-in takes a fresh 30-second step (a code is accepted once per step). */
  let now = Date.now();
  const mailer = new RecordingMailer();

  const { socket, closeAll } = chatClients(() => h.base);
  const admin = <T = unknown>(method: string, url: string, token: string | null, body?: unknown) =>
    h.api<T & Body>(method, url, { token, ...(body === undefined ? {} : { body }) });

  async function makeOperator(role: OperatorRole): Promise<Op> {
    const lines: string[] = [];
    const email = `${role}.${Math.random().toString(36).slice(2)}@sciexperts.test`;
    expect(await runOperatorCommand(['create-operator', email, role], { db: h.db, hasher: h.app.ctx.hasher, out: (l) => lines.push(l) })).toBe(0);
    const password = /One-time password.*: (\S+)$/m.exec(lines.join('\n'))![1]!;
    const setup = await admin<AdminSessionView>('POST', ADMIN_PATHS.session, null, { email, password });
    expect(setup.body.status).toBe('setup-required');
    const secret = setup.body.enrolment!.secret;
    now += STEP_MS;
    const signedIn = await admin<AdminSessionView>('POST', ADMIN_PATHS.session, null, { email, password, code: totpCode(secret, now) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.status).toBe('signed-in');
    expect(signedIn.body.recoveryCodes).toHaveLength(10);
    // The one-time password opens nothing else until replaced (operatorSignIn.test.ts): replaced at once.
    const changed = await admin('POST', ADMIN_PATHS.password, signedIn.body.token!, { currentPassword: password, newPassword: `${password}-chosen` });
    expect(changed.status).toBe(204);
    return { id: signedIn.body.operator!.id, email, token: signedIn.body.token!, secret, role };
  }

  const funded = async (milestoneId: number, amountCents: number) => {
    const started = await call<{ paymentId: number }>('POST', `/api/Milestones/${milestoneId}/Fund`, client);
    expect(started.status).toBe(200);
    expect((await deliver(h, paid(started.body.paymentId, amountCents))).status).toBe(200);
  };
  const disputed = async (amounts: number[]) => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, amounts);
    for (const [i, id] of milestoneIds.entries()) {
      await funded(id, amounts[i]!);
      expect((await call('POST', `/api/Milestones/${id}/Submit`, expert, { body: { note: 'Delivered.' } })).status).toBe(200);
      expect((await call('POST', `/api/Milestones/${id}/Dispute`, client, { body: { note: 'The analysis is missing.' } })).status).toBe(200);
    }
    return { contractId, milestoneIds };
  };
  const resolve = (milestoneId: number, op: Op, body: Record<string, unknown>) => admin<ResolveDisputeResult>('POST', ADMIN_PATHS.disputeResolve.replace(':milestoneId', String(milestoneId)), op.token, body);
  const audit = async (op: Op = lead) => (await admin<AuditPageView>('GET', ADMIN_PATHS.audit, op.token)).body.entries;

  beforeAll(async () => {
    provider = new FakeProvider();
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: provider, clock: () => new Date(now), mailer });
    call = caller(h);
    client = await member(h, { firstName: 'Olive' });
    expert = await member(h, { firstName: 'Ada' });
    stranger = await member(h, { firstName: 'Sam' });
    lead = await makeOperator('operator');
    money = await makeOperator('finance');
    helpdesk = await makeOperator('support');
  });
  afterAll(() => h?.close());
  afterEach(closeAll);
  afterEach(async () => expect(await ledgerProblems(h.db)).toEqual([]));

  it('makes operators only with the command, and signs them in with password and the second factor', async () => {
    const lines: string[] = [];
    const run = (args: string[]) => runOperatorCommand(args, { db: h.db, hasher: h.app.ctx.hasher, out: (l) => lines.push(l) });
    expect(await run(['create-operator', 'x@sciexperts.test'])).toBe(2);
    expect(await run(['create-operator', 'x@sciexperts.test', 'admin'])).toBe(2);
    expect(await run(['create-operator', 'not-an-email', 'support'])).toBe(2);
    expect(await run(['create-operator', lead.email.toUpperCase(), 'support'])).toBe(1);
    // No member route makes one: signing up with an operator's address makes a member, who still cannot sign in here.
    const wrong = await admin('POST', ADMIN_PATHS.session, null, { email: lead.email, password: 'guess' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(M.signInFailed);
    // A member's credentials are no operator's.
    expect((await admin('POST', ADMIN_PATHS.session, null, { email: client.email, password: client.password })).status).toBe(401);
  });

  it('asks for the code once the second factor is on, and refuses a wrong or reused one', async () => {
    const lines: string[] = [];
    const email = `second.${Date.now()}@sciexperts.test`;
    await runOperatorCommand(['create-operator', email, 'support'], { db: h.db, hasher: h.app.ctx.hasher, out: (l) => lines.push(l) });
    const password = /One-time password.*: (\S+)$/m.exec(lines.join('\n'))![1]!;
    const setup = await admin<AdminSessionView>('POST', ADMIN_PATHS.session, null, { email, password });
    const secret = setup.body.enrolment!.secret;
    // A wrong code does not finish the setup.
    expect((await admin('POST', ADMIN_PATHS.session, null, { email, password, code: '000000' === totpCode(secret, now) ? '111111' : '000000' })).status).toBe(401);
    now += STEP_MS;
    const first = await admin<AdminSessionView>('POST', ADMIN_PATHS.session, null, { email, password, code: totpCode(secret, now) });
    expect(first.body.status).toBe('signed-in');
    const noCode = await admin<AdminSessionView>('POST', ADMIN_PATHS.session, null, { email, password });
    expect(noCode.body).toEqual({ status: 'code-required' });
    // The same code again (the same step) is refused; the next step's code works.
    expect((await admin('POST', ADMIN_PATHS.session, null, { email, password, code: totpCode(secret, now) })).status).toBe(401);
    now += STEP_MS;
    expect((await admin<AdminSessionView>('POST', ADMIN_PATHS.session, null, { email, password, code: totpCode(secret, now) })).body.status).toBe('signed-in');
    // A recovery code stands in for the app, once.
    const recovery = first.body.recoveryCodes![0]!;
    expect((await admin<AdminSessionView>('POST', ADMIN_PATHS.session, null, { email, password, code: recovery })).body.status).toBe('signed-in');
    expect((await admin('POST', ADMIN_PATHS.session, null, { email, password, code: recovery })).status).toBe(401);
  });

  it('refuses every admin route to no token and a member (404), an expired operator session (401) and the wrong role (403)', async () => {
    const { milestoneIds } = await disputed([10_000]);
    const m = String(milestoneIds[0]);
    const routes: Array<{ method: string; url: string; body?: unknown; allowed: OperatorRole[] }> = [
      { method: 'DELETE', url: ADMIN_PATHS.session, allowed: ['operator', 'finance', 'support'] },
      { method: 'GET', url: ADMIN_PATHS.me, allowed: ['operator', 'finance', 'support'] },
      { method: 'POST', url: ADMIN_PATHS.password, body: { currentPassword: 'not-it', newPassword: 'a-new-operator-password' }, allowed: ['operator', 'finance', 'support'] },
      { method: 'GET', url: ADMIN_PATHS.audit, allowed: ['operator', 'finance'] },
      { method: 'GET', url: ADMIN_PATHS.disputes, allowed: ['operator', 'finance', 'support'] },
      { method: 'GET', url: ADMIN_PATHS.dispute.replace(':milestoneId', m), allowed: ['operator', 'finance', 'support'] },
      { method: 'POST', url: ADMIN_PATHS.disputeResolve.replace(':milestoneId', m), body: { outcome: 'refund', reason: 'Not delivered.' }, allowed: ['operator', 'finance'] },
      { method: 'GET', url: `${ADMIN_PATHS.members}?q=ol`, allowed: ['operator', 'finance', 'support'] },
      { method: 'GET', url: ADMIN_PATHS.member.replace(':memberId', String(client.id)), allowed: ['operator', 'finance', 'support'] },
      { method: 'POST', url: ADMIN_PATHS.memberEndSessions.replace(':memberId', String(client.id)), body: { reason: 'Asked by the member.' }, allowed: ['operator', 'support'] },
      { method: 'POST', url: ADMIN_PATHS.memberResendVerification.replace(':memberId', String(client.id)), allowed: ['operator', 'support'] },
      { method: 'POST', url: ADMIN_PATHS.memberSuspend.replace(':memberId', String(client.id)), body: { reason: 'Fraud.' }, allowed: ['operator'] },
      { method: 'POST', url: ADMIN_PATHS.memberLift.replace(':memberId', String(client.id)), body: { reason: 'Cleared.' }, allowed: ['operator'] },
      { method: 'GET', url: ADMIN_PATHS.reports, allowed: ['operator', 'support'] },
      { method: 'POST', url: ADMIN_PATHS.reportClose.replace(':reportId', '1'), body: { outcome: 'dismissed', reason: 'No rule broken.' }, allowed: ['operator'] },
      { method: 'POST', url: ADMIN_PATHS.projectHide.replace(':projectId', '1'), body: { reason: 'Fraud.' }, allowed: ['operator'] },
      { method: 'POST', url: ADMIN_PATHS.projectUnhide.replace(':projectId', '1'), body: { reason: 'Cleared.' }, allowed: ['operator'] },
      { method: 'POST', url: ADMIN_PATHS.memberHideProfile.replace(':memberId', String(client.id)), body: { reason: 'Fake credentials.' }, allowed: ['operator'] },
      { method: 'POST', url: ADMIN_PATHS.memberUnhideProfile.replace(':memberId', String(client.id)), body: { reason: 'Cleared.' }, allowed: ['operator'] },
      { method: 'GET', url: ADMIN_PATHS.concierge, allowed: ['operator', 'support'] },
      { method: 'POST', url: ADMIN_PATHS.conciergeShortlist.replace(':requestId', '1'), body: { expertIds: [expert.id], note: 'Our pick.' }, allowed: ['operator', 'support'] },
      { method: 'GET', url: ADMIN_PATHS.money, allowed: ['operator', 'finance'] },
      { method: 'POST', url: ADMIN_PATHS.refundRetry.replace(':paymentId', '1'), allowed: ['finance'] },
      { method: 'POST', url: ADMIN_PATHS.payoutRetry.replace(':withdrawalId', '1'), allowed: ['finance'] },
      { method: 'POST', url: ADMIN_PATHS.moneyReconciliation, allowed: ['finance'] },
      { method: 'GET', url: ADMIN_PATHS.vetting, allowed: ['operator'] },
      { method: 'GET', url: ADMIN_PATHS.vettingRequest.replace(':requestId', '1'), allowed: ['operator'] },
      { method: 'GET', url: ADMIN_PATHS.vettingFile.replace(':requestId', '1').replace(':fileId', '1'), allowed: ['operator'] },
      { method: 'POST', url: ADMIN_PATHS.vettingDecide.replace(':requestId', '1'), body: { outcome: 'approve', reason: 'Documents match.' }, allowed: ['operator'] },
    ];
    // Every admin path of the contract is in the list (a new path without a refusal test fails here).
    const concrete = (url: string) => url.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/:id');
    for (const path of Object.values(ADMIN_PATHS)) expect([path, routes.some((r) => concrete(r.url) === path.replace(/:\w+/g, ':id'))]).toEqual([path, true]);
    const expired = await openOperatorSession(h.db, lead.id, '127.0.0.1', new Date(now - ADMIN_LIMITS.sessionTtlSeconds * 1000 - 1000));
    const ops = { operator: lead, finance: money, support: helpdesk };
    for (const r of routes) {
      for (const token of [null, client.token, 'op_not-a-session', `${lead.token}x`]) {
        const res = await admin(r.method, r.url, token, r.body);
        expect([r.url, token, res.status]).toEqual([r.url, token, 404]);
        expect(res.body.message).toBe(`No route ${r.method} ${r.url.split('?')[0]}.`);
      }
      const late = await admin(r.method, r.url, expired.token, r.body);
      expect([r.url, late.status, late.body.message]).toEqual([r.url, 401, M.sessionExpired]);
      for (const role of ['operator', 'finance', 'support'] as const) {
        if (r.allowed.includes(role) || r.method === 'DELETE') continue;
        const res = await admin(r.method, r.url, ops[role].token, r.body);
        expect([r.url, role, res.status, res.body.message]).toEqual([r.url, role, 403, M.wrongRole]);
      }
    }
    // The dispute is untouched by all of that.
    expect((await h.db.kysely.selectFrom('contractMilestones').select('status').where('id', '=', Number(m)).executeTakeFirstOrThrow()).status).toBe('disputed');
    expect((await resolve(Number(m), money, { outcome: 'release', reason: 'Delivered as agreed.' })).status).toBe(200);
  });

  it('answers no CORS headers (and no preflight) for the admin API, while public routes keep theirs', async () => {
    const origin = 'http://localhost:8080';
    const preflight = await fetch(`${h.base}${ADMIN_PATHS.session}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.status).toBe(404);
    const get = await fetch(`${h.base}${ADMIN_PATHS.me}`, { headers: { origin, authorization: `Bearer ${lead.token}` } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    const pub = await fetch(`${h.base}/api/Experts/Search`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
    expect(pub.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('shows the queue by age and a dispute with both sides, and splits it with a reason both parties are told', async () => {
    const { contractId, milestoneIds } = await disputed([100_000, 30_000]);
    const [a, b] = milestoneIds as [number, number];
    // The expert answers with a statement and a file shared in the workspace; the client adds one too.
    const form = new FormData();
    form.append('file', new Blob([SAMPLES.pdf.bytes]), 'evidence.pdf');
    const shared = await fetch(`${h.base}/api/Contracts/${contractId}/Files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${expert.token}` } });
    const file = (await shared.json()) as ContractFile;
    const say = (who: Member, milestoneId: number, body: unknown) => h.api<DisputeStatementsView & Body>('POST', `/api/Milestones/${milestoneId}/DisputeStatement`, { token: who.token, body });
    expect((await say(expert, a, { text: 'The analysis is in section 4.', fileIds: [file.id] })).status).toBe(201);
    expect((await say(client, a, { text: 'Section 4 is empty.' })).status).toBe(201);
    expect((await say(stranger, a, { text: 'Me too.' })).status).toBe(404);
    expect((await say(client, a, { text: '   ' })).body.message).toBe(M.statementRequired);
    expect((await say(client, a, { text: 'See this.', fileIds: [999_999] })).body.message).toBe(M.statementFile);
    const both = await h.api<DisputeStatementsView>('GET', `/api/Milestones/${a}/DisputeStatements`, { token: expert.token });
    expect(both.body.statements.map((s) => [s.role, s.text, s.files.map((f) => f.name)])).toEqual([
      ['expert', 'The analysis is in section 4.', ['evidence.pdf']],
      ['client', 'Section 4 is empty.', []],
    ]);
    await h.db.kysely.insertInto('messages').values({ senderId: client.id, receiverId: expert.id, text: 'Where is the analysis?', clientId: null, createdAt: new Date(now).toISOString() }).execute();

    const queue = (await admin<DisputeQueueView>('GET', ADMIN_PATHS.disputes, helpdesk.token)).body.items;
    const mine = queue.filter((q) => q.contractId === contractId);
    expect(mine.map((q) => q.milestoneId)).toEqual([a, b]);
    expect(queue.map((q) => q.disputedAt)).toEqual([...queue.map((q) => q.disputedAt)].sort());
    expect(mine[0]!.waitingSeconds).toBeGreaterThanOrEqual(0);

    const detail = (await admin<DisputeDetailView>('GET', ADMIN_PATHS.dispute.replace(':milestoneId', String(a)), helpdesk.token)).body;
    expect(detail.milestone).toMatchObject({ id: a, amountCents: 100_000, status: 'disputed' });
    expect(detail.contract).toMatchObject({ id: contractId, client: { id: client.id }, expert: { id: expert.id } });
    expect(detail.timeline.map((e) => e.kind)).toEqual(['funded', 'submitted', 'disputed']);
    expect(detail.timeline[2]!.note).toBe('The analysis is missing.');
    expect(detail.statements).toHaveLength(2);
    expect(detail.messages.map((x) => x.text)).toContain('Where is the analysis?');
    expect(detail.resolution).toBeNull();

    // Bad input: 400 with the field, nothing changed.
    const bad = [
      [{ outcome: 'split', reason: 'Half done.' }, 'expertCents'],
      [{ outcome: 'split', reason: 'Half done.', expertCents: 100_000 }, 'expertCents'],
      [{ outcome: 'refund', reason: 'x', expertCents: 5 }, 'expertCents'],
      [{ outcome: 'refund', reason: '  ' }, 'reason'],
      [{ outcome: 'halve', reason: 'x' }, 'outcome'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await resolve(a, lead, body);
      expect([res.status, res.body.details?.[0]?.field]).toEqual([400, field]);
    }
    expect((await resolve(999_999, lead, { outcome: 'refund', reason: 'x' })).status).toBe(404);

    const escrowBefore = await balance(h.db, ACCOUNTS.escrow(contractId));
    const availableBefore = await balance(h.db, ACCOUNTS.available(expert.id));
    const split = await resolve(a, lead, { outcome: 'split', expertCents: 60_000, reason: 'Half of section 4 was delivered.' });
    expect(split.status).toBe(200);
    expect(split.body).toMatchObject({ repeated: false, resolution: { outcome: 'split', expertCents: 60_000, clientCents: 40_000, by: lead.email } });
    // Double entry: 60,000 leave escrow to the expert (less the 10 % fee on that part), 40,000 back to the client's card.
    expect(await balance(h.db, ACCOUNTS.escrow(contractId))).toBe(escrowBefore - 100_000);
    expect(await balance(h.db, ACCOUNTS.available(expert.id))).toBe(availableBefore + 54_000);
    const refundCall = [...provider.refunds.values()].find((r) => r.amountCents === 40_000);
    expect(refundCall).toBeDefined();
    // The same operator pressing again gets the same answer; anyone else learns who resolved it and when.
    expect((await resolve(a, lead, { outcome: 'split', expertCents: 60_000, reason: 'Half of section 4 was delivered.' })).body.repeated).toBe(true);
    const stale = await resolve(a, money, { outcome: 'refund', reason: 'Refund it.' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(disputeResolvedMessage(lead.email, split.body.resolution.at));
    expect((await say(expert, a, { text: 'Too late?' })).body.message).toBe(M.statementNotDisputed);

    // Both parties are told, with the reason.
    await h.app.ctx.jobs.runDue();
    for (const who of [client, expert]) {
      const notes = await h.db.kysely.selectFrom('notifications').select('text').where('userId', '=', who.id).execute();
      expect(notes.map((n) => n.text).find((t) => t.includes('with a split'))).toContain('Reason: “Half of section 4 was delivered.”');
    }
    const ws = (await call<Workspace>('GET', `/api/Contracts/${contractId}/Workspace`, client, { key: null })).body;
    expect(ws.milestones.find((m) => m.id === a)?.status).toBe('split');

    // Two operators pressing Refund at once refund once.
    const [one, two] = await Promise.all([resolve(b, lead, { outcome: 'refund', reason: 'Nothing delivered.' }), resolve(b, money, { outcome: 'refund', reason: 'Nothing delivered.' })]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const refunds = await h.db.kysely.selectFrom('ledgerTransactions').select('id').where('kind', '=', 'refund').where('milestoneId', '=', b).execute();
    expect(refunds).toHaveLength(1);

    // The audit log holds each action with its reason, and the database refuses to change or remove an entry.
    const entries = await audit(money);
    expect(entries.find((e) => e.action === 'dispute.split' && e.objectId === String(a))).toMatchObject({
      operatorEmail: lead.email,
      role: 'operator',
      reason: 'Half of section 4 was delivered.',
      objectType: 'milestone',
      details: 'split $1,000.00: $600.00 to the expert, $400.00 back to the client',
    });
    expect(entries.filter((e) => e.action === 'dispute.refund' && e.objectId === String(b))).toHaveLength(1);
    expect(entries.some((e) => e.action === 'sign-in' && e.operatorEmail === helpdesk.email)).toBe(true);
    const count = async () => Number((await h.db.kysely.selectFrom('adminAudit').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const outcome = (q: { execute: () => Promise<unknown> }) => q.execute().then(
      () => 'changed',
      (e: unknown) => String((e as { message?: unknown }).message ?? e),
    );
    expect(await outcome(h.db.kysely.updateTable('adminAudit').set({ reason: 'nothing' }))).toMatch(/append-only/);
    expect(await outcome(h.db.kysely.deleteFrom('adminAudit'))).toMatch(/append-only/);
    expect(await count()).toBe(before);
  });

  it('finds members by name or e-mail with their state (no secrets), ends their sessions and resends the confirmation link', async () => {
    const find = (q: string, op: Op = helpdesk) => admin<AdminMembersView>('GET', `${ADMIN_PATHS.members}?q=${encodeURIComponent(q)}`, op.token);
    expect((await find('o')).body.details?.[0]).toEqual({ field: 'q', message: M.memberQuery });
    const found = (await find(client.email.toUpperCase())).body.members;
    expect(found.map((x) => x.id)).toEqual([client.id]);
    expect(found[0]).toMatchObject({ name: 'Olive Hopper', emailVerified: true, deleted: false });
    expect(found[0]!.activeSessions).toBeGreaterThan(0);
    expect(JSON.stringify(found)).not.toMatch(/passwordHash|token|argon/i);
    // Wildcards are text: '%' finds only names or addresses that contain one.
    expect((await find('%%')).body.members).toEqual([]);

    const other = await member(h, { firstName: 'Petra' });
    expect((await h.api('GET', '/api/Notifications', { token: other.token })).status).toBe(200);
    const ended = await admin<{ ended: number }>('POST', ADMIN_PATHS.memberEndSessions.replace(':memberId', String(other.id)), helpdesk.token, { reason: 'The member lost a laptop.' });
    expect(ended.status).toBe(200);
    expect(ended.body.ended).toBeGreaterThan(0);
    expect((await h.api('GET', '/api/Notifications', { token: other.token })).status).toBe(401);
    expect((await admin('POST', ADMIN_PATHS.memberEndSessions.replace(':memberId', '999999'), helpdesk.token, { reason: 'x' })).status).toBe(404);
    expect((await admin('POST', ADMIN_PATHS.memberEndSessions.replace(':memberId', String(other.id)), helpdesk.token, { reason: ' ' })).status).toBe(400);

    const unconfirmed = await unverifiedMember(h, { firstName: 'Uma' });
    const resend = (id: number) => admin('POST', ADMIN_PATHS.memberResendVerification.replace(':memberId', String(id)), helpdesk.token);
    expect((await resend(client.id)).body.message).toBe(M.alreadyVerified);
    const before = mailer.sent.filter((x) => x.to === unconfirmed.email).length;
    expect((await resend(unconfirmed.id)).status).toBe(204);
    await eventually(() => mailer.sent.filter((x) => x.to === unconfirmed.email).length > before, 'the new confirmation link');

    const entries = await audit();
    expect(entries.find((e) => e.action === 'member.end-sessions' && e.objectId === String(other.id))).toMatchObject({ reason: 'The member lost a laptop.', operatorEmail: helpdesk.email });
    expect(entries.some((e) => e.action === 'member.resend-verification' && e.objectId === String(unconfirmed.id))).toBe(true);
  });

  it('shows the money from the ledger and retries a refund the provider never acknowledged', async () => {
    const { milestoneIds } = await disputed([25_000]);
    provider.down.refund = true;
    expect((await resolve(milestoneIds[0]!, lead, { outcome: 'refund', reason: 'Nothing was delivered.' })).status).toBe(200);
    provider.down.refund = false;
    const overview = async () => (await admin<MoneyOverviewView>('GET', ADMIN_PATHS.money, money.token)).body;
    const seen = await overview();
    const sum = async (pattern: RegExp) => {
      const rows = await h.db.kysely.selectFrom('ledgerEntries').select(['account', 'amountCents']).execute();
      return rows.filter((r) => pattern.test(r.account)).reduce((a, r) => a + Number(r.amountCents), 0);
    };
    expect(seen.totals).toMatchObject({
      inEscrowCents: await sum(/^escrow:/),
      feesCents: await balance(h.db, ACCOUNTS.platformFees),
      waitingForPayoutCents: await sum(/^expert:\d+:available$/),
      paidOutCents: await sum(/^expert:\d+:paid-out$/),
    });
    expect(seen.totals.refundedCents).toBeGreaterThanOrEqual(25_000);
    const waiting = seen.refundsNotAcknowledged.find((x) => x.amountCents === 25_000 && x.memberId === client.id);
    expect(waiting).toBeDefined();
    const retry = (id: number, op: Op = money) => admin<{ sent: boolean }>('POST', ADMIN_PATHS.refundRetry.replace(':paymentId', String(id)), op.token);
    provider.down.refund = true;
    expect((await retry(waiting!.id)).status).toBe(502);
    provider.down.refund = false;
    expect((await retry(waiting!.id)).body).toEqual({ sent: true });
    expect((await retry(waiting!.id)).status).toBe(409);
    expect((await overview()).refundsNotAcknowledged.map((x) => x.id)).not.toContain(waiting!.id);
    // Every attempt is recorded with its amount in dollars, those that moved nothing too (newest first).
    expect((await audit()).filter((e) => e.action === 'refund.retry' && e.objectId === String(waiting!.id)).map((e) => e.details)).toEqual([
      'the refund of $250.00: nothing to retry',
      'the refund of $250.00: sent to the provider',
      'the refund of $250.00: the provider could not be reached',
    ]);
  });

  it('suspends a member (no sign-in, sockets closed, profile and open projects gone, proposals withdrawn, escrow still resolvable) and lifts it', async () => {
    const suspect = await member(h, { firstName: 'Mallory' });
    const buyer = await member(h, { firstName: 'Bianca' });
    // Mallory is a listed expert with a live proposal, and the client of a contract whose milestone is disputed.
    await h.db.kysely.updateTable('users').set({ headline: 'Statistician' }).where('id', '=', suspect.id).execute();
    await refreshExpertSearch(h.db.kysely, h.db.dialect, suspect.id);
    expect((await h.api('GET', `/api/Experts/${suspect.id}`)).status).toBe(200);
    const { contractId, milestoneIds } = await hiredContract(h, suspect, expert, [20_000]);
    const started = await call<{ paymentId: number }>('POST', `/api/Milestones/${milestoneIds[0]}/Fund`, suspect);
    await deliver(h, paid(started.body.paymentId, 20_000));
    await call('POST', `/api/Milestones/${milestoneIds[0]}/Submit`, expert, { body: { note: 'Delivered.' } });
    await call('POST', `/api/Milestones/${milestoneIds[0]}/Dispute`, suspect, { body: { note: 'Not what I asked.' } });
    const openProject = await h.api<{ id: number }>('POST', '/api/Projects', { token: suspect.token, body: projectBody() });
    await h.api('POST', `/api/Projects/${openProject.body.id}/Publish`, { token: suspect.token });
    const buyersProject = await h.api<{ id: number }>('POST', '/api/Projects', { token: buyer.token, body: projectBody() });
    await h.api('POST', `/api/Projects/${buyersProject.body.id}/Publish`, { token: buyer.token });
    const proposal = await h.api<{ id: number }>('POST', `/api/Projects/${buyersProject.body.id}/Proposals`, { token: suspect.token, body: fixedProposal() });
    expect(proposal.status).toBe(201);
    const live = socket(suspect);
    await connected(live);
    const gone = disconnected(live, 10_000);

    const suspend = (body: unknown, op: Op = lead) => admin('POST', ADMIN_PATHS.memberSuspend.replace(':memberId', String(suspect.id)), op.token, body);
    expect((await suspend({ reason: '' })).status).toBe(400);
    expect((await suspend({ reason: 'Fraudulent project reported by three members.' })).status).toBe(204);
    expect((await suspend({ reason: 'Again.' })).body.message).toBe(M.alreadySuspended);
    expect(await gone).toBe('io server disconnect');
    expect((await h.api('GET', '/api/Notifications', { token: suspect.token })).status).toBe(401);
    const login = await h.api<Body>('POST', '/api/Account/Login', { body: { email: suspect.email, password: suspect.password } });
    expect([login.status, login.body.message]).toEqual([401, M.accountSuspended]);
    expect((await h.api('GET', `/api/Experts/${suspect.id}`)).status).toBe(404);
    expect((await h.api('GET', `/api/Projects/${openProject.body.id}`, { token: buyer.token })).status).toBe(404);
    const list = await h.api<{ results: Array<{ id: number }> }>('GET', '/api/Projects', { token: buyer.token });
    expect(list.body.results.map((p) => p.id)).not.toContain(openProject.body.id);
    const row = await h.db.kysely.selectFrom('proposals').select('status').where('id', '=', proposal.body.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('withdrawn');
    await eventually(() => mailer.sent.some((x) => x.to === suspect.email && x.text.includes('Reason: Fraudulent project reported by three members.')), 'the suspension e-mail');
    // Escrow stays where it is and is still resolvable.
    expect(await balance(h.db, ACCOUNTS.escrow(contractId))).toBe(20_000);
    expect((await resolve(milestoneIds[0]!, lead, { outcome: 'refund', reason: 'Refund to the client.' })).status).toBe(200);

    expect((await admin('POST', ADMIN_PATHS.memberLift.replace(':memberId', String(suspect.id)), lead.token, { reason: 'Appeal accepted.' })).status).toBe(204);
    expect((await h.api('POST', '/api/Account/Login', { body: { email: suspect.email, password: suspect.password } })).status).toBe(200);
    expect((await h.api('GET', `/api/Experts/${suspect.id}`)).status).toBe(200);
    expect((await admin('POST', ADMIN_PATHS.memberLift.replace(':memberId', String(suspect.id)), lead.token, { reason: 'x' })).body.message).toBe(M.notSuspended);
    const entries = await audit();
    expect(entries.find((e) => e.action === 'member.suspend' && e.objectId === String(suspect.id))).toMatchObject({ reason: 'Fraudulent project reported by three members.', details: '1 proposals withdrawn' });
    expect(entries.some((e) => e.action === 'member.lift' && e.objectId === String(suspect.id))).toBe(true);
  });

  it('takes members’ reports of what they can see, queues them for operators, and closes them once', async () => {
    const sender = await member(h, { firstName: 'Troll' });
    const receiver = await member(h, { firstName: 'Rita' });
    const at = new Date(now).toISOString();
    const { id: messageId } = await h.db.kysely.insertInto('messages').values({ senderId: sender.id, receiverId: receiver.id, text: 'Pay me outside the site or else.', clientId: null, createdAt: at }).returning('id').executeTakeFirstOrThrow();
    const report = (who: Member, body: unknown) => h.api<{ id: number; message: string } & Body>('POST', '/api/Reports', { token: who.token, body });
    const first = await report(receiver, { targetType: 'message', targetId: messageId, reason: 'harassment', note: 'Threatening.' });
    expect([first.status, first.body.message]).toEqual([201, M.reportSent]);
    expect((await report(receiver, { targetType: 'message', targetId: messageId, reason: 'harassment' })).body.id).toBe(first.body.id);
    // Only the receiver reports a message; nobody reports themselves; the reason is from the list.
    expect((await report(stranger, { targetType: 'message', targetId: messageId, reason: 'spam' })).status).toBe(404);
    expect((await report(sender, { targetType: 'profile', targetId: sender.id, reason: 'spam' })).body.message).toBe(M.reportOwn);
    expect((await report(receiver, { targetType: 'message', targetId: messageId, reason: 'rude' })).status).toBe(400);
    expect((await h.api('POST', '/api/Reports', { body: { targetType: 'profile', targetId: sender.id, reason: 'spam' } })).status).toBe(401);
    expect((await report(receiver, { targetType: 'profile', targetId: sender.id, reason: 'fraud' })).status).toBe(201);

    const queue = (await admin<AdminReportsView>('GET', ADMIN_PATHS.reports, helpdesk.token)).body.reports;
    const mine = queue.find((r) => r.id === first.body.id)!;
    expect(mine).toMatchObject({ targetType: 'message', reason: 'harassment', note: 'Threatening.', excerpt: 'Pay me outside the site or else.', reporter: { id: receiver.id }, subject: { id: sender.id, email: sender.email } });
    const close = (body: unknown) => admin('POST', ADMIN_PATHS.reportClose.replace(':reportId', String(first.body.id)), lead.token, body);
    expect((await close({ outcome: 'actioned', reason: '' })).status).toBe(400);
    expect((await close({ outcome: 'actioned', reason: 'Sender suspended.' })).status).toBe(204);
    expect((await close({ outcome: 'dismissed', reason: 'Again.' })).body.message).toBe(M.reportClosed);
    expect((await admin<AdminReportsView>('GET', ADMIN_PATHS.reports, helpdesk.token)).body.reports.map((r) => r.id)).not.toContain(first.body.id);
    // Closed, the same member may report the same message again.
    expect((await report(receiver, { targetType: 'message', targetId: messageId, reason: 'harassment' })).body.id).not.toBe(first.body.id);
    expect((await audit()).find((e) => e.action === 'report.actioned' && e.objectId === String(first.body.id))).toMatchObject({ reason: 'Sender suspended.' });
  });

  it('queues concierge requests with their 24-hour clock and sends a shortlist of listed experts once', async () => {
    const insert = (hoursAgo: number, email: string) =>
      h.db.kysely
        .insertInto('conciergeRequests')
        .values({ name: 'Cora Client', email, need: 'A survival analysis of a cohort.', budget: '1k-5k', deadline: '2099-01-01', createdAt: new Date(now - hoursAgo * 3_600_000).toISOString(), mailedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow();
    const late = await insert(21, 'late@example.test');
    const fresh = await insert(2, 'fresh@example.test');
    const queue = (await admin<ConciergeQueueView>('GET', ADMIN_PATHS.concierge, helpdesk.token)).body.requests;
    const ids = queue.map((q) => q.id);
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(fresh.id));
    expect(queue.find((q) => q.id === late.id)).toMatchObject({ waitingSeconds: 21 * 3600, nearingDeadline: true });
    expect(queue.find((q) => q.id === fresh.id)).toMatchObject({ waitingSeconds: 2 * 3600, nearingDeadline: false });

    const pick = await member(h, { firstName: 'Pia' });
    await h.db.kysely.updateTable('users').set({ headline: 'Survival analyst' }).where('id', '=', pick.id).execute();
    const send = (body: unknown) => admin('POST', ADMIN_PATHS.conciergeShortlist.replace(':requestId', String(late.id)), helpdesk.token, body);
    // Only experts listed in the directory (stranger has no headline, so is not listed).
    expect((await send({ expertIds: [stranger.id], note: 'Our pick.' })).body.message).toBe(M.shortlistExperts);
    expect((await send({ expertIds: [], note: 'Our pick.' })).status).toBe(400);
    expect((await send({ expertIds: [pick.id], note: 'Pia has analysed three cohorts like yours.' })).status).toBe(204);
    expect((await send({ expertIds: [pick.id], note: 'Again.' })).body.message).toBe(M.shortlistSent);
    await eventually(() => mailer.sent.some((x) => x.to === 'late@example.test' && x.text.includes(`/experts/${pick.id}-pia-hopper`) && x.text.includes('Pia has analysed')), 'the shortlist e-mail');
    expect((await admin<ConciergeQueueView>('GET', ADMIN_PATHS.concierge, helpdesk.token)).body.requests.map((q) => q.id)).not.toContain(late.id);
    expect((await audit()).find((e) => e.action === 'concierge.shortlist' && e.objectId === String(late.id))).toMatchObject({ operatorEmail: helpdesk.email, details: `experts ${pick.id}` });
  });

  it('signs an operator out at once', async () => {
    const op = await makeOperator('support');
    expect((await admin('GET', ADMIN_PATHS.me, op.token)).status).toBe(200);
    expect((await admin('DELETE', ADMIN_PATHS.session, op.token)).status).toBe(204);
    expect((await admin('GET', ADMIN_PATHS.me, op.token)).status).toBe(404);
    expect((await audit()).some((e) => e.action === 'sign-out' && e.operatorId === op.id)).toBe(true);
  });
});
