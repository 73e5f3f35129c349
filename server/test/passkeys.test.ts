// Passkeys over the API (docs/decisions/0034-second-factor.md), on both databases, with a software authenticator:
// add, sign in with the passkey alone, step-up, and every refusal (replayed, foreign, expired, unknown, other session).
import { SECURITY_MESSAGES as S, type SecurityOverview } from '@sciexperts/shared/contracts';
import { member, startAppOn, type Harness } from './helpers';
import { SoftAuthenticator } from './softAuthenticator';

type Member = Awaited<ReturnType<typeof member>>;
type Body = { message?: string; reason?: string; token?: string; user?: { id: number } };
type Options = { options: { challenge: string; rp: { id: string }; user: { id: string }; rpId?: string; allowCredentials?: Array<{ id: string }> } };

const ORIGIN = 'http://site.test';

describe.each(['sqlite', 'postgres'] as const)('passkeys over %s', (dialect) => {
  let h: Harness;
  let nowMs = Date.now();
  beforeAll(async () => {
    h = await startAppOn(dialect, {}, { clock: () => new Date(nowMs) });
  });
  afterAll(() => h?.close());

  const call = <T = Body>(url: string, token: string | null, body?: unknown) => h.api<T & Body>('POST', url, { token, ...(body === undefined ? {} : { body }) });
  const stepUpWithPassword = (who: Member, token = who.token) => call('/api/Account/StepUp', token, { method: 'password', password: who.password });
  const overview = async (token: string) => (await h.api<SecurityOverview>('GET', '/api/Account/Security', { token })).body;

  /** Adds a passkey after the member's step-up with the password (docs/decisions/0042); the clock then passes its 5 minutes. */
  async function withPasskey(who: Member, name = 'Work laptop') {
    expect((await stepUpWithPassword(who)).status).toBe(200);
    const soft = new SoftAuthenticator();
    const { body } = await call<Options>('/api/Account/Passkeys/RegisterOptions', who.token);
    expect(body.options.rp.id).toBe('site.test');
    const added = await call('/api/Account/Passkeys', who.token, { name, response: soft.register(body.options, ORIGIN) });
    expect([added.status, added.body.message]).toEqual([200, S.passkeyAdded]);
    nowMs += 5 * 60_000 + 1000;
    return soft;
  }

  it('adds a named passkey and signs in with it alone; the same answer again is refused', async () => {
    const ada = await member(h, { firstName: 'Ada' });
    const soft = await withPasskey(ada);
    const listed = (await overview(ada.token)).passkeys;
    expect(listed).toEqual([{ id: expect.any(Number), name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null }]);
    expect((await overview(ada.token)).stepUpMethods).toEqual(['passkey']);

    const { body } = await call<Options>('/api/Account/Passkeys/LoginOptions', null);
    // Discoverable: no e-mail typed first, so the options name no credential.
    expect(body.options.allowCredentials ?? []).toEqual([]);
    const answer = soft.authenticate(body.options, ORIGIN);
    const signedIn = await call('/api/Account/Passkeys/Login', null, { response: answer });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user?.id).toBe(ada.id);
    expect((await h.api('GET', '/api/Account/Sessions', { token: signedIn.body.token! })).status).toBe(200);
    expect((await overview(ada.token)).passkeys[0]!.lastUsedAt).not.toBeNull();

    const replay = await call('/api/Account/Passkeys/Login', null, { response: answer });
    expect([replay.status, replay.body.message]).toEqual([400, S.passkeyChallengeInvalid]);
  });

  it('refuses an answer for another site, one past its time, a forged one, and a passkey it does not know', async () => {
    const sam = await member(h, { firstName: 'Sam' });
    const soft = await withPasskey(sam);
    const options = async () => (await call<Options>('/api/Account/Passkeys/LoginOptions', null)).body.options;

    const foreignOrigin = await call('/api/Account/Passkeys/Login', null, { response: soft.authenticate(await options(), 'https://evil.example') });
    expect([foreignOrigin.status, foreignOrigin.body.message]).toEqual([400, S.passkeyVerificationFailed]);
    const foreignRp = await call('/api/Account/Passkeys/Login', null, { response: soft.authenticate(await options(), ORIGIN, 'evil.example') });
    expect([foreignRp.status, foreignRp.body.message]).toEqual([400, S.passkeyVerificationFailed]);
    const madeUp = await call('/api/Account/Passkeys/Login', null, { response: soft.authenticate({ challenge: 'bm90LWlzc3VlZA' }, ORIGIN) });
    expect([madeUp.status, madeUp.body.message]).toEqual([400, S.passkeyChallengeInvalid]);

    const late = await options();
    nowMs += 5 * 60_000 + 1000;
    const expired = await call('/api/Account/Passkeys/Login', null, { response: soft.authenticate(late, ORIGIN) });
    expect([expired.status, expired.body.message]).toEqual([400, S.passkeyChallengeInvalid]);

    const stranger = new SoftAuthenticator();
    const unknown = await call('/api/Account/Passkeys/Login', null, { response: stranger.authenticate(await options(), ORIGIN) });
    expect([unknown.status, unknown.body.message]).toEqual([400, S.passkeyUnknown]);

    // A tampered signature.
    const answer = soft.authenticate(await options(), ORIGIN);
    const forged = { ...answer, response: { ...answer.response, signature: Buffer.from('not a signature').toString('base64url') } };
    expect((await call('/api/Account/Passkeys/Login', null, { response: forged })).body.message).toBe(S.passkeyVerificationFailed);
    // The refusals changed nothing.
    expect((await overview(sam.token)).passkeys).toHaveLength(1);
  });

  it('steps up with a passkey on this session only, and removes a passkey after it', async () => {
    const kim = await member(h, { firstName: 'Kim' });
    const soft = await withPasskey(kim);
    const other = (await h.api<Body>('POST', '/api/Account/Login', { body: { email: kim.email, password: kim.password } })).body.token!;
    const id = (await overview(kim.token)).passkeys[0]!.id;
    const asked = await call(`/api/Account/Passkeys/${id}/Remove`, kim.token);
    expect([asked.status, asked.body.reason]).toEqual([401, 'step-up']);

    const mine = (await call<{ methods: string[]; passkeyOptions: Options['options'] }>('/api/Account/StepUp/Options', kim.token)).body;
    expect(mine.methods).toEqual(['passkey']);
    // The other session cannot use a challenge issued to this one.
    const stolen = await call('/api/Account/StepUp', other, { method: 'passkey', response: soft.authenticate(mine.passkeyOptions, ORIGIN) });
    expect([stolen.status, stolen.body.message]).toEqual([400, S.stepUpOtherSession]);
    expect((await call(`/api/Account/Passkeys/${id}/Remove`, other)).status).toBe(401);

    const again = (await call<{ passkeyOptions: Options['options'] }>('/api/Account/StepUp/Options', kim.token)).body;
    expect((await call('/api/Account/StepUp', kim.token, { method: 'passkey', response: soft.authenticate(again.passkeyOptions, ORIGIN) })).status).toBe(200);
    const removed = await call(`/api/Account/Passkeys/${id}/Remove`, kim.token);
    expect([removed.status, removed.body.message]).toEqual([200, S.passkeyRemoved]);
    expect((await call(`/api/Account/Passkeys/${id}/Remove`, kim.token)).status).toBe(404);
    // Gone: it signs nobody in.
    const opts = (await call<Options>('/api/Account/Passkeys/LoginOptions', null)).body.options;
    expect((await call('/api/Account/Passkeys/Login', null, { response: soft.authenticate(opts, ORIGIN) })).body.message).toBe(S.passkeyUnknown);
    const labels = (await overview(kim.token)).recentActivity.map((e) => e.type);
    expect(labels).toEqual(expect.arrayContaining(['passkeyAdded', 'passkeyRemoved']));
  });

  it('refuses a registration answered from another session, or twice', async () => {
    const lee = await member(h, { firstName: 'Lee' });
    const other = (await h.api<Body>('POST', '/api/Account/Login', { body: { email: lee.email, password: lee.password } })).body.token!;
    // Both sessions have stepped up: the refusal below is the challenge's, not the step-up's.
    expect((await stepUpWithPassword(lee)).status).toBe(200);
    expect((await stepUpWithPassword(lee, other)).status).toBe(200);
    const soft = new SoftAuthenticator();
    const { body } = await call<Options>('/api/Account/Passkeys/RegisterOptions', lee.token);
    const answer = soft.register(body.options, ORIGIN);
    const elsewhere = await call('/api/Account/Passkeys', other, { name: 'Phone', response: answer });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([400, S.stepUpOtherSession]);
    // That attempt spent the challenge: the rightful session must ask again.
    expect((await call('/api/Account/Passkeys', lee.token, { name: 'Phone', response: answer })).body.message).toBe(S.passkeyChallengeInvalid);
    const fresh = (await call<Options>('/api/Account/Passkeys/RegisterOptions', lee.token)).body.options;
    const blank = await call('/api/Account/Passkeys', lee.token, { name: '  ', response: soft.register(fresh, ORIGIN) });
    expect([blank.status, blank.body.message]).toEqual([400, S.passkeyNameRequired]);
    expect((await overview(lee.token)).passkeys).toEqual([]);
  });
});
