import { ACCOUNT_MESSAGES, ACCOUNT_SETTINGS_MESSAGES as M, DELETED_MEMBER_NAME, FIELD_MESSAGES, type LoginResponse, type SessionList, type User } from '@sciexperts/shared/contracts';
import { describeDevice } from '../src/modules/account/device';
import { RecordingMailer, member, signupBody, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, deliver, hiredContract, paid } from './paymentsFixtures';
import { makeListed, projectBody } from './projectsFixtures';

type Member = Awaited<ReturnType<typeof member>>;
type Body = { message?: string; details?: Array<{ field?: string; message: string }> };

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const NEW_PASSWORD = 'Another-Strong-Pass-2026!';

describe('device labels', () => {
  it('names the browser and the system a session signed in with', () => {
    expect(describeDevice(FIREFOX)).toBe('Firefox on Linux');
    expect(describeDevice(IPHONE)).toBe('Safari on iOS');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge on Windows');
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome on macOS');
    expect(describeDevice(null)).toBe('API client');
  });

  it('names a sign-in through the API by its client, not as an unknown device', () => {
    expect(describeDevice('curl/8.5.0')).toBe('API client (curl)');
    expect(describeDevice('python-requests/2.32.3')).toBe('API client (python-requests)');
    expect(describeDevice('PostmanRuntime/7.42.0')).toBe('API client (PostmanRuntime)');
    // Node's fetch says only "node".
    expect(describeDevice('node')).toBe('API client (node)');
    expect(describeDevice('')).toBe('API client');
    // A product name is not copied whole when it is long or odd: the label stays short and plain.
    expect(describeDevice(`${'x'.repeat(80)}/1.0`)).toBe('Unknown device');
    expect(describeDevice('<script>/1')).toBe('Unknown device');
    // A browser-like string that names nothing known stays unknown.
    expect(describeDevice('Mozilla/5.0 (compatible; SomeBot/1.0)')).toBe('Unknown device');
  });
});

