// Issue 42 (docs/decisions/0042-authenticator-lifecycle.md), on both databases: with a stolen token alone nobody adds
// a way into the account; every added or removed way in is mailed, with a link that removes it and ends every
// session; "Not me" ends every session and starts a reset; a thief's second sign-in from their new place alerts
// again; the identity provider's sign-in asks for the second factor the member turned on.
import { createServer, type Server } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { SECURITY_MESSAGES as S, STEP_UP_REASON, type IdentityLoginAnswer, type LoginAnswer, type SecurityOverview } from '@sciexperts/shared/contracts';
import { totpCode } from '../src/auth/secondFactor';
import { RecordingMailer, eventually, member, startAppOn, type Harness } from './helpers';
import { SoftAuthenticator } from './softAuthenticator';

type Member = Awaited<ReturnType<typeof member>>;
type Body = { message?: string; reason?: string; token?: string; resetToken?: string | null };
type Options = { options: { challenge: string; rp: { id: string }; user: { id: string } } };

const ORIGIN = 'http://site.test';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
const DAY = 86_400_000;

describe.each(['sqlite', 'postgres'] as const)('the ways into an account over %s', (dialect) => {
  let h: Harness;
  let mailer: RecordingMailer;
  let idp: Server;
  let issuer: string;
  let key: CryptoKey;
  // Near the real time: sessions are dated by the real clock, and the identity provider's step-up compares with it.
  let nowMs = Date.now();
  const later = (ms: number) => {
    nowMs += ms;
  };
  const AUDIENCE = 'https://api.sciexperts.test';

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    idp = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      else if (req.url === '/jwks') res.end(JSON.stringify({ keys: [jwk] }));
      else res.end('{}');
    });
    await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
    const addr = idp.address();
    issuer = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    mailer = new RecordingMailer();
    h = await startAppOn(dialect, { oidc: { issuer, audience: AUDIENCE, jwksUrl: null } }, { mailer, clock: () => new Date(nowMs) });
  });
  afterAll(async () => {
    await h?.close();
    await new Promise((r) => idp.close(r));
  });

  const call = <T = Body>(url: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) =>
    h.api<T & Body>('POST', url, { token, headers, ...(body === undefined ? {} : { body }) });
  const alive = async (token: string) => (await h.api('GET', '/api/Account/Sessions', { token })).status;
  const login = (who: Member, headers: Record<string, string> = {}) => call<LoginAnswer>('/api/Account/Login', null, { email: who.email, password: who.password }, headers);
  const tokenOf = (answer: LoginAnswer | IdentityLoginAnswer) => {
    if ('token' in answer) return answer.token;
    if ('accessToken' in answer) return answer.accessToken;
    throw new Error('expected a session');
  };
  const mailsTo = (who: { email: string }, subject: string) => mailer.sent.filter((m) => m.to === who.email && m.subject === subject);
  const linkIn = (text: string, page: string) => decodeURIComponent(new RegExp(`${page}\\?token=(\\S+)`).exec(text)![1]!);
  const stepUpWithPassword = (who: Member, token = who.token) => call('/api/Account/StepUp', token, { method: 'password', password: who.password });

  async function addPasskey(who: Member, token = who.token, name = 'Phone') {
    const soft = new SoftAuthenticator();
    const { body } = await call<Options>('/api/Account/Passkeys/RegisterOptions', token);
    const added = await call('/api/Account/Passkeys', token, { name, response: soft.register(body.options, ORIGIN) });
    expect([added.status, added.body.message]).toEqual([200, S.passkeyAdded]);
    return soft;
  }
  async function signInWithPasskey(soft: SoftAuthenticator) {
    const { body } = await call<Options>('/api/Account/Passkeys/LoginOptions', null);
    return call('/api/Account/Passkeys/Login', null, { response: soft.authenticate(body.options, ORIGIN) });
  }
  async function turnOnAuthenticator(token: string) {
    const setup = await call<{ secret: string }>('/api/Account/SecondFactor/Setup', token);
    expect(setup.status).toBe(200);
    const confirmed = await call<{ recoveryCodes: string[] }>('/api/Account/SecondFactor/Confirm', token, { code: totpCode(setup.body.secret, nowMs) });
    expect(confirmed.status).toBe(200);
    return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
  }
  const passLater = () => later(6 * 60_000);

  it('refuses to add a passkey, an authenticator app or recovery codes with a token alone, and adds them after a step-up (the password when there is no factor)', async () => {
    const victim = await member(h, { firstName: 'Vera' });
    const thief = victim.token;
    const refused = async (url: string, body?: unknown) => {
      const res = await call(url, thief, body);
      expect([url, res.status, res.body.reason, res.body.message]).toEqual([url, 401, STEP_UP_REASON, S.stepUpRequired]);
    };
    await refused('/api/Account/Passkeys/RegisterOptions');
    await refused('/api/Account/Passkeys', { name: 'Thief', response: { id: 'a', rawId: 'a', type: 'public-key', response: {}, clientExtensionResults: {} } });
    await refused('/api/Account/SecondFactor/Setup');
    await refused('/api/Account/SecondFactor/Confirm', { code: '123456' });
    await refused('/api/Account/SecondFactor/RecoveryCodes');
    // Nothing was added.
    const overview = (await h.api<SecurityOverview>('GET', '/api/Account/Security', { token: thief })).body;
    expect([overview.passkeys, overview.secondFactor.enabled, overview.stepUpMethods]).toEqual([[], false, ['password']]);

    // The owner, who knows the password, steps up and adds both.
    expect((await stepUpWithPassword(victim)).status).toBe(200);
    await addPasskey(victim);
    const { secret } = await turnOnAuthenticator(victim.token);
    passLater();
    // With factors on, the password no longer counts: new codes need the passkey or a code.
    await refused('/api/Account/SecondFactor/RecoveryCodes');
    expect((await stepUpWithPassword(victim)).body.message).toBe(S.stepUpMethodUnavailable);
    expect((await call('/api/Account/StepUp', victim.token, { method: 'totp', code: totpCode(secret, nowMs) })).status).toBe(200);
    expect((await call<{ recoveryCodes: string[] }>('/api/Account/SecondFactor/RecoveryCodes', victim.token)).body.recoveryCodes).toHaveLength(10);
  });

  it("mails every added passkey with a link that removes it and ends every session; the thief's passkey signs in no more", async () => {
    const ann = await member(h, { firstName: 'Ann' });
    const second = tokenOf((await login(ann)).body);
    expect((await stepUpWithPassword(ann)).status).toBe(200);
    const soft = await addPasskey(ann, ann.token, 'Not mine');
    const mails = mailsTo(ann, 'A passkey was added to your SciExperts account');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('"Not mine"');
    const link = linkIn(mails[0]!.text, '/account/undo-security-change');
    expect((await signInWithPasskey(soft)).status).toBe(200);

    const resetsBefore = mailsTo(ann, 'Choose a new password for your SciExperts account').length;
    const undone = await call('/api/Account/SecurityChange/Undo', null, { token: link });
    expect([undone.status, undone.body.message, typeof undone.body.resetToken]).toEqual([200, S.securityChangeUndone, 'string']);
    // Every session ended, the passkey gone (it signs nobody in), a reset mailed.
    expect([await alive(ann.token), await alive(second)]).toEqual([401, 401]);
    expect((await signInWithPasskey(soft)).body.message).toBe(S.passkeyUnknown);
    expect(mailsTo(ann, 'Choose a new password for your SciExperts account')).toHaveLength(resetsBefore + 1);
    const reset = await call('/api/Account/ResetPassword', null, { token: undone.body.resetToken, password: 'Brand-new-words-2026' });
    expect(reset.status).toBe(200);
    // Single use.
    const twice = await call('/api/Account/SecurityChange/Undo', null, { token: link });
    expect([twice.status, twice.body.message]).toEqual([400, S.alertLinkInvalid]);
  });

  it('mails a removed passkey, an authenticator turned on and new recovery codes; each link undoes that change only and ends every session', async () => {
    const bo = await member(h, { firstName: 'Bo' });
    expect((await stepUpWithPassword(bo)).status).toBe(200);
    await addPasskey(bo, bo.token, 'Laptop');
    const { secret } = await turnOnAuthenticator(bo.token);
    const on = mailsTo(bo, 'Two-step verification was turned on for your SciExperts account');
    expect(on).toHaveLength(1);
    const id = (await h.api<SecurityOverview>('GET', '/api/Account/Security', { token: bo.token })).body.passkeys[0]!.id;
    expect((await call(`/api/Account/Passkeys/${id}/Remove`, bo.token)).status).toBe(200);
    const removed = mailsTo(bo, 'A passkey was removed from your SciExperts account');
    expect(removed).toHaveLength(1);
    const codes = await call<{ recoveryCodes: string[] }>('/api/Account/SecondFactor/RecoveryCodes', bo.token);
    const newCodes = mailsTo(bo, 'New recovery codes were made for your SciExperts account');
    expect(newCodes).toHaveLength(1);

    // The new codes' link cancels those codes; the authenticator app stays.
    expect((await call('/api/Account/SecurityChange/Undo', null, { token: linkIn(newCodes[0]!.text, '/account/undo-security-change') })).status).toBe(200);
    expect(await alive(bo.token)).toBe(401);
    const challenge = (answer: LoginAnswer) => ('challengeToken' in answer ? answer.challengeToken : '');
    const byCode = await call('/api/Account/Login/SecondFactor', null, { challengeToken: challenge((await login(bo)).body), code: codes.body.recoveryCodes[0] });
    expect([byCode.status, byCode.body.message]).toEqual([400, S.codeWrong]);
    later(30_000);
    const fresh = await call<{ token: string }>('/api/Account/Login/SecondFactor', null, { challengeToken: challenge((await login(bo)).body), code: totpCode(secret, nowMs) });
    expect(fresh.status).toBe(200);

    // The removal's link has nothing to remove: it ends every session.
    expect((await call('/api/Account/SecurityChange/Undo', null, { token: linkIn(removed[0]!.text, '/account/undo-security-change') })).status).toBe(200);
    expect(await alive(fresh.body.token)).toBe(401);

    // The authenticator's link turns it off: the password alone signs in again.
    const offLink = linkIn(on[0]!.text, '/account/undo-security-change');
    later(8 * DAY);
    // A week later the link has expired and changes nothing.
    expect((await call('/api/Account/SecurityChange/Undo', null, { token: offLink })).body.message).toBe(S.alertLinkInvalid);
    expect((await login(bo)).body).toHaveProperty('secondFactorRequired', true);
  });

  it('turns off the authenticator app its link was sent for, and only that one', async () => {
    const cy = await member(h, { firstName: 'Cy' });
    expect((await stepUpWithPassword(cy)).status).toBe(200);
    await turnOnAuthenticator(cy.token);
    const link = linkIn(mailsTo(cy, 'Two-step verification was turned on for your SciExperts account')[0]!.text, '/account/undo-security-change');
    const undone = await call('/api/Account/SecurityChange/Undo', null, { token: link });
    expect(undone.status).toBe(200);
    expect(await alive(cy.token)).toBe(401);
    const plain = await login(cy);
    expect(plain.body).toHaveProperty('token');
  });

  it('"Not me" ends every session of the account and starts a reset; a second sign-in from the same new place alerts again', async () => {
    const ida = await member(h, { firstName: 'Ida' });
    const alerts = () => mailsTo(ida, 'New sign-in to your SciExperts account');
    // The place of the account's first sign-in is known at once.
    const home = tokenOf((await login(ida)).body);
    const thief1 = tokenOf((await login(ida, { 'user-agent': FIREFOX })).body);
    await eventually(() => alerts().length === 1, 'the first alert');
    const thief2 = tokenOf((await login(ida, { 'user-agent': FIREFOX })).body);
    await eventually(() => alerts().length === 2, 'the alert for the second sign-in from the same new place');
    expect(alerts()[1]!.text).toContain('Firefox on Linux');

    const resets = () => mailsTo(ida, 'Choose a new password for your SciExperts account').length;
    const before = resets();
    const ended = await call('/api/Account/SignInAlert/EndSession', null, { token: linkIn(alerts()[0]!.text, '/account/not-me') });
    expect([ended.status, ended.body.message, typeof ended.body.resetToken]).toEqual([200, S.alertSessionEnded, 'string']);
    expect([await alive(ida.token), await alive(home), await alive(thief1), await alive(thief2)]).toEqual([401, 401, 401, 401]);
    expect(resets()).toBe(before + 1);
    const activity = (await h.api<SecurityOverview>('GET', '/api/Account/Security', { token: tokenOf((await login(ida)).body) })).body.recentActivity;
    expect(activity.map((a) => a.type)).toContain('reportedNotMe');

    // The reported place stays unknown, however old its sign-ins get.
    later(10 * DAY);
    await login(ida);
    const count = alerts().length;
    await login(ida, { 'user-agent': FIREFOX });
    await eventually(() => alerts().length === count + 1, 'the alert for the reported place');
  });

  it('a place becomes known a week after its first sign-in if nobody reported it, and is new again after 30 days away', async () => {
    const jo = await member(h, { firstName: 'Jo' });
    const alerts = () => mailsTo(jo, 'New sign-in to your SciExperts account').length;
    await login(jo, { 'user-agent': SAFARI });
    await eventually(() => alerts() === 1, 'the first alert');
    later(6 * DAY);
    await login(jo, { 'user-agent': SAFARI });
    await eventually(() => alerts() === 2, 'the alert within the week');
    later(1 * DAY + 60_000);
    // Used for long enough, and lately: no alert; nor from the place of the first sign-in.
    await login(jo, { 'user-agent': SAFARI });
    await login(jo);
    // Alerts go out in the order of the sign-ins: once this new place's alert is there, any for the two above would be too.
    await login(jo, { 'user-agent': FIREFOX });
    await eventually(() => alerts() >= 3, "the new place's alert");
    expect(mailer.sent.filter((m) => m.to === jo.email && m.subject.startsWith('New sign-in')).map((m) => /Browser: (.+)/.exec(m.text)![1])).toEqual(['Safari on macOS', 'Safari on macOS', 'Firefox on Linux']);
    later(31 * DAY);
    await login(jo, { 'user-agent': SAFARI });
    await eventually(() => alerts() === 4, 'the alert after 30 days away');
  });

  describe('the identity provider', () => {
    const idToken = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' }).setIssuer(issuer).setAudience(AUDIENCE).setIssuedAt().setExpirationTime('5m').sign(key);
    const viaProvider = async (claims: Record<string, unknown>) => call<IdentityLoginAnswer>('/api/Account/LoginWithAuth0', await idToken(claims));

    it('asks a member who turned the second factor on for it, unless the token says the provider asked for several factors (amr "mfa")', async () => {
      // Back to the real time: the provider's step-up reads the session's start, which the real clock dated.
      nowMs = Date.now();
      const sub = `idp|lin-${dialect}-${Date.now()}`;
      const claims = { sub, email: `${sub.replace(/\W/g, '')}@example.test`, email_verified: true, given_name: 'Lin', amr: ['linkedin'] };
      const first = await viaProvider(claims);
      expect(first.status).toBe(200);
      const session = tokenOf(first.body);
      // A fresh sign-in through the provider is this member's step-up (no password, no factor yet).
      const { secret } = await turnOnAuthenticator(session);

      const asked = await viaProvider(claims);
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({ secondFactorRequired: true, challengeToken: expect.any(String), expiresInSeconds: 300 });
      expect(asked.body).not.toHaveProperty('accessToken');
      const challengeToken = (asked.body as { challengeToken: string }).challengeToken;
      const wrong = await call('/api/Account/Login/SecondFactor', null, { challengeToken, code: totpCode(secret, nowMs + 10 * 60_000) });
      expect([wrong.status, wrong.body.message]).toEqual([400, S.codeWrong]);
      later(30_000);
      const done = await call<{ token: string }>('/api/Account/Login/SecondFactor', null, { challengeToken, code: totpCode(secret, nowMs) });
      expect(done.status).toBe(200);
      expect(await alive(done.body.token)).toBe(200);

      const withMfa = await viaProvider({ ...claims, amr: ['pwd', 'mfa'] });
      expect(withMfa.status).toBe(200);
      expect(await alive(tokenOf(withMfa.body))).toBe(200);
    });
  });
});
