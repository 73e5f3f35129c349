// The release registry (issue 44): immutable registrations, promote, canary, rollback (by hand and automatic), the
// compatibility gate's three refusals and its audited override, the role checks, and the error reports' validation
// and rate limit, on SQLite and PostgreSQL.
import { ADMIN_PATHS, RELEASE_LIMITS, RELEASE_MESSAGES, RELEASE_PATHS, type AuditEntryView, type AuditPageView, type LiveReleases, type OperatorRole, type ReleaseEventView, type ReleaseRegistration, type ReleasesOverview } from '@sciexperts/shared/contracts';
import { checkCanaries } from '../src/modules/releases/routes';
import { currentShellProfile } from '../src/modules/releases/repository';
import { canaryVerdict, gateReasons, satisfies } from '../src/modules/releases/rules';
import { RecordingMailer, member, startAppOn, type Harness } from './helpers';
import { signedInOperator } from './adminFixtures';

type Body = { message?: string; details?: Array<{ field?: string; message: string }> };
type Change = { state: { remote: string; live: string | null; canary: { version: string; percent: number } | null }; event: ReleaseEventView };

describe('release rules', () => {
  it('reads npm ranges as npm does', () => {
    expect(satisfies('19.3.1', '~19.3.1')).toBe(true);
    expect(satisfies('19.4.0', '~19.3.1')).toBe(false);
    expect(satisfies('7.18.5', '^7.18.0')).toBe(true);
    expect(satisfies('8.0.0', '^7.18.0')).toBe(false);
    expect(satisfies('0.3.0', '0.3.0')).toBe(true);
    expect(satisfies('0.3.1', '^0.3.0')).toBe(true);
    expect(satisfies('0.4.0', '^0.3.0')).toBe(false);
    expect(satisfies('19.3.1', '^18 || ^19')).toBe(true);
    expect(satisfies('19.3.1', '>=18.0.0 <19.0.0')).toBe(false);
    expect(satisfies('19.3.1', '*')).toBe(true);
    expect(satisfies('19.3.1', 'latest')).toBe(false);
  });

  it('judges a canary only after enough page loads, against live plus the margin', () => {
    expect(canaryVerdict({ pageLoads: 49, errors: 49 }, { pageLoads: 1000, errors: 0 }, { minLoads: 50, margin: 0.05 })).toBeNull();
    expect(canaryVerdict({ pageLoads: 100, errors: 6 }, { pageLoads: 1000, errors: 10 }, { minLoads: 50, margin: 0.05 })).toBeNull();
    expect(canaryVerdict({ pageLoads: 100, errors: 7 }, { pageLoads: 1000, errors: 10 }, { minLoads: 50, margin: 0.05 })).toBe(
      'error rate 7.0 % (7 errors in 100 page loads) against live 1.0 % (10 in 1000); the margin is 5.0 points',
    );
  });
});

