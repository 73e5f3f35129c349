// Account security over the API (docs/decisions/0034-second-factor.md), on both databases: the second factor at
// sign-in, recovery codes, step-up on each named route, sign-in alerts, recent activity and the payout hold.
import { ACCOUNT_MESSAGES, PASSWORD_COMMON_MESSAGE, PASSWORD_PERSONAL_MESSAGE, SECURITY_MESSAGES as S, STEP_UP_REASON, type LoginAnswer, type SecurityOverview } from '@sciexperts/shared/contracts';
import { totpCode } from '../src/auth/secondFactor';
import { RecordingMailer, eventually, member, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, connectPayoutAccount, deliver, eventId, hiredContract, paid } from './paymentsFixtures';

type Member = Awaited<ReturnType<typeof member>>;
type Body = { message?: string; reason?: string; details?: Array<{ field?: string; message: string }> };

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe.each(['sqlite', 'postgres'] as const)('account security over %s', (dialect) => {
  let h: Harness;
  let mailer: RecordingMailer;
  let provider: FakeProvider;
  let nowMs = Date.UTC(2026, 10, 27, 9, 0, 10);
  const later = (seconds: number) => {
    nowMs += seconds * 1000;
  };

  beforeAll(async () => {
    mailer = new RecordingMailer();
    provider = new FakeProvider();
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { mailer, paymentProvider: provider, clock: () => new Date(nowMs) });
  });
  afterAll(() => h?.close());

  const call = <T = Body>(method: string, url: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) =>
    h.api<T & Body>(method, url, { token, headers, ...(body === undefined ? {} : { body }) });
  const login = (who: Member, headers: Record<string, string> = {}) => call<LoginAnswer>('POST', '/api/Account/Login', null, { email: who.email, password: who.password }, headers);
  const stepUpWithPassword = (who: Member, token = who.token) => call('POST', '/api/Account/StepUp', token, { method: 'password', password: who.password });

  /**
   * Turns the second factor on for the member (its own step-up with the password included: adding a way in needs
   * proof, docs/decisions/0042) and answers the secret and the codes; the clock then passes that step-up's 5 minutes.
   */
  async function withSecondFactor(who: Member) {
    expect((await stepUpWithPassword(who)).status).toBe(200);
    const setup = await call<{ secret: string; qrCodeDataUrl: string; otpauthUri: string }>('POST', '/api/Account/SecondFactor/Setup', who.token);
    expect(setup.status).toBe(200);
    const confirmed = await call<{ recoveryCodes: string[] }>('POST', '/api/Account/SecondFactor/Confirm', who.token, { code: totpCode(setup.body.secret, nowMs) });
    expect(confirmed.status).toBe(200);
    later(301);
    return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
  }

  const challengeOf = (answer: LoginAnswer) => {
    if (!('secondFactorRequired' in answer)) throw new Error('expected the second-factor step');
    return answer.challengeToken;
  };

  it('asks a member with a second factor for the code after the password, and signs in with it once', async () => {
    const ada = await member(h, { firstName: 'Ada' });
    const plain = await login(ada);
    expect(plain.status).toBe(200);
    expect(plain.body).toHaveProperty('token');

    const { secret } = await withSecondFactor(ada);
    const overview = await call<SecurityOverview>('GET', '/api/Account/Security', ada.token);
    expect(overview.body.secondFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(overview.body.stepUpMethods).toEqual(['totp']);

    const step = await login(ada);
    expect(step.status).toBe(200);
    expect(step.body).toEqual({ secondFactorRequired: true, challengeToken: expect.any(String), expiresInSeconds: 300 });
    expect(step.body).not.toHaveProperty('token');
    const challengeToken = challengeOf(step.body);

    const empty = await call('POST', '/api/Account/Login/SecondFactor', null, { challengeToken, code: '' });
    expect([empty.status, empty.body.message]).toEqual([400, S.codeRequired]);
    const wrong = await call('POST', '/api/Account/Login/SecondFactor', null, { challengeToken, code: totpCode(secret, nowMs + 5 * 60_000) });
    expect([wrong.status, wrong.body.message]).toEqual([400, S.codeWrong]);
    // The token survives a wrong code, and works once.
    const code = totpCode(secret, nowMs);
    const ok = await call<{ token: string; user: { id: number } }>('POST', '/api/Account/Login/SecondFactor', null, { challengeToken, code });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(ada.id);
    expect((await call('GET', '/api/Account/Sessions', ok.body.token)).status).toBe(200);
    const again = await call('POST', '/api/Account/Login/SecondFactor', null, { challengeToken, code });
    expect([again.status, again.body.message]).toEqual([401, S.challengeExpired]);

    // The same code with a fresh token: refused as used, also when it is the previous window's.
    const replay = await call('POST', '/api/Account/Login/SecondFactor', null, { challengeToken: challengeOf((await login(ada)).body), code });
    expect([replay.status, replay.body.message]).toEqual([400, S.codeReused]);
    later(30);
    expect((await call('POST', '/api/Account/Login/SecondFactor', null, { challengeToken: challengeOf((await login(ada)).body), code })).body.message).toBe(S.codeReused);

    // A token from the password step expires after five minutes.
    const old = challengeOf((await login(ada)).body);
    later(301);
    const expired = await call('POST', '/api/Account/Login/SecondFactor', null, { challengeToken: old, code: totpCode(secret, nowMs) });
    expect([expired.status, expired.body.message]).toEqual([401, S.challengeExpired]);
    const forged = await call('POST', '/api/Account/Login/SecondFactor', null, { challengeToken: 'made-up', code: totpCode(secret, nowMs) });
    expect([forged.status, forged.body.message]).toEqual([401, S.challengeExpired]);
    // A wrong password still says so, and never reveals the second step.
    const bad = await call('POST', '/api/Account/Login', null, { email: ada.email, password: 'not-the-password' });
    expect([bad.status, bad.body.message]).toEqual([401, ACCOUNT_MESSAGES.invalidCredentials]);
  });

  it('takes each recovery code once, and throttles wrong codes like wrong passwords', async () => {
    const sam = await member(h, { firstName: 'Sam' });
    const { recoveryCodes } = await withSecondFactor(sam);
    const first = recoveryCodes[0]!;
    const used = await call('POST', '/api/Account/Login/SecondFactor', null, { challengeToken: challengeOf((await login(sam)).body), code: first });
    expect(used.status).toBe(200);
    const twice = await call('POST', '/api/Account/Login/SecondFactor', null, { challengeToken: challengeOf((await login(sam)).body), code: first });
    expect([twice.status, twice.body.message]).toEqual([400, S.recoveryCodeReused]);
    expect((await call<SecurityOverview>('GET', '/api/Account/Security', sam.token)).body.secondFactor.recoveryCodesLeft).toBe(9);

    const token = challengeOf((await login(sam)).body);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await call('POST', '/api/Account/Login/SecondFactor', null, { challengeToken: token, code: '000000' })).status);
    // The first one or two may count the reused recovery code above; five failures in all, then waits.
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.at(-1)).toBe(429);
    const limited = await call('POST', '/api/Account/Login/SecondFactor', null, { challengeToken: token, code: recoveryCodes[1]! });
    expect([limited.status, limited.body.message]).toEqual([429, S.tooManyCodes]);
  });

  it('asks for a step-up on each named route, good for five minutes on that session only', async () => {
    const kim = await member(h, { firstName: 'Kim' });
    const otherSession = (await login(kim)).body as { token: string };
    const { secret } = await withSecondFactor(kim);
    const needs = async (method: string, url: string, body?: unknown) => {
      const res = await call(method, url, kim.token, body, { 'idempotency-key': `k-${eventId()}` });
      expect([url, res.status, res.body.reason, res.body.message]).toEqual([url, 401, STEP_UP_REASON, S.stepUpRequired]);
    };
    await needs('POST', '/api/Payments/Withdrawals', { amountCents: 100 });
    await needs('POST', '/api/Payments/PayoutAccount/Link');
    await needs('POST', '/api/Account/ChangeEmail', { newEmail: 'kim.new@example.test', currentPassword: kim.password });
    await needs('POST', '/api/Account/ChangePassword', { currentPassword: kim.password, newPassword: 'A-new-pass-phrase-2026' });
    await needs('POST', '/api/Account/Delete', { currentPassword: kim.password });
    await needs('POST', '/api/Account/SecondFactor/RecoveryCodes');
    await needs('POST', '/api/Account/SecondFactor/Disable');
    await needs('POST', '/api/Account/Passkeys/1/Remove');
    // Adding a way in, as removing one (docs/decisions/0042).
    await needs('POST', '/api/Account/SecondFactor/Setup');
    await needs('POST', '/api/Account/SecondFactor/Confirm', { code: '123456' });
    await needs('POST', '/api/Account/Passkeys/RegisterOptions');
    await needs('POST', '/api/Account/Passkeys', { name: 'Phone', response: { id: 'a', rawId: 'a', type: 'public-key', response: {}, clientExtensionResults: {} } });
    // The session is still alive: a step-up 401 is not a sign-out.
    expect((await call('GET', '/api/Account/Sessions', kim.token)).status).toBe(200);

    // Password is not enough for a member with a second factor; a wrong code changes nothing.
    const byPassword = await stepUpWithPassword(kim);
    expect([byPassword.status, byPassword.body.message]).toEqual([409, S.stepUpMethodUnavailable]);
    const wrong = await call('POST', '/api/Account/StepUp', kim.token, { method: 'totp', code: totpCode(secret, nowMs + 10 * 60_000) });
    expect([wrong.status, wrong.body.message]).toEqual([400, S.codeWrong]);
    await needs('POST', '/api/Account/SecondFactor/RecoveryCodes');

    const done = await call<{ until: string }>('POST', '/api/Account/StepUp', kim.token, { method: 'totp', code: totpCode(secret, nowMs) });
    expect(done.status).toBe(200);
    expect(done.body.until).toBe(new Date(nowMs + 5 * 60_000).toISOString());
    const regenerated = await call<{ recoveryCodes: string[] }>('POST', '/api/Account/SecondFactor/RecoveryCodes', kim.token);
    expect([regenerated.status, regenerated.body.recoveryCodes.length]).toEqual([200, 10]);
    // Past the step-up, the routes answer what they would (not 401): no payout account yet, no such passkey.
    expect((await call('POST', '/api/Payments/Withdrawals', kim.token, { amountCents: 100 }, { 'idempotency-key': `k-${eventId()}` })).status).toBe(409);
    expect((await call('POST', '/api/Account/Passkeys/1/Remove', kim.token)).status).toBe(404);

    // Another session of the same member has not stepped up.
    const elsewhere = await call('POST', '/api/Account/SecondFactor/RecoveryCodes', otherSession.token);
    expect([elsewhere.status, elsewhere.body.reason]).toEqual([401, STEP_UP_REASON]);
    // Five minutes later, asked again.
    later(301);
    await needs('POST', '/api/Account/SecondFactor/RecoveryCodes');
    expect((await call('POST', '/api/Account/StepUp', kim.token, { method: 'totp', code: totpCode(secret, nowMs) })).status).toBe(200);
    expect((await call('POST', '/api/Account/SecondFactor/Disable', kim.token)).body.message).toBe(S.secondFactorOff);
    // With the factor off, login is a session again, and the password routes take the password alone.
    expect((await login(kim)).body).toHaveProperty('token');
  });

  it('deletes the second factor, recovery codes and activity with the account (after a step-up)', async () => {
    const del = await member(h, { firstName: 'Dora' });
    const { secret } = await withSecondFactor(del);
    const asked = await call('POST', '/api/Account/Delete', del.token, { currentPassword: del.password });
    expect([asked.status, asked.body.reason]).toEqual([401, STEP_UP_REASON]);
    expect((await call('POST', '/api/Account/StepUp', del.token, { method: 'totp', code: totpCode(secret, nowMs) })).status).toBe(200);
    expect((await call('POST', '/api/Account/Delete', del.token, { currentPassword: del.password })).status).toBe(200);
    const k = h.db.kysely;
    expect(await k.selectFrom('secondFactors').select('ownerId').where('ownerKind', '=', 'member').where('ownerId', '=', del.id).execute()).toEqual([]);
    expect(await k.selectFrom('recoveryCodes').select('ownerId').where('ownerKind', '=', 'member').where('ownerId', '=', del.id).execute()).toEqual([]);
    expect(await k.selectFrom('securityEvents').select('id').where('userId', '=', del.id).execute()).toEqual([]);
  });

  it('a member without passkey or second factor steps up with the password for money, and the password routes need nothing more', async () => {
    const lee = await member(h, { firstName: 'Lee' });
    expect((await call<SecurityOverview>('GET', '/api/Account/Security', lee.token)).body.stepUpMethods).toEqual(['password']);
    const withdraw = await call('POST', '/api/Payments/Withdrawals', lee.token, { amountCents: 100 }, { 'idempotency-key': `k-${eventId()}` });
    expect([withdraw.status, withdraw.body.reason]).toEqual([401, STEP_UP_REASON]);
    const wrong = await call('POST', '/api/Account/StepUp', lee.token, { method: 'password', password: 'wrong password here' });
    expect(wrong.status).toBe(400);
    expect((await stepUpWithPassword(lee)).status).toBe(200);
    expect((await call('POST', '/api/Payments/Withdrawals', lee.token, { amountCents: 100 }, { 'idempotency-key': `k-${eventId()}` })).status).toBe(409);
    const fresh = ((await login(lee)).body as { token: string }).token;
    expect((await call('POST', '/api/Account/StepUp', fresh, { method: 'totp', code: '123456' })).body.message).toBe(S.stepUpMethodUnavailable);
    const change = await call('POST', '/api/Account/ChangePassword', fresh, { currentPassword: lee.password, newPassword: 'New-pass-phrase-2026-x' });
    expect(change.status).toBe(200);
  });

  it('mails an alert for each sign-in from a new browser and address, whose link ends every session and starts a reset', async () => {
    const ida = await member(h, { firstName: 'Ida' });
    const before = mailer.sent.length;
    await login(ida);
    expect(mailer.sent.slice(before).filter((m) => m.to === ida.email)).toEqual([]);
    const intruder = await login(ida, { 'user-agent': FIREFOX });
    const intruderToken = (intruder.body as { token: string }).token;
    await eventually(() => mailer.sent.some((m) => m.to === ida.email && m.subject === 'New sign-in to your SciExperts account'), 'the sign-in alert');
    const mail = mailer.sent.find((m) => m.to === ida.email && m.subject === 'New sign-in to your SciExperts account')!;
    expect(mail.text).toContain('Firefox on Linux');
    const token = decodeURIComponent(/not-me\?token=(\S+)/.exec(mail.text)![1]!);
    // The same browser and address again, minutes later: still not a known place, so a second alert (docs/decisions/0042).
    await login(ida, { 'user-agent': FIREFOX });
    await eventually(() => mailer.sent.filter((m) => m.to === ida.email && m.subject.startsWith('New sign-in')).length === 2, 'the second alert');

    const ended = await call<{ message: string; resetToken: string }>('POST', '/api/Account/SignInAlert/EndSession', null, { token });
    expect([ended.status, ended.body.message]).toEqual([200, S.alertSessionEnded]);
    // Every session ends, the member's own included, and the reset link is mailed too.
    expect((await call('GET', '/api/Account/Sessions', intruderToken)).status).toBe(401);
    expect((await call('GET', '/api/Account/Sessions', ida.token)).status).toBe(401);
    expect(mailer.sent.some((m) => m.to === ida.email && m.subject === 'Choose a new password for your SciExperts account')).toBe(true);
    const reset = await call('POST', '/api/Account/ResetPassword', null, { token: ended.body.resetToken, password: 'Brand-new-words-2026' });
    expect([reset.status, reset.body.message]).toEqual([200, ACCOUNT_MESSAGES.passwordChanged]);
    const twice = await call('POST', '/api/Account/SignInAlert/EndSession', null, { token });
    expect([twice.status, twice.body.message]).toEqual([400, S.alertLinkInvalid]);

    const activity = (await call<SecurityOverview>('GET', '/api/Account/Security', (await call<{ token: string }>('POST', '/api/Account/Login', null, { email: ida.email, password: 'Brand-new-words-2026' }, { 'user-agent': CHROME })).body.token)).body.recentActivity;
    expect(activity[0]).toMatchObject({ type: 'signIn', label: 'Signed in', device: 'Chrome on Windows' });
    expect(activity.map((a) => a.device)).toContain('Firefox on Linux');
  });

  it("names a sign-in through the API by its client in the recent activity, not 'Unknown device'", async () => {
    const api = await member(h, { firstName: 'Api' });
    const viaCurl = await login(api, { 'user-agent': 'curl/8.5.0' });
    expect(viaCurl.status).toBe(200);
    const activity = (await call<SecurityOverview>('GET', '/api/Account/Security', api.token)).body.recentActivity;
    expect(activity[0]).toMatchObject({ type: 'signIn', device: 'API client (curl)' });
    expect(activity.map((a) => a.device)).not.toContain('Unknown device');
  });

  it('holds withdrawals for 48 hours after a payout account change, unless confirmed from the e-mail', async () => {
    const client = await member(h, { firstName: 'Cleo' });
    const eve = await member(h, { firstName: 'Eve' });
    const pay = caller(h);
    await connectPayoutAccount(h, eve);
    const { milestoneIds } = await hiredContract(h, client, eve, [50_000]);
    const milestoneId = milestoneIds[0]!;
    const fund = await pay<{ paymentId: number }>('POST', `/api/Milestones/${milestoneId}/Fund`, client);
    await deliver(h, paid(fund.body.paymentId, 50_000));
    expect((await pay('POST', `/api/Milestones/${milestoneId}/Submit`, eve, { body: { note: 'Delivered.' } })).status).toBe(200);
    expect((await pay('POST', `/api/Milestones/${milestoneId}/Approve`, client)).status).toBe(200);
    const withdraw = () => pay('POST', '/api/Payments/Withdrawals', eve, { body: { amountCents: 1_000 } });
    // What the payment page reads before the member presses Withdraw (issue 47): the hold and its end, or null.
    const holdUntil = async () => (await pay<{ holdUntil: string | null }>('GET', '/api/Payments/PayoutAccount', eve, { key: null })).body.holdUntil;

    // First connection (done above, with its step-up): no hold.
    expect(await holdUntil()).toBeNull();
    const first = await withdraw();
    expect([first.status, first.body.message]).toEqual([201, undefined]);
    // A change of the ready account: held, security activity, an e-mail with the confirmation link.
    const changedAt = nowMs;
    expect((await pay('POST', '/api/Payments/PayoutAccount/Link', eve, { key: null })).status).toBe(200);
    expect(await holdUntil()).toBe(new Date(changedAt + 48 * 3600_000).toISOString());
    const held = await withdraw();
    expect([held.status, held.body.message]).toEqual([409, S.payoutHeld]);
    const mail = mailer.sent.find((m) => m.to === eve.email && m.subject === 'Your SciExperts payout account was changed')!;
    const token = decodeURIComponent(/confirm-payout-change\?token=(\S+)/.exec(mail.text)![1]!);
    const bad = await call('POST', '/api/Account/PayoutChange/Confirm', null, { token: 'nope' });
    expect([bad.status, bad.body.message]).toEqual([400, S.payoutLinkInvalid]);
    expect((await call('POST', '/api/Account/PayoutChange/Confirm', null, { token })).body.message).toBe(S.payoutChangeConfirmed);
    expect(await holdUntil()).toBeNull();
    expect((await withdraw()).status).toBe(201);
    expect((await call('POST', '/api/Account/PayoutChange/Confirm', null, { token })).status).toBe(400);

    // Another change, not confirmed: held until 48 hours have passed.
    await stepUpWithPassword(eve);
    await pay('POST', '/api/Payments/PayoutAccount/Link', eve, { key: null });
    await deliver(h, { id: eventId(), type: 'payout-account.updated', accountId: `acct_${eve.id}`, ready: true, label: 'Test Bank •••• 6789' });
    expect((await withdraw()).status).toBe(409);
    later(48 * 3600 - 60);
    await stepUpWithPassword(eve);
    expect(await holdUntil()).not.toBeNull();
    expect((await withdraw()).status).toBe(409);
    later(61);
    expect(await holdUntil()).toBeNull();
    expect((await withdraw()).status).toBe(201);
    const activity = (await call<SecurityOverview>('GET', '/api/Account/Security', eve.token)).body.recentActivity;
    expect(activity.filter((a) => a.type === 'payoutAccountChanged').map((a) => a.label)).toEqual(['Payout account changed', 'Payout account changed']);
  });
});

