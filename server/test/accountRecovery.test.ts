// Recovery after a stolen session (docs/decisions/0043-account-recovery.md), on both databases: a thief holding the
// member's session added a passkey and turned on an authenticator app of their own; the e-mailed password reset ends
// every session and socket, lists both, and its grant removes them, after which neither signs in. The grant works for
// its member only, for 15 minutes (an injected clock), and a newer reset replaces it.
import {
  RECOVERY_MESSAGES as R,
  SECURITY_MESSAGES as S,
  type LoginAnswer,
  type PasswordResetAnswer,
  type RecoveryRemovalAnswer,
} from '@sciexperts/shared/contracts';
import { totpCode } from '../src/auth/secondFactor';
import { sessionIdOf } from '../src/modules/security/activity';
import { chatClients, connected, disconnected } from './chatClient';
import { eventually, member, RecordingMailer, startAppOn, type Harness } from './helpers';
import { SoftAuthenticator } from './softAuthenticator';

type Member = Awaited<ReturnType<typeof member>>;
type Options = { options: { challenge: string; rp: { id: string }; user: { id: string } } };
type Body = { message?: string; token?: string; user?: { id: number } };

const ORIGIN = 'http://site.test';
const NEW_PASSWORD = 'a brand new passphrase';
const HOUR = 3600_000;