describe.each(['sqlite', 'postgres'] as const)('the release registry over %s', (dialect) => {
  let h: Harness;
  let now = Date.parse('2026-11-29T10:00:00.000Z');
  const mailer = new RecordingMailer();
  let releaser: { token: string; email: string };
  const shell = currentShellProfile();
  const call = <T = unknown>(method: string, url: string, token: string | null, body?: unknown) => h.api<T & Body>(method, url, { token, ...(body === undefined ? {} : { body }) });
  const makeOperator = (role: OperatorRole) => signedInOperator(h, role, () => (now += 30_000));
  const path = (p: string, remote: string) => p.replace(':remote', remote);
  const hex = (c: string) => c.repeat(64);
  const release = (remote: string, version: string, over: Partial<ReleaseRegistration> = {}): ReleaseRegistration => ({
    remote,
    version,
    filesHash: hex('a'),
    commit: '3f2a1bc',
    shared: [
      { name: 'react', requiredVersion: `~${shell.shared.react}`, singleton: true },
      { name: 'react-dom', requiredVersion: `~${shell.shared['react-dom']}`, singleton: true },
      { name: 'react-router-dom', requiredVersion: `^${shell.shared['react-router-dom']}`, singleton: true },
      { name: '@sciexperts/shared', requiredVersion: shell.shared['@sciexperts/shared']!, singleton: true },
      { name: 'zustand', requiredVersion: '~5.1.0', singleton: true },
    ],
    runtimeVersion: shell.runtimeVersion,
    exposesHash: shell.exposesHash,
    ...over,
  });
  const register = (body: ReleaseRegistration, token = releaser.token) => call<{ version: string; entry: string }>('POST', RELEASE_PATHS.releases, token, body);
  const promote = (remote: string, body: object, token = releaser.token) => call<Change>('POST', path(RELEASE_PATHS.promote, remote), token, body);
  const canary = (remote: string, body: object, token = releaser.token) => call<Change>('POST', path(RELEASE_PATHS.canary, remote), token, body);
  const rollback = (remote: string, token = releaser.token) => call<Change>('POST', path(RELEASE_PATHS.rollback, remote), token, {});
  const live = async () => (await call<LiveReleases>('GET', RELEASE_PATHS.live, null)).body.remotes;
  const events = async (remote: string) => (await call<{ events: ReleaseEventView[] }>('GET', path(RELEASE_PATHS.history, remote), releaser.token)).body.events;

  beforeAll(async () => {
    // Behind a proxy on loopback, as deployed: each report counts against the visitor's address it forwards.
    h = await startAppOn(dialect, { trustProxy: ['127.0.0.1'] }, { clock: () => new Date(now), mailer });
    releaser = await makeOperator('release');
  });
  afterAll(() => h?.close());

  it('registers a release once: the same files again answer it, other files under the version are refused; nothing goes live', async () => {
    const first = await register(release('mf_chat', '0.1.0+aaaaaaa'));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ version: '0.1.0+aaaaaaa', entry: '/releases/mf_chat/0.1.0+aaaaaaa/mf-manifest.json', releasedBy: releaser.email, commit: '3f2a1bc' });
    expect((await register(release('mf_chat', '0.1.0+aaaaaaa'))).status).toBe(200);
    const other = await register(release('mf_chat', '0.1.0+aaaaaaa', { filesHash: hex('b') }));
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This version is registered already with other files; a version is never changed. Release a new version.');
    expect(await live()).toEqual([]);
    const overview = (await call<ReleasesOverview>('GET', RELEASE_PATHS.releases, releaser.token)).body;
    expect(overview.remotes.find((r) => r.remote === 'mf_chat')).toMatchObject({ live: null, canary: null, releases: [{ version: '0.1.0+aaaaaaa', filesHash: hex('a') }] });
    // The stored release cannot be rewritten behind the routes either.
    // Its message is read, not `rejects.toThrow`: better-sqlite3's errors come from the first test file of a jest
    // worker (the addon keeps that file's SqliteError), so in a later file they are no `Error` of this one's realm, and
    // jest reported "did not throw" for a refusal in the full run.
    const refusal = await h.db.kysely
      .updateTable('releases')
      .set({ filesHash: hex('c') })
      .execute()
      .then(
        () => 'updated',
        (error: unknown) => String((error as { message?: unknown }).message ?? error),
      );
    expect(refusal).toMatch(/never changed/);
    expect(await h.db.kysely.selectFrom('releases').select('filesHash').where('version', '=', '0.1.0+aaaaaaa').executeTakeFirst()).toEqual({ filesHash: hex('a') });
  });

  it('refuses malformed registrations with a 400 and stores nothing', async () => {
    for (const bad of [
      { ...release('mf_chat', '0.1.0') },
      { ...release('mf_chat', '0.1.0+zz') },
      { ...release('chat', '0.1.0+abcdef0') },
      { ...release('mf_chat', '0.1.0+abcdef0'), filesHash: 'short' },
      { ...release('mf_chat', '0.1.0+abcdef0'), extra: 1 },
      { ...release('mf_chat', '0.1.0+abcdef0'), shared: [{ name: 'react', requiredVersion: '"; drop', singleton: true }] },
    ]) {
      expect((await register(bad as ReleaseRegistration)).status).toBe(400);
    }
    expect(await h.db.kysely.selectFrom('releases').select('version').where('version', '=', '0.1.0+abcdef0').execute()).toEqual([]);
  });

  it('promotes, serves it live with a new ETag, and rolls back to the version live before (the built remote at first)', async () => {
    const before = await call('GET', RELEASE_PATHS.live, null);
    const etag = before.headers.get('etag')!;
    expect(before.headers.get('cache-control')).toBe('no-cache');
    expect((await h.api('GET', RELEASE_PATHS.live, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const promoted = await promote('mf_chat', { version: '0.1.0+aaaaaaa' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.state).toEqual({ remote: 'mf_chat', live: '0.1.0+aaaaaaa', canary: null });
    expect((await promote('mf_chat', { version: '0.1.0+aaaaaaa' })).status).toBe(409);
    const after = await call('GET', RELEASE_PATHS.live, null);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(await live()).toEqual([{ remote: 'mf_chat', live: { version: '0.1.0+aaaaaaa', entry: '/releases/mf_chat/0.1.0+aaaaaaa/mf-manifest.json' }, canary: null }]);

    expect((await register(release('mf_chat', '0.2.0+bbbbbbb', { filesHash: hex('b') }))).status).toBe(201);
    expect((await promote('mf_chat', { version: '0.2.0+bbbbbbb', reason: 'new composer' })).body.state.live).toBe('0.2.0+bbbbbbb');
    expect((await rollback('mf_chat')).body.state).toEqual({ remote: 'mf_chat', live: '0.1.0+aaaaaaa', canary: null });
    expect((await rollback('mf_chat')).body.state).toEqual({ remote: 'mf_chat', live: null, canary: null });
    const nothing = await rollback('mf_chat');
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('Nothing to roll back: no canary, and no earlier live version.');
    expect(await live()).toEqual([]);
    expect((await events('mf_chat')).map((e) => [e.action, e.version, e.previousVersion, e.actor])).toEqual([
      ['rollback', null, '0.1.0+aaaaaaa', releaser.email],
      ['rollback', '0.1.0+aaaaaaa', '0.2.0+bbbbbbb', releaser.email],
      ['promote', '0.2.0+bbbbbbb', '0.1.0+aaaaaaa', releaser.email],
      ['register', '0.2.0+bbbbbbb', null, releaser.email],
      ['promote', '0.1.0+aaaaaaa', null, releaser.email],
      ['register', '0.1.0+aaaaaaa', null, releaser.email],
    ]);
    expect((await rollback('mf_nothing')).status).toBe(404);
  });

  it('puts a release on canary for a share of visitors; a rollback drops the canary and keeps live', async () => {
    await promote('mf_chat', { version: '0.1.0+aaaaaaa' });
    expect((await canary('mf_chat', { version: '0.2.0+bbbbbbb', percent: 0 })).status).toBe(400);
    expect((await canary('mf_chat', { version: '0.2.0+bbbbbbb', percent: 100 })).status).toBe(400);
    expect((await canary('mf_chat', { version: '0.9.0+fffffff', percent: 10 })).status).toBe(404);
    const on = await canary('mf_chat', { version: '0.2.0+bbbbbbb', percent: 10 });
    expect(on.body.state).toEqual({ remote: 'mf_chat', live: '0.1.0+aaaaaaa', canary: { version: '0.2.0+bbbbbbb', percent: 10 } });
    expect((await live()).find((r) => r.remote === 'mf_chat')?.canary).toEqual({ version: '0.2.0+bbbbbbb', entry: '/releases/mf_chat/0.2.0+bbbbbbb/mf-manifest.json', percent: 10 });
    const back = await rollback('mf_chat');
    expect(back.body.state).toEqual({ remote: 'mf_chat', live: '0.1.0+aaaaaaa', canary: null });
    expect(back.body.event.details).toBe('canary 0.2.0+bbbbbbb dropped');
  });

  it('refuses what the shell cannot run, with each reason, and records what a forced change overrode', async () => {
    const incompatible = release('mf_profile', '1.0.0+ccccccc', {
      filesHash: hex('c'),
      shared: [{ name: 'react', requiredVersion: '^20.0.0', singleton: true }],
      runtimeVersion: '3.0.0',
      exposesHash: hex('d'),
    });
    expect((await register(incompatible)).status).toBe(201);
    const refused = await promote('mf_profile', { version: '1.0.0+ccccccc' });
    expect(refused.status).toBe(409);
    expect(refused.body.details!.map((d) => d.message)).toEqual([
      `react: the release needs ^20.0.0, the shell provides ${shell.shared.react}`,
      `federation runtime: the release was built with 3.0.0, the shell runs ${shell.runtimeVersion} (another minor version)`,
      `exposes contract: the release was built against dddddddddddd, the shell and the other remotes use ${shell.exposesHash.slice(0, 12)}`,
    ]);
    expect(refused.body.message).toMatch(/^The live shell cannot run this release: react: /);
    expect((await canary('mf_profile', { version: '1.0.0+ccccccc', percent: 5 })).status).toBe(409);
    expect(await live()).not.toContainEqual(expect.objectContaining({ remote: 'mf_profile' }));

    // One reason alone refuses too: another minor runtime.
    expect((await register(release('mf_profile', '1.0.1+ccccccd', { filesHash: hex('e'), runtimeVersion: shell.runtimeVersion.replace(/^(\d+)\.(\d+)/, (_m, a, b) => `${a}.${Number(b) + 1}`) }))).status).toBe(201);
    expect((await promote('mf_profile', { version: '1.0.1+ccccccd' })).body.details).toHaveLength(1);

    const forced = await promote('mf_profile', { version: '1.0.0+ccccccc', force: true, reason: 'hotfix while the shell ships' });
    expect(forced.status).toBe(200);
    expect(forced.body.event.details).toMatch(/^forced past the gate: react: the release needs \^20\.0\.0/);
    const audit = (await call<{ entries: AuditEntryView[] }>('GET', `${ADMIN_PATHS.audit}?objectType=release`, (await makeOperator('operator')).token)).body.entries;
    expect(audit[0]).toMatchObject({ action: 'release.promote', objectId: 'mf_profile@1.0.0+ccccccc', reason: 'hotfix while the shell ships', operatorEmail: releaser.email });
    expect(audit[0]!.details).toContain('forced past the gate: react');
  });

  it('opens the registry to release and trust-and-safety operators only; members and the public see nothing', async () => {
    const support = await makeOperator('support');
    const finance = await makeOperator('finance');
    const operator = await makeOperator('operator');
    const m = await member(h);
    expect((await call('GET', RELEASE_PATHS.releases, operator.token)).status).toBe(200);
    for (const who of [support, finance]) {
      expect((await call('GET', RELEASE_PATHS.releases, who.token)).status).toBe(403);
      expect((await register(release('mf_auth', '0.1.0+1234567'), who.token)).status).toBe(403);
      expect((await promote('mf_chat', { version: '0.2.0+bbbbbbb' }, who.token)).status).toBe(403);
      expect((await rollback('mf_chat', who.token)).status).toBe(403);
    }
    for (const token of [m.token, null]) {
      expect((await call('GET', RELEASE_PATHS.releases, token)).status).toBe(404);
      expect((await register(release('mf_auth', '0.1.0+1234567'), token as string)).status).toBe(404);
      expect((await promote('mf_chat', { version: '0.2.0+bbbbbbb' }, token as string)).status).toBe(404);
    }
    expect(await h.db.kysely.selectFrom('releases').select('id').where('remote', '=', 'mf_auth').execute()).toEqual([]);
    expect((await live()).find((r) => r.remote === 'mf_chat')?.live?.version).toBe('0.1.0+aaaaaaa');
  });

  it('counts error reports (validated, no personal data accepted) and page loads from page servers only', async () => {
    const report = (body: unknown, headers: Record<string, string> = {}) => h.api('POST', RELEASE_PATHS.reports, { body, headers: { 'x-forwarded-for': '203.0.113.9', ...headers } });
    expect((await report({ reports: [{ remote: 'mf_chat', version: '0.1.0+aaaaaaa', kind: 'render' }] })).status).toBe(204);
    for (const bad of [
      { reports: [] },
      { reports: [{ remote: 'mf_chat', version: '0.1.0+aaaaaaa', kind: 'render', email: 'ada@example.test' }] },
      { reports: [{ remote: 'mf_chat', version: '0.1.0+aaaaaaa', kind: 'render', message: 'Cannot read name of Ada' }] },
      { reports: [{ remote: 'mf_chat', version: 'ada@example.test', kind: 'chunk' }] },
      { reports: [{ remote: 'mf_chat', version: 'built', kind: 'stack' }] },
      { reports: Array.from({ length: RELEASE_LIMITS.reportsPerRequest + 1 }, () => ({ remote: 'mf_chat', version: 'built', kind: 'chunk' })) },
    ]) {
      expect((await report(bad)).status).toBe(400);
    }
    const loads = await h.api('POST', RELEASE_PATHS.pageLoads, { body: { loads: [{ remote: 'mf_chat', version: '0.1.0+aaaaaaa', count: 40 }] } });
    expect(loads.status).toBe(204);
    // Through the proxy (a visitor's address attached), the same route is not there.
    expect((await h.api('POST', RELEASE_PATHS.pageLoads, { body: { loads: [{ remote: 'mf_chat', version: '0.1.0+aaaaaaa', count: 40 }] }, headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
    // A version nobody registered is not counted: neither a row nor a series.
    expect((await report({ reports: [{ remote: 'mf_chat', version: '0.7.7+deadbee', kind: 'chunk' }, { remote: 'mf_nothing', version: 'built', kind: 'chunk' }] })).status).toBe(204);
    const chat = (await call<ReleasesOverview>('GET', RELEASE_PATHS.releases, releaser.token)).body.remotes.find((r) => r.remote === 'mf_chat')!;
    expect(chat.releases.find((r) => r.version === '0.1.0+aaaaaaa')).toMatchObject({ pageLoads: 40, errors: 1 });
    expect(await h.db.kysely.selectFrom('releaseStats').select('version').where('version', '=', '0.7.7+deadbee').execute()).toEqual([]);
    const metrics = await h.app.metrics.render();
    expect(metrics).toContain('release_error_reports_total{remote="mf_chat",version="0.1.0+aaaaaaa",kind="render"} 1');
    expect(metrics).toContain('release_page_loads_total{remote="mf_chat",version="0.1.0+aaaaaaa"} 40');
    expect(metrics).not.toContain('deadbee');
    expect(metrics).not.toContain('mf_nothing');
  });

  it('rolls a failing canary back by itself, audited in its history, and mails the team the figures', async () => {
    expect((await register(release('mf_directory', '0.1.0+1111111', { filesHash: hex('1') }))).status).toBe(201);
    expect((await register(release('mf_directory', '0.2.0+2222222', { filesHash: hex('2') }))).status).toBe(201);
    await promote('mf_directory', { version: '0.1.0+1111111' });
    await canary('mf_directory', { version: '0.2.0+2222222', percent: 50 });
    const loads = (version: string, count: number) => h.api('POST', RELEASE_PATHS.pageLoads, { body: { loads: [{ remote: 'mf_directory', version, count }] } });
    await loads('0.1.0+1111111', 200);
    await loads('0.2.0+2222222', RELEASE_LIMITS.canaryMinLoads - 1);
    for (let i = 0; i < 3; i++) await h.api('POST', RELEASE_PATHS.reports, { body: { reports: [{ remote: 'mf_directory', version: '0.2.0+2222222', kind: 'render' }] } });
    // Errors, but not yet enough page loads to judge.
    expect(await checkCanaries(h.app)).toEqual([]);
    await loads('0.2.0+2222222', 1);
    const [done] = await checkCanaries(h.app);
    expect(done).toMatchObject({ action: 'auto-rollback', actor: 'automatic', version: '0.1.0+1111111' });
    expect(done!.details).toBe(
      'canary 0.2.0+2222222 dropped; canary 0.2.0+2222222 rolled back automatically: error rate 6.0 % (3 errors in 50 page loads) against live 0.0 % (0 in 200); the margin is 5.0 points',
    );
    expect((await live()).find((r) => r.remote === 'mf_directory')).toMatchObject({ live: { version: '0.1.0+1111111' }, canary: null });
    expect((await events('mf_directory'))[0]).toMatchObject({ action: 'auto-rollback', actor: 'automatic' });
    // The operators' audit log says it too, under the check's name: no operator did it.
    const lead = await makeOperator('operator');
    const audit = (await call<AuditPageView>('GET', `${ADMIN_PATHS.audit}?action=release.auto-rollback`, lead.token)).body.entries;
    expect(audit).toEqual([
      expect.objectContaining({
        operatorEmail: 'automatic rollback',
        role: 'release',
        action: 'release.auto-rollback',
        objectType: 'release',
        objectId: 'mf_directory@0.1.0+1111111',
        address: 'release canary check',
        details: expect.stringContaining('canary 0.2.0+2222222 rolled back automatically: error rate 6.0 %'),
      }),
    ]);
    const mail = mailer.sent.find((m) => m.subject === 'Canary mf_directory@0.2.0+2222222 rolled back automatically');
    expect(mail?.to).toBe(h.config.operatorEmail);
    expect(mail?.text).toContain('error rate 6.0 % (3 errors in 50 page loads) against live 0.0 % (0 in 200)');
    // Once: the canary is gone.
    expect(await checkCanaries(h.app)).toEqual([]);
  });

  it('gives release operators a signed preview link (audited) that opens only with a release operator’s session, for an hour', async () => {
    const made = await call<{ url: string; token: string; expiresAt: string }>('POST', path(RELEASE_PATHS.preview, 'mf_chat'), releaser.token, { version: '0.2.0+bbbbbbb' });
    expect(made.status).toBe(201);
    expect(made.body.url).toBe(`http://site.test/?sx_preview=${made.body.token}`);
    const lead = await makeOperator('operator');
    const audit = (await call<{ entries: AuditEntryView[] }>('GET', `${ADMIN_PATHS.audit}?action=release.preview`, lead.token)).body.entries;
    expect(audit[0]).toMatchObject({ operatorEmail: releaser.email, action: 'release.preview', objectType: 'release', objectId: 'mf_chat@0.2.0+bbbbbbb', details: `preview link until ${made.body.expiresAt}` });
    const target = { remote: 'mf_chat', version: '0.2.0+bbbbbbb', entry: '/releases/mf_chat/0.2.0+bbbbbbb/mf-manifest.json', expiresAt: made.body.expiresAt };
    const ask = (token: string, bearer: string | null = null) => call<typeof target & { grant?: string }>('GET', `${RELEASE_PATHS.previewToken}?token=${token}`, bearer);
    // The link alone, or in the hands of a member or an operator who may not see releases, opens nothing.
    const support = await makeOperator('support');
    for (const bearer of [null, (await member(h)).token, support.token]) {
      const refused = await ask(made.body.token, bearer);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(RELEASE_MESSAGES.previewNotValid);
    }
    // With a release operator's session (the console opening it): the target and the grant for that browser's cookie.
    const opened = await ask(made.body.token, releaser.token);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ ...target, grant: expect.stringMatching(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/) });
    // The grant opens it alone (the page server asks with the cookie), and grants nothing further.
    expect((await ask(opened.body.grant!)).body).toEqual(target);
    // Another version under the same signature, or another signature, opens nothing.
    const [body, mac] = made.body.token.split('.');
    const forged = `${Buffer.from(Buffer.from(body!, 'base64url').toString().replace('0.2.0+bbbbbbb', '0.1.0+aaaaaaa')).toString('base64url')}.${mac}`;
    expect((await ask(forged, releaser.token)).status).toBe(404);
    expect((await ask(`${body}.${'A'.repeat(43)}`, releaser.token)).status).toBe(404);
    expect((await call('POST', path(RELEASE_PATHS.preview, 'mf_chat'), releaser.token, { version: '0.9.0+fffffff' })).status).toBe(404);
    expect((await call('POST', path(RELEASE_PATHS.preview, 'mf_chat'), support.token, { version: '0.2.0+bbbbbbb' })).status).toBe(403);
    expect((await call('POST', path(RELEASE_PATHS.preview, 'mf_chat'), (await member(h)).token, { version: '0.2.0+bbbbbbb' })).status).toBe(404);
    // A grant ends with its operator's access: one granted to an operator since disabled opens nothing.
    const leaver = await makeOperator('release');
    const leaverGrant = (await ask(made.body.token, leaver.token)).body.grant!;
    expect((await ask(leaverGrant)).status).toBe(200);
    await h.db.kysely.updateTable('operators').set({ disabledAt: new Date(now).toISOString() }).where('id', '=', leaver.id).execute();
    expect((await ask(leaverGrant)).status).toBe(404);
    // An hour later the link and its grant have expired.
    now += 3_600_001;
    expect((await ask(made.body.token, releaser.token)).status).toBe(404);
    expect((await ask(opened.body.grant!)).status).toBe(404);
  });

  it('gives a member the same cohort on every device (derived from the member id, never the id), and nobody else', async () => {
    const ada = await member(h);
    const phone = await h.api<{ token: string }>('POST', '/api/Account/Login', { body: { email: ada.email, password: ada.password } });
    const cohortOf = async (token: string | null) => call<{ cohort: string }>('GET', RELEASE_PATHS.memberCohort, token);
    const laptop = await cohortOf(ada.token);
    expect(laptop.status).toBe(200);
    expect(laptop.body.cohort).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await cohortOf(phone.body.token)).body).toEqual(laptop.body);
    expect((await cohortOf((await member(h)).token)).body.cohort).not.toBe(laptop.body.cohort);
    expect((await cohortOf(null)).status).toBe(401);
    expect((await cohortOf(releaser.token)).status).toBe(401);
  });

  it('rate-limits the reports of one address', async () => {
    const from = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i < RELEASE_LIMITS.reportsPerMinute + 1; i++) {
      statuses.push((await h.api('POST', RELEASE_PATHS.reports, { body: { reports: [{ remote: 'mf_auth', version: 'built', kind: 'chunk' }] }, headers: from })).status);
    }
    expect(statuses.slice(0, RELEASE_LIMITS.reportsPerMinute).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the gate over the deployment’s own shell', () => {
  it('passes a release built from this checkout', () => {
    const shell = currentShellProfile();
    expect(shell.shared).toMatchObject({ react: expect.any(String), 'react-dom': expect.any(String), 'react-router-dom': expect.any(String), '@sciexperts/shared': expect.any(String) });
    expect(gateReasons({ shared: [{ name: 'react', requiredVersion: `~${shell.shared.react}`, singleton: true }], runtimeVersion: shell.runtimeVersion, exposesHash: shell.exposesHash }, shell)).toEqual([]);
  });
});
