import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { openDatabase } from '../src/db/connect';
import { eventually, member, startApp, type Harness } from './helpers';

async function waitForMail(dir: string, to: string, count: number): Promise<Array<{ to: string; text: string; subject: string }>> {
  let mails: Array<{ to: string; text: string; subject: string }> = [];
  await eventually(() => {
    try {
      mails = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string; subject: string })
        // Reset mails only: a new member's welcome e-mail goes to the same address.
        .filter((m) => m.to === to && m.subject === 'Reset your SciExperts password');
    } catch {
      /* outbox not created yet */
    }
    return mails.length >= count;
  }, `${count} reset mail(s) for ${to}`);
  return mails;
}

const tokenOf = (text: string) => {
  const m = /http:\/\/site\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no link in ${text}`);
  return decodeURIComponent(m[1]!);
};

describe('password reset', () => {
  let h: Harness;
  let outbox: string;
  beforeAll(async () => {
    h = await startApp();
    outbox = path.join(h.dir, 'outbox');
  });
  afterAll(() => h.close());

  it('answers the same for known and unknown e-mails', async () => {
    const m = await member(h);
    const known = await h.api<{ message: string }>('POST', '/api/Account/RequestPasswordReset', { body: { email: m.email } });
    const unknown = await h.api<{ message: string }>('POST', '/api/Account/RequestPasswordReset', { body: { email: 'ghost@example.test' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await waitForMail(outbox, m.email, 1);
    expect(readdirSync(outbox).some((f) => f.endsWith('.eml'))).toBe(true);
  });

  it('answers before any database work, so known and unknown e-mails take equally long', async () => {
    let slow = false;
    const delay: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (slow) await new Promise((r) => setTimeout(r, 400));
        return args.result;
      },
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-reset-'));
    const raw = openDatabase({ databaseUrl: null, sqliteFile: path.join(dir, 'slow.db') });
    const s = await startApp({}, { db: { ...raw, kysely: raw.kysely.withPlugin(delay) } });
    try {
      const m = await member(s);
      slow = true;
      const timed = async (email: string) => {
        const started = performance.now();
        const res = await s.api<{ message: string }>('POST', '/api/Account/RequestPasswordReset', { body: { email } });
        return { res, ms: performance.now() - started };
      };
      const known = await timed(m.email);
      const unknown = await timed('nobody.here@example.test');
      expect(known.res.status).toBe(200);
      expect(known.res.body).toEqual(unknown.res.body);
      // Every query now takes 400 ms: an answer that waited for the lookup or the token insert would show it.
      expect(known.ms).toBeLessThan(300);
      expect(unknown.ms).toBeLessThan(300);
      const [mail] = await waitForMail(path.join(s.dir, 'outbox'), m.email, 1);
      expect(tokenOf(mail!.text)).toBeTruthy();
    } finally {
      slow = false;
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('resets once, revokes every session and accepts the new password', async () => {
    const m = await member(h);
    const second = await h.api<{ token: string }>('POST', '/api/Account/Login', { body: { email: m.email, password: m.password } });
    await h.api('POST', '/api/Account/RequestPasswordReset', { body: { email: m.email } });
    const [mail] = await waitForMail(outbox, m.email, 1);
    const token = tokenOf(mail!.text);

    expect((await h.api('POST', '/api/Account/ResetPassword', { body: { token, password: 'short' } })).status).toBe(400);
    const ok = await h.api('POST', '/api/Account/ResetPassword', { body: { token, password: 'a brand new passphrase' } });
    expect(ok.status).toBe(200);
    for (const t of [m.token, second.body.token]) expect((await h.api('GET', `/api/User/GetUserById/${m.id}`, { token: t })).status).toBe(401);
    expect((await h.api('POST', '/api/Account/Login', { body: { email: m.email, password: m.password } })).status).toBe(401);
    expect((await h.api('POST', '/api/Account/Login', { body: { email: m.email, password: 'a brand new passphrase' } })).status).toBe(200);

    const reuse = await h.api<{ message: string }>('POST', '/api/Account/ResetPassword', { body: { token, password: 'yet another passphrase' } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toMatch(/invalid or has expired/);
  });

  it('refuses expired and made-up tokens', async () => {
    const m = await member(h);
    await h.api('POST', '/api/Account/RequestPasswordReset', { body: { email: m.email } });
    const [mail] = await waitForMail(outbox, m.email, 1);
    const token = tokenOf(mail!.text);
    await h.db.kysely.updateTable('passwordResetTokens').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await h.api('POST', '/api/Account/ResetPassword', { body: { token, password: 'a brand new passphrase' } })).status).toBe(400);
    expect((await h.api('POST', '/api/Account/ResetPassword', { body: { token: 'made-up', password: 'a brand new passphrase' } })).status).toBe(400);
    expect((await h.api('POST', '/api/Account/Login', { body: { email: m.email, password: m.password } })).status).toBe(200);
  });

  it('stores only a hash of the token and validates input', async () => {
    const m = await member(h);
    await h.api('POST', '/api/Account/RequestPasswordReset', { body: { email: m.email } });
    const [mail] = await waitForMail(outbox, m.email, 1);
    const token = tokenOf(mail!.text);
    const rows = await h.db.kysely.selectFrom('passwordResetTokens').select('tokenHash').execute();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect((await h.api('POST', '/api/Account/RequestPasswordReset', { body: { email: 'nope' } })).status).toBe(400);
    expect((await h.api('POST', '/api/Account/RequestPasswordReset', { body: { email: m.email, extra: 1 } })).status).toBe(400);
  });
});
