// Expert vetting (docs/decisions/0040-expert-vetting.md) on both databases: who may ask and read what, the states
// (none → pending → approved | rejected, again after a rejection), the 409s, the audit entries and the notice, the
// directory's Verified filter and badge, and a change of name sending a verified expert back to review.
import {
  ADMIN_MESSAGES,
  ADMIN_PATHS,
  VETTING_MESSAGES as M,
  VETTING_PATHS,
  vettingDecidedMessage,
  type AuditPageView,
  type ExpertSearchResponse,
  type MyVettingView,
  type OperatorRole,
  type PublicExpertProfile,
  type VettingDecisionResult,
  type VettingDetailView,
  type VettingFileView,
  type VettingQueueView,
  type VettingRequestView,
} from '@sciexperts/shared/contracts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { attachmentsDir } from '../src/modules/projects/attachments';
import { RecordingMailer, member, startAppOn, type Harness } from './helpers';
import { SAMPLES } from './projectsFixtures';
import { signedInOperator } from './adminFixtures';

type Body = { message?: string; details?: Array<{ field?: string; message: string }> };
interface Who {
  id: number;
  token: string;
  password?: string;
}
interface Op extends Who {
  email: string;
}

describe.each(['sqlite', 'postgres'] as const)('expert vetting over %s', (dialect) => {
  let h: Harness;
  let now = Date.parse('2026-11-20T09:00:00Z');
  const mailer = new RecordingMailer();
  let lead: Op;
  let second: Op;
  let money: Op;
  let helpdesk: Op;

  const call = <T = unknown>(method: string, url: string, token: string | null, body?: unknown) => h.api<T & Body>(method, url, { token, ...(body === undefined ? {} : { body }) });
  const at = (path: string, ids: Record<string, number>) => Object.entries(ids).reduce((p, [k, v]) => p.replace(`:${k}`, String(v)), path);

  const makeOperator = (role: OperatorRole) => signedInOperator(h, role, () => (now += 30_000));

  /** A member with an expert profile: public, with a headline, in the directory. */
  async function expert(firstName: string, lastName = 'Verity'): Promise<Who> {
    const m = await member(h, { firstName, lastName });
    const put = await call('PUT', `/api/User/UpdateUser/${m.id}`, m.token, { headline: `Biostatistician ${firstName}`, isProfilePublic: true });
    expect(put.status).toBe(200);
    return m;
  }

  async function upload(who: Who, sample: keyof typeof SAMPLES = 'pdf', name = 'passport.pdf'): Promise<VettingFileView> {
    const form = new FormData();
    form.append('file', new Blob([SAMPLES[sample].bytes]), name);
    const res = await fetch(`${h.base}${VETTING_PATHS.files}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${who.token}` } });
    expect(res.status).toBe(201);
    return (await res.json()) as VettingFileView;
  }

  const requestBody = (identityFileId: number, over: Record<string, unknown> = {}) => ({
    legalName: ' Ada Maria Verity ',
    identityFileId,
    degree: { title: 'PhD in Biostatistics', institution: 'University of Iceland', year: 2015 },
    affiliation: { institution: 'Landspítali', role: 'Senior statistician' },
    ...over,
  });

  async function ask(who: Who): Promise<VettingRequestView> {
    const id = await upload(who);
    const res = await call<VettingRequestView>('POST', VETTING_PATHS.mine, who.token, requestBody(id.id));
    expect(res.status).toBe(201);
    return res.body;
  }

  const decide = (op: Op, requestId: number, outcome: 'approve' | 'reject', reason: string) =>
    call<VettingDecisionResult>('POST', at(ADMIN_PATHS.vettingDecide, { requestId }), op.token, { outcome, reason });
  const mine = async (who: Who) => (await call<MyVettingView>('GET', VETTING_PATHS.mine, who.token)).body;
  const search = async (query: string) => call<ExpertSearchResponse>('GET', `/api/Experts/Search?${query}`, null);

  beforeAll(async () => {
    h = await startAppOn(dialect, {}, { clock: () => new Date(now), mailer });
    lead = await makeOperator('operator');
    second = await makeOperator('operator');
    money = await makeOperator('finance');
    helpdesk = await makeOperator('support');
  });
  afterAll(() => h?.close());

  it('refuses the admin vetting routes to no token and a member (404), and to finance and support (403)', async () => {
    const ada = await expert('Ana');
    const req = await ask(ada);
    const routes = [
      { method: 'GET', url: ADMIN_PATHS.vetting },
      { method: 'GET', url: at(ADMIN_PATHS.vettingRequest, { requestId: req.id }) },
      { method: 'GET', url: at(ADMIN_PATHS.vettingFile, { requestId: req.id, fileId: req.identityFile.id }) },
      { method: 'POST', url: at(ADMIN_PATHS.vettingDecide, { requestId: req.id }), body: { outcome: 'approve', reason: 'Documents match.' } },
    ];
    for (const r of routes) {
      for (const token of [null, ada.token, 'op_made-up']) {
        const res = await call(r.method, r.url, token, r.body);
        expect([r.url, res.status, res.body.message]).toEqual([r.url, 404, `No route ${r.method} ${r.url}.`]);
      }
      for (const op of [money, helpdesk]) {
        const res = await call(r.method, r.url, op.token, r.body);
        expect([r.url, res.status, res.body.message]).toEqual([r.url, 403, ADMIN_MESSAGES.wrongRole]);
      }
    }
    expect((await mine(ada)).status).toBe('pending');
  });

  it('lets only experts ask, checks the documents are their own, and keeps one request pending at a time', async () => {
    const client = await member(h, { firstName: 'Cleo' });
    const clientFile = await upload(client);
    const refused = await call('POST', VETTING_PATHS.mine, client.token, requestBody(clientFile.id));
    expect([refused.status, refused.body.message]).toEqual([403, M.expertsOnly]);

    const bea = await expert('Bea');
    expect(await mine(bea)).toEqual({ status: 'none', verified: false, orcidId: null, request: null });
    // Someone else's document, a year in the future, blank text: 400 naming each field.
    const bad = await call('POST', VETTING_PATHS.mine, bea.token, requestBody(clientFile.id, { legalName: '  ', degree: { title: 'PhD', institution: ' ', year: new Date(now).getUTCFullYear() + 1 } }));
    expect(bad.status).toBe(400);
    expect(bad.body.details!.map((d) => d.field).sort()).toEqual(['degree.institution', 'degree.year', 'identityFileId', 'legalName']);
    const invalid = await call('POST', VETTING_PATHS.mine, bea.token, { ...requestBody(clientFile.id), extra: 1 });
    expect(invalid.status).toBe(400);

    // The ORCID iD linked to the profile travels with the request.
    await h.db.kysely.updateTable('users').set({ orcidId: '0000-0002-1825-0097' }).where('id', '=', bea.id).execute();
    const passport = await upload(bea);
    const diploma = await upload(bea, 'png', 'diploma.png');
    const made = await call<VettingRequestView>('POST', VETTING_PATHS.mine, bea.token, requestBody(passport.id, { degree: { title: 'PhD in Biostatistics', institution: 'University of Iceland', year: 2015, fileId: diploma.id } }));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'pending', legalName: 'Ada Maria Verity', orcidId: '0000-0002-1825-0097', reReview: false, identityFile: { name: 'passport.pdf' }, degree: { file: { name: 'diploma.png', contentType: 'image/png' } } });
    const again = await call('POST', VETTING_PATHS.mine, bea.token, requestBody(passport.id));
    expect([again.status, again.body.message]).toEqual([409, M.pendingAlready]);
    expect(await mine(bea)).toMatchObject({ status: 'pending', verified: false, orcidId: '0000-0002-1825-0097', request: { id: made.body.id } });

    // Documents: the owner and the operators read them, nobody else.
    const own = await fetch(`${h.base}${at(VETTING_PATHS.file, { fileId: passport.id })}`, { headers: { authorization: `Bearer ${bea.token}` } });
    expect([own.status, own.headers.get('content-type'), own.headers.get('cache-control')]).toEqual([200, 'application/pdf', 'private, no-store']);
    expect(Buffer.from(await own.arrayBuffer()).equals(SAMPLES.pdf.bytes)).toBe(true);
    expect((await call('GET', at(VETTING_PATHS.file, { fileId: passport.id }), client.token)).status).toBe(404);
    const byOperator = await fetch(`${h.base}${at(ADMIN_PATHS.vettingFile, { requestId: made.body.id, fileId: diploma.id })}`, { headers: { authorization: `Bearer ${lead.token}` } });
    expect([byOperator.status, byOperator.headers.get('content-type')]).toEqual([200, 'image/png']);
    // A file that is not one of the request's documents is not served through it.
    expect((await call('GET', at(ADMIN_PATHS.vettingFile, { requestId: made.body.id, fileId: clientFile.id }), lead.token)).status).toBe(404);
  });

  it('queues requests by waiting time, decides once with a reason (audited, the expert told), and lets a rejected expert ask again', async () => {
    const cara = await expert('Cara');
    const first = await ask(cara);
    now += 3600_000;
    const dora = await expert('Dora');
    const later = await ask(dora);
    now += 60_000;
    const queue = (await call<VettingQueueView>('GET', ADMIN_PATHS.vetting, lead.token)).body.requests;
    const ids = queue.map((r) => r.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(later.id));
    expect(queue.find((r) => r.id === first.id)).toMatchObject({ expert: { id: cara.id, name: 'Cara Verity' }, reReview: false, waitingSeconds: 3660 });
    const detail = (await call<VettingDetailView>('GET', at(ADMIN_PATHS.vettingRequest, { requestId: first.id }), lead.token)).body;
    expect(detail).toMatchObject({ request: { id: first.id, orcidId: null }, expert: { id: cara.id, firstName: 'Cara', headline: 'Biostatistician Cara', profilePath: `/experts/${cara.id}-cara-verity`, verified: false }, decidedBy: null });

    expect((await decide(lead, first.id, 'reject', '   ')).status).toBe(400);
    const rejected = await decide(lead, first.id, 'reject', 'The passport photo is unreadable.');
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ repeated: false, request: { status: 'rejected', decisionReason: 'The passport photo is unreadable.' } });
    // The same operator pressing again gets the same answer; anyone else, or another decision, a 409 naming who and when.
    expect((await decide(lead, first.id, 'reject', 'The passport photo is unreadable.')).body.repeated).toBe(true);
    const stale = await decide(second, first.id, 'approve', 'Looks fine to me.');
    expect([stale.status, stale.body.message]).toEqual([409, vettingDecidedMessage(lead.email, new Date(now).toISOString())]);
    expect((await decide(lead, 999_999, 'approve', 'Fine.')).status).toBe(404);

    expect(await mine(cara)).toMatchObject({ status: 'rejected', verified: false, request: { decisionReason: 'The passport photo is unreadable.' } });
    const notices = await h.db.kysely.selectFrom('notifications').select(['type', 'text', 'link']).where('userId', '=', cara.id).execute();
    expect(notices).toEqual([{ type: 'verification', text: 'Your verification request was not approved: The passport photo is unreadable.', link: '/profile#verification' }]);
    const audit = (await call<AuditPageView>('GET', ADMIN_PATHS.audit, lead.token)).body.entries;
    expect(audit.filter((e) => e.objectType === 'vetting-request' && e.objectId === String(first.id))).toEqual([
      expect.objectContaining({ action: 'vetting.reject', operatorEmail: lead.email, reason: 'The passport photo is unreadable.' }),
    ]);

    // Asked again after the rejection: a new request, then approved.
    now += 60_000;
    const retry = await ask(cara);
    expect(retry.id).not.toBe(first.id);
    const approved = await decide(second, retry.id, 'approve', 'Passport and diploma match the profile.');
    expect(approved.body.request.status).toBe('approved');
    expect(await mine(cara)).toMatchObject({ status: 'approved', verified: true });
    const more = await call('POST', VETTING_PATHS.mine, cara.token, requestBody(retry.identityFile.id));
    expect([more.status, more.body.message]).toEqual([409, M.verifiedAlready]);
    const texts = (await h.db.kysely.selectFrom('notifications').select('text').where('userId', '=', cara.id).orderBy('id').execute()).map((n) => n.text);
    expect(texts[1]).toBe('Your profile is verified: the Verified badge now shows on your profile, your directory card and your proposals.');
    expect((await call<AuditPageView>('GET', ADMIN_PATHS.audit, lead.token)).body.entries[0]).toMatchObject({ action: 'vetting.approve', operatorEmail: second.email, reason: 'Passport and diploma match the profile.' });
  });

  it('shows the badge and filters the directory to verified experts; a change of name sends the profile back to review', async () => {
    const eve = await expert('Eve', 'Okonkwo');
    const fay = await expert('Fay', 'Okonkwo');
    const req = await ask(eve);
    expect((await decide(lead, req.id, 'approve', 'All documents match.')).status).toBe(200);

    const all = (await search('q=okonkwo')).body.results;
    expect(all.map((c) => [c.firstName, c.verified]).sort()).toEqual([
      ['Eve', true],
      ['Fay', false],
    ]);
    for (const query of ['q=okonkwo&verified=true', 'verified=true&sort=fee-asc']) {
      const only = (await search(query)).body.results;
      expect(only.map((c) => c.id)).toContain(eve.id);
      expect(only.every((c) => c.verified)).toBe(true);
      expect(only.map((c) => c.id)).not.toContain(fay.id);
    }
    expect((await search('q=okonkwo&verified=false')).body.results).toHaveLength(2);
    const wrong = await search('verified=yes');
    expect([wrong.status, wrong.body.details?.[0]?.field]).toEqual([400, 'verified']);
    expect((await call<PublicExpertProfile>('GET', `/api/Experts/${eve.id}`, null)).body.verified).toBe(true);
    expect((await call<PublicExpertProfile>('GET', `/api/Experts/${fay.id}`, null)).body.verified).toBe(false);

    // Changing the headline keeps the badge; changing the last name sends the profile back to review.
    expect((await call('PUT', `/api/User/UpdateUser/${eve.id}`, eve.token, { headline: 'Senior biostatistician' })).status).toBe(200);
    expect((await mine(eve)).verified).toBe(true);
    now += 60_000;
    expect((await call('PUT', `/api/User/UpdateUser/${eve.id}`, eve.token, { lastName: 'Okafor' })).status).toBe(200);
    const back = await mine(eve);
    expect(back).toMatchObject({ status: 'pending', verified: false, request: { reReview: true, legalName: 'Ada Maria Verity', identityFile: { id: req.identityFile.id } } });
    expect((await search('q=okafor&verified=true')).body.results.map((c) => c.id)).not.toContain(eve.id);
    expect((await call<PublicExpertProfile>('GET', `/api/Experts/${eve.id}`, null)).body.verified).toBe(false);
    const queued = (await call<VettingQueueView>('GET', ADMIN_PATHS.vetting, lead.token)).body.requests.find((r) => r.expert.id === eve.id);
    expect(queued).toMatchObject({ id: back.request!.id, reReview: true, expert: { name: 'Eve Okafor' } });
    // The operator approves the re-review: the badge is back.
    expect((await decide(lead, back.request!.id, 'approve', 'Name changed after marriage; certificate seen.')).status).toBe(200);
    expect((await search('q=okafor&verified=true')).body.results.map((c) => c.id)).toContain(eve.id);
  });

  it('removes the documents, the requests and the mark with the account', async () => {
    const gus = await expert('Gus');
    const req = await ask(gus);
    expect((await decide(lead, req.id, 'approve', 'Documents match.')).status).toBe(200);
    const key = (await h.db.kysely.selectFrom('vettingFiles').select('storageKey').where('id', '=', req.identityFile.id).executeTakeFirstOrThrow()).storageKey;
    const stored = path.join(attachmentsDir(h.app.ctx.config.dataDir), key);
    expect(existsSync(stored)).toBe(true);
    expect((await call('POST', '/api/Account/Delete', gus.token, { currentPassword: gus.password })).status).toBe(200);
    const k = h.db.kysely;
    expect(await k.selectFrom('vettingRequests').select('id').where('userId', '=', gus.id).execute()).toEqual([]);
    expect(await k.selectFrom('vettingFiles').select('id').where('userId', '=', gus.id).execute()).toEqual([]);
    expect(await k.selectFrom('users').select(['verifiedAt', 'orcidId']).where('id', '=', gus.id).executeTakeFirstOrThrow()).toEqual({ verifiedAt: null, orcidId: null });
    expect(existsSync(stored)).toBe(false);
  });
});