describe.each(['sqlite', 'postgres'] as const)('password rules over %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAppOn(dialect);
  });
  afterAll(() => h?.close());

  it('refuses common passwords and passwords containing the e-mail name or name at sign-up, change and reset, with the same message as the forms', async () => {
    const signup = (password: string) =>
      h.api<Body>('POST', '/api/User/AddNewUser', { body: { email: `rosa.parks.${Date.now()}@example.test`, firstName: 'Rosa', lastName: 'Parks', phoneNumber: '+1 5551234567', password } });
    for (const [password, message] of [
      ['password123', PASSWORD_COMMON_MESSAGE],
      ['Qwertyuiop', PASSWORD_COMMON_MESSAGE],
      ['i-am-rosa-2026', PASSWORD_PERSONAL_MESSAGE],
      ['PARKS-and-recreation', PASSWORD_PERSONAL_MESSAGE],
    ] as const) {
      const res = await signup(password);
      expect([password, res.status, res.body.details]).toEqual([password, 400, [{ field: 'password', message }]]);
    }
    const ok = await signup('correct horse battery staple');
    expect(ok.status).toBe(201);

    const ada = await member(h, { firstName: 'Ada', lastName: 'Byron' });
    const change = await h.api<Body>('POST', '/api/Account/ChangePassword', { token: ada.token, body: { currentPassword: ada.password, newPassword: 'lady-ada-forever' } });
    expect([change.status, change.body.details]).toEqual([400, [{ field: 'newPassword', message: PASSWORD_PERSONAL_MESSAGE }]]);
    const common = await h.api<Body>('POST', '/api/Account/ChangePassword', { token: ada.token, body: { currentPassword: ada.password, newPassword: 'baseball' } });
    expect(common.body.details).toEqual([{ field: 'newPassword', message: PASSWORD_COMMON_MESSAGE }]);
  });
});
