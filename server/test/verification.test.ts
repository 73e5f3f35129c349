import { ACCOUNT_SETTINGS_MESSAGES as M, type User } from '@sciexperts/shared/contracts';
import { RecordingMailer, eventually, member, startAppOn, unverifiedMember, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, hiredContract } from './paymentsFixtures';
import { fixedProposal, future, projectBody } from './projectsFixtures';

type Body = { message?: string };

describe.each(['sqlite', 'postgres'] as const)('e-mail verification over %s', (dialect) => {
  let h: Harness;
  let mailer: RecordingMailer;
  const call = <T = Body>(method: string, url: string, token: string | null, body?: unknown) => h.api<T & Body>(method, url, { token, ...(body === undefined ? {} : { body }) });
  const verifyLinks = (email: string) => mailer.sent.filter((m) => m.to === email).map((m) => decodeURIComponent(/verify-email\?token=(\S+)/.exec(m.text)?.[1] ?? '')).filter(Boolean);
  const waitForMail = async (email: string, count = 1) => {
    await eventually(() => verifyLinks(email).length >= count, `${count} verification mail(s) to ${email}`);
    return verifyLinks(email);
  };

  beforeAll(async () => {
    mailer = new RecordingMailer();
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { mailer, paymentProvider: new FakeProvider() });
  });
  afterAll(() => h?.close());

  it('mails a welcome link at sign-up; until it is opened the member cannot publish, propose or fund, but can use the profile', async () => {
    const olive = await unverifiedMember(h, { firstName: 'Olive' });
    const [link] = await waitForMail(olive.email);
    expect(mailer.sent.find((m) => m.to === olive.email)?.subject).toBe('Welcome to SciExperts: confirm your e-mail address');
    expect((await call<User>('GET', `/api/User/GetUserById/${olive.id}`, olive.token)).body.emailVerified).toBe(false);

    // The profile area works.
    expect((await call('PUT', `/api/User/UpdateUser/${olive.id}`, olive.token, { headline: 'Food scientist' })).status).toBe(200);
    const draft = await call<{ id: number }>('POST', '/api/Projects', olive.token, projectBody());
    expect(draft.status).toBe(201);
    const refused = await call('POST', `/api/Projects/${draft.body.id}/Publish`, olive.token);
    expect([refused.status, refused.body.message]).toEqual([403, M.verifyFirst]);

    const ok = await call('POST', '/api/Account/VerifyEmail', null, { token: link });
    expect([ok.status, ok.body.message]).toEqual([200, M.verified]);
    expect((await call('POST', '/api/Account/VerifyEmail', null, { token: link })).status).toBe(400);
    expect((await call<User>('GET', `/api/User/GetUserById/${olive.id}`, olive.token)).body.emailVerified).toBe(true);
    expect((await call('POST', `/api/Projects/${draft.body.id}/Publish`, olive.token)).status).toBe(200);
  });

  it('refuses a proposal and a funding from an unconfirmed member', async () => {
    const owner = await member(h, { firstName: 'Owen' });
    const project = await call<{ id: number }>('POST', '/api/Projects', owner.token, projectBody());
    await call('POST', `/api/Projects/${project.body.id}/Publish`, owner.token);
    const newcomer = await unverifiedMember(h, { firstName: 'Nia' });
    const proposal = await call('POST', `/api/Projects/${project.body.id}/Proposals`, newcomer.token, fixedProposal({ priceCents: 50_000, milestones: [{ title: 'All of it', amountCents: 50_000, dueDate: future(10) }] }));
    expect([proposal.status, proposal.body.message]).toEqual([403, M.verifyFirst]);

    // A client whose address is unconfirmed (made before the rule applied to them: set here) cannot fund.
    const client = await member(h, { firstName: 'Cleo' });
    const expert = await member(h, { firstName: 'Ezra' });
    const { milestoneIds } = await hiredContract(h, client, expert, [10_000]);
    await h.db.kysely.updateTable('users').set({ emailVerifiedAt: null }).where('id', '=', client.id).execute();
    const fund = await caller(h)('POST', `/api/Milestones/${milestoneIds[0]}/Fund`, client);
    expect([fund.status, fund.body.message]).toEqual([403, M.verifyFirst]);
  });

  it('sends the link again three times an hour at most, and not once confirmed', async () => {
    const nia = await unverifiedMember(h, { firstName: 'Nia' });
    await waitForMail(nia.email);
    for (let i = 0; i < 3; i += 1) expect((await call('POST', '/api/Account/ResendVerification', nia.token)).body.message).toBe(M.verificationSent);
    const flood = await call('POST', '/api/Account/ResendVerification', nia.token);
    expect([flood.status, flood.body.message]).toEqual([429, M.tooManyVerificationMails]);
    const links = verifyLinks(nia.email);
    expect(links).toHaveLength(4);
    // Any of the links works (they were all for this address).
    expect((await call('POST', '/api/Account/VerifyEmail', null, { token: links[2] })).status).toBe(200);
    const done = await member(h, { firstName: 'Vera' });
    const already = await call('POST', '/api/Account/ResendVerification', done.token);
    expect([already.status, already.body.message]).toEqual([409, M.alreadyVerified]);
    expect((await call('POST', '/api/Account/ResendVerification', null)).status).toBe(401);
  });

  it('confirms nothing with a link sent to an address the member has since left', async () => {
    const max = await unverifiedMember(h, { firstName: 'Max' });
    const [link] = await waitForMail(max.email);
    await h.db.kysely.updateTable('users').set({ email: `max.moved.${dialect}.${Date.now()}@example.test` }).where('id', '=', max.id).execute();
    const stale = await call('POST', '/api/Account/VerifyEmail', null, { token: link });
    expect([stale.status, stale.body.message]).toEqual([400, M.verifyLinkInvalid]);
    expect((await call('POST', '/api/Account/VerifyEmail', null, { token: 'forged' })).status).toBe(400);
  });
});