describe.each(['sqlite', 'postgres'] as const)('account recovery after a stolen session over %s', (dialect) => {
  let h: Harness;
  const mailer = new RecordingMailer();
  const startedAt = Date.now();
  let nowMs = startedAt;
  const { socket, closeAll } = chatClients(() => h.base);
  beforeAll(async () => {
    h = await startAppOn(dialect, {}, { mailer, clock: () => new Date(nowMs) });
  });
  afterEach(closeAll);
  afterAll(() => h?.close());

  const post = <T = Body>(url: string, body?: unknown, token: string | null = null) => h.api<T & Body>('POST', url, { token, ...(body === undefined ? {} : { body }) });

  /** Adds a passkey on this session. The session is marked stepped-up first, as a thief's was before step-up guarded adding one. */
  async function addPasskey(token: string, name: string): Promise<SoftAuthenticator> {
    await h.db.kysely.updateTable('sessions').set({ stepUpUntil: new Date(nowMs + HOUR).toISOString() }).where('id', '=', sessionIdOf(token)).execute();
    const soft = new SoftAuthenticator();
    const { body } = await post<Options>('/api/Account/Passkeys/RegisterOptions', undefined, token);
    const added = await post('/api/Account/Passkeys', { name, response: soft.register(body.options, ORIGIN) }, token);
    expect([added.status, added.body.message]).toEqual([200, S.passkeyAdded]);
    return soft;
  }

  /** An authenticator app of the thief's own, turned on for the member (the service itself: routes may ask for more). */
  async function turnOnAuthenticator(m: Member): Promise<string> {
    const owner = { kind: 'member' as const, id: m.id };
    const begun = await h.app.ctx.secondFactors.begin(owner, m.email);
    if (!begun.ok) throw new Error('second factor already on');
    expect((await h.app.ctx.secondFactors.confirm(owner, totpCode(begun.enrolment.secret, nowMs))).ok).toBe(true);
    return begun.enrolment.secret;
  }

  /** The owner's own passkey, added three days ago; then, an hour ago, the thief's passkey and authenticator app. */
  async function stolenAccount() {
    const owner = await member(h, { firstName: 'Ada' });
    nowMs = startedAt - 72 * HOUR;
    const ownerKey = await addPasskey(owner.token, 'Work laptop');
    nowMs = startedAt - HOUR;
    const stolen = (await post<Body>('/api/Account/Login', { email: owner.email, password: owner.password })).body.token!;
    const thiefKey = await addPasskey(stolen, 'My phone');
    const thiefSecret = await turnOnAuthenticator(owner);
    nowMs = startedAt;
    return { owner, stolen, ownerKey, thiefKey, thiefSecret };
  }

  async function resetLink(email: string): Promise<string> {
    const resetMails = () => mailer.sent.filter((m) => m.to === email && m.subject === 'Reset your SciExperts password');
    const before = resetMails().length;
    expect((await post('/api/Account/RequestPasswordReset', { email })).status).toBe(200);
    let token = '';
    await eventually(() => {
      const mail = resetMails()[before];
      token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
      return token !== '';
    }, `the reset mail to ${email}`);
    return token;
  }

  async function reset(email: string): Promise<PasswordResetAnswer> {
    const answer = await post<PasswordResetAnswer>('/api/Account/ResetPassword', { token: await resetLink(email), password: NEW_PASSWORD });
    expect(answer.status).toBe(200);
    return answer.body;
  }

  const passkeySignIn = async (soft: SoftAuthenticator) => {
    const { body } = await post<Options>('/api/Account/Passkeys/LoginOptions');
    return post('/api/Account/Passkeys/Login', { response: soft.authenticate(body.options, ORIGIN) });
  };
  const removePasskey = (grant: string, id: number) => post<RecoveryRemovalAnswer>(`/api/Account/Recovery/Passkeys/${id}/Remove`, { grant });
  const removeAuthenticator = (grant: string) => post<RecoveryRemovalAnswer>('/api/Account/Recovery/Authenticator/Remove', { grant });
  const signedIn = async (token: string) => (await h.api('GET', '/api/Account/Sessions', { token })).status;

  it('ends every session and socket, and lists the passkeys and the authenticator app with what was added recently', async () => {
    const { owner, stolen } = await stolenAccount();
    const sockets = [socket(owner), socket({ id: owner.id, token: stolen })];
    await Promise.all(sockets.map(connected));
    const gone = Promise.all(sockets.map((s) => disconnected(s, 10_000)));

    const answer = await reset(owner.email);

    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    expect([await signedIn(owner.token), await signedIn(stolen)]).toEqual([401, 401]);
    expect(answer.message).toBe('Your password has been changed. Please sign in with the new password.');
    expect(answer.recovery).toEqual({
      grant: expect.any(String),
      expiresAt: new Date(startedAt + 15 * 60_000).toISOString(),
      factors: {
        // The thief's, added an hour ago, first and flagged; the owner's of three days ago after it.
        passkeys: [
          { id: expect.any(Number), name: 'My phone', createdAt: new Date(startedAt - HOUR).toISOString(), addedRecently: true },
          { id: expect.any(Number), name: 'Work laptop', createdAt: new Date(startedAt - 72 * HOUR).toISOString(), addedRecently: false },
        ],
        authenticator: { enabledAt: new Date(startedAt - HOUR).toISOString(), addedRecently: true },
      },
    });
    expect(mailer.sent.find((m) => m.to === owner.email && m.subject === 'Reset your SciExperts password')?.text).toContain('remove any you do not recognise');
  });

  it('removes the thief’s passkey and authenticator app with the grant; neither signs in afterwards, the owner does', async () => {
    const { owner, ownerKey, thiefKey, thiefSecret } = await stolenAccount();
    const { recovery } = await reset(owner.email);
    const grant = recovery!.grant;
    const [thiefPasskey, ownerPasskey] = recovery!.factors.passkeys;

    // Until removed, the thief's passkey still signs in, and their app's code stands between the owner and a session.
    const thiefSession = (await passkeySignIn(thiefKey)).body.token!;
    const step = await post<LoginAnswer>('/api/Account/Login', { email: owner.email, password: NEW_PASSWORD });
    expect(step.body).toMatchObject({ secondFactorRequired: true });
    const challengeToken = (step.body as { challengeToken: string }).challengeToken;

    const removed = await removePasskey(grant, thiefPasskey!.id);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(R.passkeyRemoved);
    expect(removed.body.factors.passkeys.map((p) => p.name)).toEqual(['Work laptop']);
    // Whatever the passkey opened since the reset ends with it.
    expect(await signedIn(thiefSession)).toBe(401);
    expect((await passkeySignIn(thiefKey)).body.message).toBe(S.passkeyUnknown);

    const off = await removeAuthenticator(grant);
    expect([off.status, off.body.message, off.body.factors]).toEqual([200, R.authenticatorRemoved, { passkeys: [ownerPasskey], authenticator: null }]);
    const code = await post('/api/Account/Login/SecondFactor', { challengeToken, code: totpCode(thiefSecret, nowMs + 30_000) });
    expect([code.status, code.body.message]).toEqual([400, S.secondFactorNotOn]);

    // The owner signs in with the new password alone, or with their own passkey.
    const login = await post('/api/Account/Login', { email: owner.email, password: NEW_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.token).toEqual(expect.any(String));
    expect((await passkeySignIn(ownerKey)).body.user?.id).toBe(owner.id);
    const activity = (await h.api<{ recentActivity: Array<{ type: string }> }>('GET', '/api/Account/Security', { token: login.body.token! })).body.recentActivity.map((e) => e.type);
    expect(activity).toEqual(expect.arrayContaining(['passwordChanged', 'passkeyRemoved', 'secondFactorOff']));
  });

  it('works for its own member only, once for each factor, for 15 minutes, and until a newer reset', async () => {
    const ada = await stolenAccount();
    const bob = await member(h, { firstName: 'Bob' });
    const bobKey = await addPasskey(bob.token, 'Bob’s key');
    const adaGrant = (await reset(ada.owner.email)).recovery!;
    const bobGrant = (await reset(bob.email)).recovery!;
    const bobPasskeyId = bobGrant.factors.passkeys[0]!.id;

    // Ada's grant names no passkey of Bob's, and does not reach Bob's authenticator (he has none) nor change Ada's.
    const foreign = await removePasskey(adaGrant.grant, bobPasskeyId);
    expect([foreign.status, foreign.body.message]).toEqual([404, R.passkeyNotFound]);
    expect((await passkeySignIn(bobKey)).body.user?.id).toBe(bob.id);
    const noApp = await removeAuthenticator(bobGrant.grant);
    expect([noApp.status, noApp.body.message]).toEqual([409, R.authenticatorNotOn]);

    // Each factor goes once.
    const mine = adaGrant.factors.passkeys[0]!.id;
    expect((await removePasskey(adaGrant.grant, mine)).status).toBe(200);
    expect((await removePasskey(adaGrant.grant, mine)).status).toBe(404);
    expect((await removeAuthenticator(adaGrant.grant)).status).toBe(200);
    expect((await removeAuthenticator(adaGrant.grant)).status).toBe(409);

    // Made up, or missing.
    for (const body of [{ grant: 'made-up' }, {}]) expect((await post(`/api/Account/Recovery/Passkeys/${bobPasskeyId}/Remove`, body)).status).toBe(400);

    // A newer reset replaces the grant.
    const newer = (await reset(bob.email)).recovery!;
    const replaced = await removePasskey(bobGrant.grant, bobPasskeyId);
    expect([replaced.status, replaced.body.message]).toEqual([400, R.grantInvalid]);

    // Past its 15 minutes it removes nothing.
    nowMs = startedAt + 15 * 60_000 + 1000;
    const late = await removePasskey(newer.grant, bobPasskeyId);
    expect([late.status, late.body.message]).toEqual([400, R.grantInvalid]);
    expect((await passkeySignIn(bobKey)).body.user?.id).toBe(bob.id);
    nowMs = startedAt;
  });

  it('answers no grant to a member with neither a passkey nor an authenticator app', async () => {
    const cy = await member(h, { firstName: 'Cy' });
    expect(await reset(cy.email)).toEqual({ message: 'Your password has been changed. Please sign in with the new password.', recovery: null });
  });
});
