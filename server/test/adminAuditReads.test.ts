// What an operator reads or tries is audited as much as what they change (issue 42): an identity document downloaded,
// members searched, a member's page opened, a control the role is not offered tried anyway — each with the client's
// address as the proxy saw it (X-Forwarded-For from a trusted proxy). Money actions with their amounts in dollars are
// in admin.test.ts (disputes, refund retries).
import { ADMIN_MESSAGES as M, ADMIN_PATHS, VETTING_PATHS, type AdminMemberView, type AuditEntryView, type AuditPageView, type OperatorRole, type VettingFileView, type VettingRequestView } from '@sciexperts/shared/contracts';
import { member, startAppOn, type Harness } from './helpers';
import { SAMPLES } from './projectsFixtures';
import { signedInOperator } from './adminFixtures';

type Body = { message?: string };
type Op = { id: number; email: string; token: string };

const CLIENT_ADDRESS = '203.0.113.7';

describe.each(['sqlite', 'postgres'] as const)('audited reads over %s', (dialect) => {
  let h: Harness;
  let lead: Op;
  let money: Op;
  let now = Date.parse('2026-12-02T09:00:00Z');

  const makeOperator = (role: OperatorRole) => signedInOperator(h, role, () => (now += 30_000));
  /** As the site's proxy forwards a call: the operator's own address in X-Forwarded-For. */
  const viaProxy = <T = unknown>(url: string, op: Op) => h.api<T & Body>('GET', url, { token: op.token, headers: { 'x-forwarded-for': CLIENT_ADDRESS } });
  const entries = async (action: AuditEntryView['action']) => (await h.api<AuditPageView>('GET', `${ADMIN_PATHS.audit}?limit=100`, { token: lead.token })).body.entries.filter((e) => e.action === action);

  beforeAll(async () => {
    // Loopback is the proxy here: the test's own connection.
    h = await startAppOn(dialect, { trustProxy: ['loopback'] }, { clock: () => new Date(now) });
    lead = await makeOperator('operator');
    money = await makeOperator('finance');
  });
  afterAll(() => h?.close());

  it('records every download of an identity document, with the file, the request and the address', async () => {
    const expert = await member(h, { firstName: 'Ada', lastName: 'Verity' });
    expect((await h.api('PUT', `/api/User/UpdateUser/${expert.id}`, { token: expert.token, body: { headline: 'Biostatistician', isProfilePublic: true } })).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([SAMPLES.pdf.bytes]), 'passport.pdf');
    const uploaded = await fetch(`${h.base}${VETTING_PATHS.files}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${expert.token}` } });
    const file = (await uploaded.json()) as VettingFileView;
    const asked = await h.api<VettingRequestView>('POST', VETTING_PATHS.mine, {
      token: expert.token,
      body: { legalName: 'Ada Verity', identityFileId: file.id, degree: { title: 'PhD', institution: 'University of Iceland', year: 2015 }, affiliation: { institution: 'Landspítali', role: 'Statistician' } },
    });
    expect(asked.status).toBe(201);
    const url = ADMIN_PATHS.vettingFile.replace(':requestId', String(asked.body.id)).replace(':fileId', String(file.id));
    expect(await entries('vetting.document')).toEqual([]);
    const first = await viaProxy(url, lead);
    expect(first.status).toBe(200);
    now += 60_000;
    expect((await viaProxy(url, lead)).status).toBe(200);
    const recorded = await entries('vetting.document');
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({
      operatorEmail: lead.email,
      role: 'operator',
      objectType: 'vetting-file',
      objectId: String(file.id),
      details: `identity document “passport.pdf” of request ${asked.body.id} (expert ${expert.id})`,
      address: CLIENT_ADDRESS,
      at: new Date(now).toISOString(),
    });
    // A file that is not the request's: 404 and nothing recorded.
    expect((await viaProxy(ADMIN_PATHS.vettingFile.replace(':requestId', String(asked.body.id)).replace(':fileId', '999999'), lead)).status).toBe(404);
    expect(await entries('vetting.document')).toHaveLength(2);
  });

  it("records a search for members (the words and who was shown) and each member's page opened", async () => {
    const petra = await member(h, { firstName: 'Petra', lastName: 'Quill' });
    const found = await viaProxy<{ members: AdminMemberView[] }>(`${ADMIN_PATHS.members}?q=${encodeURIComponent('petra quill')}`, money);
    expect(found.body.members.map((m) => m.id)).toEqual([petra.id]);
    expect((await entries('member.search'))[0]).toMatchObject({ operatorEmail: money.email, role: 'finance', details: `“petra quill”: 1 member(s): ${petra.id}`, address: CLIENT_ADDRESS });

    const page = await viaProxy<AdminMemberView>(ADMIN_PATHS.member.replace(':memberId', String(petra.id)), lead);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: petra.id, name: 'Petra Quill', email: petra.email, reports: { about: [], aboutCount: 0, filed: 0 } });
    // Finance reads members but not reports (as in the search).
    expect((await viaProxy<AdminMemberView>(ADMIN_PATHS.member.replace(':memberId', String(petra.id)), money)).body.reports).toBeNull();
    const opened = await entries('member.read');
    expect(opened.map((e) => [e.operatorEmail, e.objectType, e.objectId, e.address])).toEqual([
      [money.email, 'member', String(petra.id), CLIENT_ADDRESS],
      [lead.email, 'member', String(petra.id), CLIENT_ADDRESS],
    ]);
    expect((await viaProxy(ADMIN_PATHS.member.replace(':memberId', '999999'), lead)).status).toBe(404);
    expect(await entries('member.read')).toHaveLength(2);
  });

  it('records a control the role is not offered, tried anyway, as refused', async () => {
    const helpdesk = await makeOperator('support');
    const refused = await h.api<Body>('POST', ADMIN_PATHS.disputeResolve.replace(':milestoneId', '42'), { token: helpdesk.token, headers: { 'x-forwarded-for': CLIENT_ADDRESS }, body: { outcome: 'refund', reason: 'Nothing delivered.' } });
    expect([refused.status, refused.body.message]).toEqual([403, M.wrongRole]);
    expect((await entries('refused')).map((e) => [e.operatorEmail, e.role, e.objectType, e.details, e.address])).toEqual([
      [helpdesk.email, 'support', 'route', 'POST /api/admin/Disputes/42/Resolve needs disputes.resolve', CLIENT_ADDRESS],
    ]);
  });
});
