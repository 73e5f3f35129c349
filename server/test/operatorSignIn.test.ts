// Operators' sign-in (docs/decisions/0044-operator-sign-in-throttle.md): a stranger's guesses slow the stranger and
// never lock an operator out at their usual address; the one-time password from create-operator must be replaced
// before the console opens; a later change needs the step-up; a pending authenticator key is answered again
// unchanged; failed and successful sign-ins are in the audit log with the address the proxy saw.
import { ADMIN_LIMITS, ADMIN_MESSAGES as M, ADMIN_PATHS, ADMIN_REFUSALS, type AdminSessionView, type AuditPageView } from '@sciexperts/shared/contracts';
import { totpCode } from '../src/auth/secondFactor';
import { runOperatorCommand } from '../src/modules/admin/command';
import { startAppOn, type Harness } from './helpers';

type Body = { message?: string; reason?: string; details?: Array<{ field?: string; message: string }> };
type Answer<T> = { status: number; body: T & Body; headers: Headers };

const STEP_MS = 30_000;

describe.each(['sqlite', 'postgres'] as const)('operator sign-in over %s', (dialect) => {
  let h: Harness;
  /** The app's clock (and so the TOTP clock): moved by hand. */
  let now = Date.parse('2026-12-01T09:00:00.000Z');
  let serial = 0;

  beforeAll(async () => {
    // Addresses as the proxy saw them: the tests send X-Forwarded-For and the app believes it (decision 0033).
    h = await startAppOn(dialect, { trustProxy: true }, { clock: () => new Date(now) });
  });
  afterAll(() => h?.close());

  const signIn = (from: string, body: { email: string; password: string; code?: string }) =>
    h.api<AdminSessionView>('POST', ADMIN_PATHS.session, { body, headers: { 'x-forwarded-for': from } }) as Promise<Answer<AdminSessionView>>;
  const admin = <T = unknown>(method: string, url: string, token: string, body?: unknown, from = '10.0.0.1') =>
    h.api<T>(method, url, { token, headers: { 'x-forwarded-for': from }, ...(body === undefined ? {} : { body }) }) as Promise<Answer<T>>;

  async function created(role: 'operator' | 'finance' | 'support' = 'operator'): Promise<{ email: string; password: string }> {
    const lines: string[] = [];
    serial += 1;
    const email = `op${serial}.${dialect}@sciexperts.test`;
    expect(await runOperatorCommand(['create-operator', email, role], { db: h.db, hasher: h.app.ctx.hasher, out: (l) => lines.push(l) })).toBe(0);
    return { email, password: /One-time password.*: (\S+)$/m.exec(lines.join('\n'))![1]! };
  }

  /** Made, the authenticator set up, the one-time password replaced; all from `from`. */
  async function ready(from: string, role: 'operator' | 'finance' | 'support' = 'operator') {
    const { email, password: oneTime } = await created(role);
    const setup = await signIn(from, { email, password: oneTime });
    expect(setup.body.status).toBe('setup-required');
    const secret = setup.body.enrolment!.secret;
    now += STEP_MS;
    const first = await signIn(from, { email, password: oneTime, code: totpCode(secret, now) });
    expect([first.status, first.body.status, first.body.passwordChangeRequired]).toEqual([200, 'signed-in', true]);
    const password = `chosen-${serial}-${dialect}-password`;
    expect((await admin('POST', ADMIN_PATHS.password, first.body.token!, { currentPassword: oneTime, newPassword: password }, from)).status).toBe(204);
    const code = () => {
      now += STEP_MS;
      return totpCode(secret, now);
    };
    return { email, password, secret, code, token: first.body.token! };
  }

  it("lets guesses elsewhere slow only the guesser: the operator's usual address still signs in", async () => {
    const op = await ready('10.0.0.1');
    // Five wrong passwords from one address, then that address waits, even with the right password.
    for (let i = 0; i < 5; i += 1) expect((await signIn('192.0.2.9', { email: op.email, password: `guess-${i}` })).status).toBe(401);
    const waiting = await signIn('192.0.2.9', { email: op.email, password: op.password, code: op.code() });
    expect([waiting.status, waiting.body.message]).toEqual([429, M.tooManySignIns]);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    // The operator at their usual address is not held.
    const usual = await signIn('10.0.0.1', { email: op.email, password: op.password, code: op.code() });
    expect([usual.status, usual.body.status]).toEqual([200, 'signed-in']);
    // Fifteen more failures from three more addresses: twenty on the account within the hour. A new address is then
    // refused even with the right password, while the usual one still signs in.
    for (const from of ['192.0.2.10', '192.0.2.11', '192.0.2.12']) {
      for (let i = 0; i < 5; i += 1) expect([from, (await signIn(from, { email: op.email, password: `guess-${i}` })).status]).toEqual([from, 401]);
    }
    expect((await signIn('198.51.100.7', { email: op.email, password: op.password, code: op.code() })).status).toBe(429);
    const still = await signIn('10.0.0.1', { email: op.email, password: op.password, code: op.code() });
    expect([still.status, still.body.status]).toEqual([200, 'signed-in']);
  });

  it('does not lock out an operator who signed in from an address before when that address fails twenty times', async () => {
    const shared = '203.0.113.5';
    const op = await ready(shared);
    const victim = await ready('10.0.0.2');
    // Twenty wrong passwords from the shared address: on another operator's e-mail and on made-up ones.
    for (let i = 0; i < 5; i += 1) expect((await signIn(shared, { email: victim.email, password: `guess-${i}` })).status).toBe(401);
    for (let n = 0; n < 3; n += 1) {
      for (let i = 0; i < 5; i += 1) expect((await signIn(shared, { email: `nobody${n}.${dialect}@sciexperts.test`, password: `guess-${i}` })).status).toBe(401);
    }
    // The guesser's own pair waits...
    expect((await signIn(shared, { email: victim.email, password: 'guess-again' })).status).toBe(429);
    // ...but the operator who signs in from that address is not locked out, nor is the victim at their own address.
    const mine = await signIn(shared, { email: op.email, password: op.password, code: op.code() });
    expect([mine.status, mine.body.status]).toEqual([200, 'signed-in']);
    const theirs = await signIn('10.0.0.2', { email: victim.email, password: victim.password, code: victim.code() });
    expect([theirs.status, theirs.body.status]).toEqual([200, 'signed-in']);
  });

  it('opens nothing but the password change until the one-time password is replaced', async () => {
    const { email, password: oneTime } = await created('operator');
    const setup = await signIn('10.0.0.3', { email, password: oneTime });
    now += STEP_MS;
    const first = await signIn('10.0.0.3', { email, password: oneTime, code: totpCode(setup.body.enrolment!.secret, now) });
    expect([first.body.status, first.body.passwordChangeRequired]).toEqual(['signed-in', true]);
    const token = first.body.token!;
    for (const [method, url] of [['GET', ADMIN_PATHS.disputes], ['GET', ADMIN_PATHS.audit], ['GET', `${ADMIN_PATHS.members}?q=ol`], ['GET', ADMIN_PATHS.vetting]] as const) {
      const refused = await admin(method, url, token);
      expect([url, refused.status, refused.body.message, refused.body.reason]).toEqual([url, 403, M.passwordChangeRequired, ADMIN_REFUSALS.passwordChange]);
    }
    expect((await admin('GET', ADMIN_PATHS.me, token)).status).toBe(200);
    // Refused changes change nothing: the same password, a common one, a wrong current one.
    const same = await admin('POST', ADMIN_PATHS.password, token, { currentPassword: oneTime, newPassword: oneTime });
    expect([same.status, same.body.details?.[0]]).toEqual([400, { field: 'newPassword', message: M.samePassword }]);
    expect((await admin('POST', ADMIN_PATHS.password, token, { currentPassword: oneTime, newPassword: 'password123' })).status).toBe(400);
    const wrong = await admin('POST', ADMIN_PATHS.password, token, { currentPassword: 'not-it', newPassword: 'a-new-operator-password' });
    expect([wrong.status, wrong.body.details?.[0]]).toEqual([400, { field: 'currentPassword', message: M.currentPasswordWrong }]);
    expect((await admin('GET', ADMIN_PATHS.disputes, token)).status).toBe(403);

    expect((await admin('POST', ADMIN_PATHS.password, token, { currentPassword: oneTime, newPassword: 'a-new-operator-password' })).status).toBe(204);
    expect((await admin('GET', ADMIN_PATHS.disputes, token)).status).toBe(200);
    // The one-time password no longer signs in; the new one does, and asks for nothing more.
    expect((await signIn('10.0.0.3', { email, password: oneTime })).status).toBe(401);
    now += STEP_MS;
    const again = await signIn('10.0.0.3', { email, password: 'a-new-operator-password', code: totpCode(setup.body.enrolment!.secret, now) });
    expect([again.body.status, again.body.passwordChangeRequired]).toEqual(['signed-in', undefined]);
  });

  it('changes the password later only with the step-up, and ends the other sessions', async () => {
    const op = await ready('10.0.0.4');
    const other = await signIn('10.0.0.5', { email: op.email, password: op.password, code: op.code() });
    const session = await signIn('10.0.0.4', { email: op.email, password: op.password, code: op.code() });
    const token = session.body.token!;
    // Minutes after signing in, the password alone is not enough.
    now += (ADMIN_LIMITS.stepUpSeconds + 60) * 1000;
    const asked = await admin('POST', ADMIN_PATHS.password, token, { currentPassword: op.password, newPassword: 'later-operator-password' });
    expect([asked.status, asked.body.message, asked.body.reason]).toEqual([403, M.stepUpRequired, ADMIN_REFUSALS.stepUp]);
    const badCode = await admin('POST', ADMIN_PATHS.password, token, { currentPassword: op.password, newPassword: 'later-operator-password', code: '000000' === totpCode(op.secret, now) ? '111111' : '000000' });
    expect(badCode.status).toBe(400);
    expect((await signIn('10.0.0.4', { email: op.email, password: 'later-operator-password', code: op.code() })).status).toBe(401);
    const changed = await admin('POST', ADMIN_PATHS.password, token, { currentPassword: op.password, newPassword: 'later-operator-password', code: op.code() });
    expect(changed.status).toBe(204);
    // This session goes on; the other one is over.
    expect((await admin('GET', ADMIN_PATHS.me, token)).status).toBe(200);
    expect((await admin('GET', ADMIN_PATHS.me, other.body.token!)).status).toBe(404);
    expect((await signIn('10.0.0.4', { email: op.email, password: 'later-operator-password', code: op.code() })).body.status).toBe('signed-in');
  });

  it('answers the same pending authenticator key until it is confirmed or expires', async () => {
    const { email, password } = await created('support');
    const first = await signIn('10.0.0.6', { email, password });
    expect(first.body.status).toBe('setup-required');
    const uri = first.body.enrolment!.otpauthUri;
    now += 10 * 60_000;
    expect((await signIn('10.0.0.6', { email, password })).body.enrolment?.otpauthUri).toBe(uri);
    // A wrong code does not change it either.
    const wrong = await signIn('10.0.0.6', { email, password, code: '000000' === totpCode(first.body.enrolment!.secret, now) ? '111111' : '000000' });
    expect(wrong.status).toBe(401);
    now += (ADMIN_LIMITS.setupPendingSeconds - 10 * 60 - 1) * 1000;
    expect((await signIn('10.0.0.6', { email, password })).body.enrolment?.otpauthUri).toBe(uri);
    // Expired: a new key, and the old one's code no longer sets anything up.
    now += 2000;
    const renewed = await signIn('10.0.0.6', { email, password });
    expect(renewed.body.status).toBe('setup-required');
    expect(renewed.body.enrolment!.otpauthUri).not.toBe(uri);
    now += STEP_MS;
    const stale = await signIn('10.0.0.6', { email, password, code: totpCode(first.body.enrolment!.secret, now) });
    expect([stale.status, stale.body.message]).toEqual([401, M.signInFailed]);
    // The new key stays until confirmed; confirmed, a sign-in without a code asks for one.
    const current = await signIn('10.0.0.6', { email, password });
    expect(current.body.enrolment?.otpauthUri).toBe(renewed.body.enrolment!.otpauthUri);
    now += STEP_MS;
    const done = await signIn('10.0.0.6', { email, password, code: totpCode(current.body.enrolment!.secret, now) });
    expect(done.body.status).toBe('signed-in');
    expect((await signIn('10.0.0.6', { email, password })).body).toEqual({ status: 'code-required' });
  });

  it('records failed and successful sign-ins in the audit log with the address the proxy saw', async () => {
    const op = await ready('10.0.0.7');
    expect((await signIn('192.0.2.77', { email: op.email, password: 'wrong-guess' })).status).toBe(401);
    expect((await signIn('192.0.2.78', { email: op.email, password: op.password, code: '000000' === totpCode(op.secret, now + STEP_MS) ? '111111' : '000000' })).status).toBe(401);
    const ok = await signIn('10.0.0.8', { email: op.email, password: op.password, code: op.code() });
    expect(ok.body.status).toBe('signed-in');
    const page = await admin<AuditPageView>('GET', ADMIN_PATHS.audit, ok.body.token!);
    const mine = page.body.entries.filter((e) => e.operatorId === ok.body.operator!.id).map((e) => [e.action, e.address, e.details]);
    expect(mine.slice(0, 4)).toEqual([
      ['sign-in', '10.0.0.8', null],
      ['sign-in.failed', '192.0.2.78', 'wrong code'],
      ['sign-in.failed', '192.0.2.77', 'wrong password'],
      ['password.change', '10.0.0.7', 'one-time password replaced'],
    ]);
    expect(mine.slice(4)).toEqual([['sign-in', '10.0.0.7', 'second factor set up']]);
  });
});