describe.each(['sqlite', 'postgres'] as const)('account settings over %s', (dialect) => {
  let h: Harness;
  let mailer: RecordingMailer;

  const login = async (who: Member, userAgent: string, password = who.password, email = who.email) => {
    const res = await h.api<LoginResponse & Body>('POST', '/api/Account/Login', { body: { email, password }, headers: { 'user-agent': userAgent } });
    return res;
  };
  const signedIn = async (who: Member, userAgent: string) => {
    const res = await login(who, userAgent);
    expect(res.status).toBe(200);
    return res.body.token;
  };
  const call = <T = Body>(method: string, url: string, token: string | null, body?: unknown) => h.api<T & Body>(method, url, { token, ...(body === undefined ? {} : { body }) });
  const alive = async (token: string) => (await call('GET', '/api/Account/Sessions', token)).status === 200;
  const sessions = async (token: string) => (await call<SessionList>('GET', '/api/Account/Sessions', token)).body.results;
  const mailsTo = (address: string) => mailer.sent.filter((m) => m.to === address);
  const linkToken = (text: string) => decodeURIComponent(/confirm-email\?token=([^\s]+)/.exec(text)?.[1] ?? '');

  beforeAll(async () => {
    mailer = new RecordingMailer();
    h = await startAppOn(dialect, {}, { mailer });
  });
  afterAll(() => h?.close());

  it('lists the member’s sessions with their device, and signs out one of them or all others', async () => {
    const ada = await member(h, { firstName: 'Ada' });
    const onLaptop = await signedIn(ada, FIREFOX);
    const onPhone = await signedIn(ada, IPHONE);
    const list = await sessions(onLaptop);
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current).map((s) => s.device)).toEqual(['Firefox on Linux']);
    expect(list.map((s) => s.device)).toContain('Safari on iOS');
    for (const s of list) {
      expect(s.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      // The public id is not the session's secret id, which the token carries.
      expect(onPhone).not.toContain(s.id);
    }

    const phone = list.find((s) => s.device === 'Safari on iOS')!;
    expect((await call('POST', `/api/Account/Sessions/${phone.id}/Revoke`, onLaptop)).body.message).toBe(M.sessionEnded);
    expect(await alive(onPhone)).toBe(false);
    expect(await alive(onLaptop)).toBe(true);
    const again = await call('POST', `/api/Account/Sessions/${phone.id}/Revoke`, onLaptop);
    expect([again.status, again.body.message]).toEqual([404, M.sessionNotFound]);
    expect((await call('POST', '/api/Account/Sessions/x/Revoke', onLaptop)).status).toBe(400);

    // Another member's session cannot be named.
    const sam = await member(h, { firstName: 'Sam' });
    const samsId = (await sessions(sam.token))[0]!.id;
    expect((await call('POST', `/api/Account/Sessions/${samsId}/Revoke`, onLaptop)).status).toBe(404);
    expect(await alive(sam.token)).toBe(true);

    expect((await call('POST', '/api/Account/Sessions/RevokeOthers', onLaptop)).body.message).toBe(M.otherSessionsEnded);
    expect(await alive(ada.token)).toBe(false);
    expect(await alive(onLaptop)).toBe(true);
    expect((await sessions(onLaptop)).map((s) => s.current)).toEqual([true]);
    expect((await call('GET', '/api/Account/Sessions', null)).status).toBe(401);
  });

  it('changes the password only with the current one, and signs out every other session', async () => {
    const ada = await member(h, { firstName: 'Ada' });
    const other = await signedIn(ada, IPHONE);
    const change = (currentPassword: string, newPassword = NEW_PASSWORD) => call('POST', '/api/Account/ChangePassword', ada.token, { currentPassword, newPassword });

    const wrong = await change('not-my-password');
    expect([wrong.status, wrong.body.details]).toEqual([400, [{ field: 'currentPassword', message: M.currentPasswordWrong }]]);
    const empty = await change('');
    expect(empty.body.details).toEqual([{ field: 'currentPassword', message: M.currentPasswordRequired }]);
    const weak = await change(ada.password, 'short');
    expect([weak.status, weak.body.details?.[0]?.field]).toEqual([400, 'newPassword']);
    expect(await alive(other)).toBe(true);

    const done = await change(ada.password);
    expect([done.status, done.body.message]).toEqual([200, M.passwordChanged]);
    expect(await alive(other)).toBe(false);
    expect(await alive(ada.token)).toBe(true);
    expect((await login(ada, FIREFOX)).status).toBe(401);
    expect((await login(ada, FIREFOX, NEW_PASSWORD)).status).toBe(200);
    // (The new browser's sign-in also sends an alert: docs/decisions/0034.)
    expect(mailsTo(ada.email).map((m) => m.subject)).toContain('Your SciExperts password was changed');
  });

  it('slows down guessing the current password without locking out the owner for good', async () => {
    const bob = await member(h, { firstName: 'Bob' });
    for (let i = 0; i < 5; i += 1) expect((await call('POST', '/api/Account/ChangePassword', bob.token, { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD })).status).toBe(400);
    const blocked = await call('POST', '/api/Account/ChangePassword', bob.token, { currentPassword: bob.password, newPassword: NEW_PASSWORD });
    expect([blocked.status, blocked.body.message]).toEqual([429, M.tooManyAttempts]);
    // The block is per member: another member is not slowed.
    const eve = await member(h, { firstName: 'Eve' });
    expect((await call('POST', '/api/Account/ChangePassword', eve.token, { currentPassword: eve.password, newPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it('has no password to change for a member of the identity provider, and asks them for a recent sign-in to change the e-mail', async () => {
    const ida = await member(h, { firstName: 'Ida' });
    await h.db.kysely.updateTable('users').set({ passwordHash: null, authProvider: 'oidc' }).where('id', '=', ida.id).execute();
    const noPassword = await call('POST', '/api/Account/ChangePassword', ida.token, { currentPassword: '', newPassword: NEW_PASSWORD });
    expect([noPassword.status, noPassword.body.message]).toEqual([409, M.passwordManagedByProvider]);

    const address = `ida.new.${dialect}@example.test`;
    expect((await call('POST', '/api/Account/ChangeEmail', ida.token, { newEmail: address })).status).toBe(200);
    await h.db.kysely.updateTable('sessions').set({ createdAt: new Date(Date.now() - 11 * 60_000).toISOString() }).where('userId', '=', ida.id).execute();
    const stale = await call('POST', '/api/Account/ChangeEmail', ida.token, { newEmail: address });
    expect([stale.status, stale.body.message]).toEqual([403, M.recentSignInRequired]);
  });

  it('changes the phone number after checking it', async () => {
    const ada = await member(h, { firstName: 'Ada' });
    const bad = await call('POST', '/api/Account/ChangePhone', ada.token, { phoneNumber: 'call me' });
    expect(bad.body.details).toEqual([{ field: 'phoneNumber', message: FIELD_MESSAGES.phoneInvalid }]);
    expect((await call('POST', '/api/Account/ChangePhone', ada.token, { phoneNumber: '+44 20 7946 0958' })).body.message).toBe(M.phoneChanged);
    expect((await call<User>('GET', `/api/User/GetUserById/${ada.id}`, ada.token)).body.phoneNumber).toBe('+44 20 7946 0958');
  });

  it('changes the e-mail address only when the link mailed to the new one is opened, and tells the old one', async () => {
    const ada = await member(h, { firstName: 'Ada' });
    const taken = await member(h, { firstName: 'Tom' });
    const ask = (newEmail: string, currentPassword = ada.password) => call('POST', '/api/Account/ChangeEmail', ada.token, { newEmail, currentPassword });
    const newEmail = `ada.lovelace.${dialect}.${Date.now()}@example.test`;

    expect((await ask(newEmail, 'wrong')).body.details).toEqual([{ field: 'currentPassword', message: M.currentPasswordWrong }]);
    expect((await ask('not-an-address')).body.details).toEqual([{ field: 'newEmail', message: FIELD_MESSAGES.emailInvalid }]);
    expect((await ask(ada.email)).body.details).toEqual([{ field: 'newEmail', message: M.emailSame }]);
    const clash = await ask(taken.email.toUpperCase());
    expect([clash.status, clash.body.message]).toEqual([409, ACCOUNT_MESSAGES.emailTaken]);

    const first = await ask(newEmail);
    expect([first.status, first.body.message]).toEqual([200, M.emailChangeSent]);
    const firstLink = linkToken(mailsTo(newEmail).at(-1)!.text);
    const notice = mailsTo(ada.email).at(-1)!;
    expect(notice.text).toContain(`a•••@example.test`);
    expect(notice.text).not.toContain(newEmail);
    // Nothing changed yet.
    expect((await login(ada, FIREFOX)).status).toBe(200);

    // A second request makes the first link useless.
    await ask(newEmail);
    const secondLink = linkToken(mailsTo(newEmail).at(-1)!.text);
    const stale = await call('POST', '/api/Account/ConfirmEmail', null, { token: firstLink });
    expect([stale.status, stale.body.message]).toEqual([400, M.emailLinkInvalid]);
    expect((await call('POST', '/api/Account/ConfirmEmail', null, { token: 'forged' })).status).toBe(400);

    const confirmed = await call('POST', '/api/Account/ConfirmEmail', null, { token: secondLink });
    expect([confirmed.status, confirmed.body.message]).toEqual([200, M.emailConfirmed]);
    expect((await call('POST', '/api/Account/ConfirmEmail', null, { token: secondLink })).status).toBe(400);
    expect((await login(ada, FIREFOX)).status).toBe(401);
    expect((await login(ada, FIREFOX, ada.password, newEmail)).status).toBe(200);
    const row = await h.db.kysely.selectFrom('users').select(['email', 'emailVerifiedAt']).where('id', '=', ada.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(newEmail);
    expect(row.emailVerifiedAt).not.toBeNull();
  });

  it('refuses a confirmation when the address was taken in the meantime, and changes nothing', async () => {
    const ada = await member(h, { firstName: 'Ada' });
    const wanted = `wanted.${dialect}.${Date.now()}@example.test`;
    await call('POST', '/api/Account/ChangeEmail', ada.token, { newEmail: wanted, currentPassword: ada.password });
    const link = linkToken(mailsTo(wanted).at(-1)!.text);
    await member(h, { firstName: 'Quick', email: wanted });
    const late = await call('POST', '/api/Account/ConfirmEmail', null, { token: link });
    expect([late.status, late.body.message]).toEqual([409, ACCOUNT_MESSAGES.emailTaken]);
    expect((await h.db.kysely.selectFrom('users').select('email').where('id', '=', ada.id).executeTakeFirstOrThrow()).email).toBe(ada.email);
  });
});

describe.each(['sqlite', 'postgres'] as const)('export and deletion over %s', (dialect) => {
  let h: Harness;
  const call = <T = Body>(method: string, url: string, token: string | null, body?: unknown) => h.api<T & Body>(method, url, { token, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: new FakeProvider() });
  });
  afterAll(() => h?.close());

  it('exports what the member gave and wrote, after the password, without secrets', async () => {
    const ada = await member(h, { firstName: 'Ada' });
    const bob = await member(h, { firstName: 'Bob' });
    await h.db.kysely.insertInto('messages').values({ senderId: ada.id, receiverId: bob.id, text: 'Shall we start on Monday?', clientId: null, createdAt: new Date().toISOString() }).execute();
    const project = await call<{ id: number }>('POST', '/api/Projects', ada.token, projectBody({ title: 'Export me' }));
    expect(project.status).toBe(201);

    expect((await call('POST', '/api/Account/Export', ada.token, {})).body.details).toEqual([{ field: 'currentPassword', message: M.currentPasswordRequired }]);
    const res = await h.api<Record<string, unknown> & { profile: Record<string, unknown>; messagesSent: Array<{ text: string }>; projects: Array<{ title: string }> }>('POST', '/api/Account/Export', {
      token: ada.token,
      body: { currentPassword: ada.password },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="sciexperts-data-${ada.id}.json"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.profile).toMatchObject({ id: ada.id, email: ada.email, firstName: 'Ada' });
    expect(res.body.profile).not.toHaveProperty('passwordHash');
    expect(res.body.messagesSent).toEqual([expect.objectContaining({ receiverId: bob.id, text: 'Shall we start on Monday?' })]);
    expect(res.body.projects.map((p) => p.title)).toEqual(['Export me']);
    expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['services', 'workExperiences', 'educations', 'certifications', 'publications', 'proposals', 'contracts', 'notificationPreferences']));
  });

  it('refuses to delete while a contract is active, and says why; then deletes: profile gone, messages kept as from a deleted member, signed out everywhere', async () => {
    const expert = await member(h, { firstName: 'Erin' });
    const client = await member(h, { firstName: 'Cleo' });
    await makeListed(h, expert);
    expect((await call('GET', `/api/Experts/${expert.id}`, client.token)).status).toBe(200);
    const { contractId } = await hiredContract(h, client, expert, [10_000]);
    await h.db.kysely.insertInto('messages').values({ senderId: expert.id, receiverId: client.id, text: 'Here is the plan.', clientId: null, createdAt: new Date().toISOString() }).execute();
    const other = await signedInAgain(expert);

    const early = await call('POST', '/api/Account/Delete', expert.token, { currentPassword: expert.password });
    expect([early.status, early.body.message]).toEqual([409, M.deleteBlockedContract]);
    expect((await call('POST', '/api/Account/Delete', expert.token, { currentPassword: 'wrong' })).status).toBe(400);

    expect((await h.api('POST', `/api/Contracts/${contractId}/End`, { token: client.token, headers: { 'idempotency-key': `end-${Date.now()}-${dialect}` } })).status).toBe(200);
    const done = await call('POST', '/api/Account/Delete', expert.token, { currentPassword: expert.password });
    expect([done.status, done.body.message]).toEqual([200, M.deleted]);

    expect((await call('GET', '/api/Account/Sessions', expert.token)).status).toBe(401);
    expect((await call('GET', '/api/Account/Sessions', other)).status).toBe(401);
    expect((await h.api('POST', '/api/Account/Login', { body: { email: expert.email, password: expert.password } })).status).toBe(401);
    expect((await call('GET', `/api/Experts/${expert.id}`, client.token)).status).toBe(404);
    const counterpart = await call<{ firstName: string; lastName: string }>('GET', `/api/Chat/Counterpart/${expert.id}`, client.token);
    expect([counterpart.body.firstName, counterpart.body.lastName]).toEqual([DELETED_MEMBER_NAME.firstName, DELETED_MEMBER_NAME.lastName]);
    const kept = await h.db.kysely.selectFrom('messages').select('text').where('senderId', '=', expert.id).execute();
    expect(kept.map((m) => m.text)).toEqual(['Here is the plan.']);
    const row = await h.db.kysely.selectFrom('users').selectAll().where('id', '=', expert.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: `deleted-${expert.id}@deleted.invalid`, passwordHash: null, phoneNumber: null, headline: null, isProfilePublic: 0 });
    expect(row.deletedAt).not.toBeNull();
    // The contract and its ledger stay whole for the other party and the accounts.
    expect((await h.db.kysely.selectFrom('contracts').select('status').where('id', '=', contractId).executeTakeFirstOrThrow()).status).toBe('completed');
    // The freed address can be used again.
    expect((await h.api('POST', '/api/User/AddNewUser', { body: signupBody({ email: expert.email }) })).status).toBe(201);
  });

  it('refuses to delete while earnings wait to be withdrawn', async () => {
    const expert = await member(h, { firstName: 'Wes' });
    const client = await member(h, { firstName: 'Cleo' });
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, [10_000]);
    const keyed = caller(h);
    const started = await keyed<{ paymentId: number }>('POST', `/api/Milestones/${milestoneIds[0]}/Fund`, client);
    await deliver(h, paid(started.body.paymentId, 10_000));
    await keyed('POST', `/api/Milestones/${milestoneIds[0]}/Submit`, expert, { body: { note: 'Done.' } });
    await keyed('POST', `/api/Milestones/${milestoneIds[0]}/Approve`, client);
    await keyed('POST', `/api/Contracts/${contractId}/End`, client);
    const blocked = await call('POST', '/api/Account/Delete', expert.token, { currentPassword: expert.password });
    expect([blocked.status, blocked.body.message]).toEqual([409, M.deleteBlockedBalance]);
  });

  async function signedInAgain(who: Member): Promise<string> {
    const res = await h.api<LoginResponse>('POST', '/api/Account/Login', { body: { email: who.email, password: who.password } });
    return res.body.token;
  }
});
