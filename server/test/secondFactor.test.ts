// The second factor's core (server/src/auth/secondFactor): TOTP arithmetic and replay rule, recovery codes, the
// encrypted secret, and the service on both databases with a hand-moved clock.
import { createHmac } from 'node:crypto';
import { SecondFactors, totpCode, type FactorOwner } from '../src/auth/secondFactor';
import { SecretBox } from '../src/auth/secondFactor/secretBox';
import { checkTotp, newTotpSecret, stepAt, totpUri } from '../src/auth/secondFactor/totp';
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from '../src/auth/secondFactor/recoveryCodes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrations';
import { createPgSchema } from './pg';

/** A migrated database of its own (no app: the core needs none): a temp SQLite file or a throw-away PostgreSQL schema. */
async function database(dialect: 'sqlite' | 'postgres'): Promise<{ db: Db; close: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-2fa-'));
    const db = openDatabase({ databaseUrl: null, sqliteFile: path.join(dir, 'test.db') });
    await migrate(db.kysely as never, 'sqlite');
    return { db, close: async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const pg = await createPgSchema();
  const db = openDatabase({ databaseUrl: pg.url, databaseSchema: pg.schema, sqliteFile: '' });
  await migrate(db.kysely as never, 'postgres');
  return { db, close: async () => { await db.close(); await pg.drop(); } };
}

const KEY = 'second-factor-test-key-0123456789abcdef';
// RFC 6238's SHA-1 test secret ("12345678901234567890") in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** The reference computation (RFC 4226 dynamic truncation), independent of the library under test. */
function referenceCode(base32: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

describe('TOTP', () => {
  it('computes the codes of RFC 6238 (six digits)', () => {
    // RFC 6238 appendix B, SHA-1, last six digits of the eight-digit values.
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totpCode(secret, 1_700_000_000_000)).toBe(referenceCode(secret, stepAt(1_700_000_000_000)));
  });

  it('accepts the step before, at and after now, and nothing further', () => {
    const now = 1_700_000_015_000;
    const step = stepAt(now);
    for (const d of [-1, 0, 1]) expect(checkTotp(RFC_SECRET, referenceCode(RFC_SECRET, step + d), now, null)).toEqual({ ok: true, step: step + d });
    for (const d of [-2, 2]) expect(checkTotp(RFC_SECRET, referenceCode(RFC_SECRET, step + d), now, null)).toEqual({ ok: false, reason: 'wrong' });
    expect(checkTotp(RFC_SECRET, '12345', now, null)).toEqual({ ok: false, reason: 'wrong' });
    expect(checkTotp(RFC_SECRET, 'abcdef', now, null)).toEqual({ ok: false, reason: 'wrong' });
    // Spaces an app shows between groups are ignored.
    const code = referenceCode(RFC_SECRET, step);
    expect(checkTotp(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, now, null).ok).toBe(true);
  });

  it('refuses a code of the last step used or an earlier one', () => {
    const now = 1_700_000_015_000;
    const step = stepAt(now);
    expect(checkTotp(RFC_SECRET, referenceCode(RFC_SECRET, step), now, step)).toEqual({ ok: false, reason: 'reused' });
    expect(checkTotp(RFC_SECRET, referenceCode(RFC_SECRET, step - 1), now, step)).toEqual({ ok: false, reason: 'reused' });
    expect(checkTotp(RFC_SECRET, referenceCode(RFC_SECRET, step + 1), now, step)).toEqual({ ok: true, step: step + 1 });
  });

  it('builds the otpauth address apps read', () => {
    const uri = totpUri(RFC_SECRET, 'SciExperts', 'ada@example.test');
    expect(uri).toMatch(/^otpauth:\/\/totp\/SciExperts:ada%40example\.test\?/);
    const params = new URL(uri).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({ issuer: 'SciExperts', secret: RFC_SECRET, algorithm: 'SHA1', digits: '6', period: '30' });
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of two groups of five, read back whatever the case, spaces or dash', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const c = codes[0]!;
    expect(normaliseRecoveryCode(` ${c.toUpperCase().replace('-', ' ')} `)).toBe(c.replace('-', ''));
    expect(normaliseRecoveryCode('123456')).toBeNull();
    expect(normaliseRecoveryCode('abcde-fghi0')).toBeNull(); // 0 is not in the alphabet
    expect(hashRecoveryCode('abcdefghjk')).not.toContain('abcdefghjk');
  });
});

describe('the sealed secret', () => {
  it('opens only with the same key and for the same owner', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal(RFC_SECRET, 'member:1');
    expect(sealed).not.toContain(RFC_SECRET);
    expect(box.seal(RFC_SECRET, 'member:1')).not.toBe(sealed); // a fresh nonce each time
    expect(box.open(sealed, 'member:1')).toBe(RFC_SECRET);
    expect(box.open(sealed, 'member:2')).toBeNull();
    expect(box.open(sealed, 'operator:1')).toBeNull();
    expect(new SecretBox(`${KEY}-other`).open(sealed, 'member:1')).toBeNull();
    const [v, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(box.open([v, iv, flipped.toString('base64url'), tag].join('.'), 'member:1')).toBeNull();
    expect(box.open('garbage', 'member:1')).toBeNull();
    expect(() => new SecretBox('short')).toThrow();
  });
});

describe.each(['sqlite', 'postgres'] as const)('the second factor over %s', (dialect) => {
  let h: { db: Db; close: () => Promise<void> };
  let nowMs = Date.UTC(2026, 10, 27, 10, 0, 5);
  let factors: SecondFactors;
  let next = 1;
  const owner = (kind: FactorOwner['kind'] = 'member'): FactorOwner => ({ kind, id: next++ });
  const code = (secret: string, offsetSteps = 0) => totpCode(secret, nowMs + offsetSteps * 30_000);
  const later = (seconds: number) => {
    nowMs += seconds * 1000;
  };

  beforeAll(async () => {
    h = await database(dialect);
    factors = new SecondFactors(h.db, { keyMaterial: KEY, issuer: 'SciExperts', clock: () => new Date(nowMs) });
  });
  afterAll(() => h?.close());

  const enrol = async (o: FactorOwner) => {
    const begun = await factors.begin(o, 'ada@example.test');
    if (!begun.ok) throw new Error('begin failed');
    const confirmed = await factors.confirm(o, code(begun.enrolment.secret));
    if (!confirmed.ok) throw new Error(`confirm failed: ${confirmed.reason}`);
    later(30);
    return { secret: begun.enrolment.secret, recoveryCodes: confirmed.recoveryCodes };
  };

  it('sets up with a QR code and the secret, is off until a code confirms it, and stores the secret encrypted', async () => {
    const o = owner();
    expect(await factors.status(o)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const begun = await factors.begin(o, 'ada@example.test');
    if (!begun.ok) throw new Error('begin failed');
    const { secret, otpauthUri, qrCodeDataUrl } = begun.enrolment;
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCodeDataUrl.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const row = await h.db.kysely.selectFrom('secondFactors').selectAll().where('ownerId', '=', o.id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    expect(row.confirmedAt).toBeNull();

    // Pending: codes do not sign anyone in yet, and a wrong code does not confirm.
    expect(await factors.verify(o, code(secret))).toEqual({ ok: false, reason: 'notEnabled' });
    expect(await factors.confirm(o, code(secret, 5))).toEqual({ ok: false, reason: 'wrong' });
    expect(await factors.isEnabled(o)).toBe(false);

    const confirmed = await factors.confirm(o, code(secret));
    if (!confirmed.ok) throw new Error('confirm failed');
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(await factors.status(o)).toEqual({ enabled: true, enabledAt: new Date(nowMs).toISOString(), recoveryCodesLeft: 10 });
    // The recovery codes are stored hashed only.
    const stored = await h.db.kysely.selectFrom('recoveryCodes').select('codeHash').where('ownerId', '=', o.id).execute();
    expect(stored).toHaveLength(10);
    for (const c of confirmed.recoveryCodes) expect(JSON.stringify(stored)).not.toContain(c.replace('-', ''));
    // On already: a new setup does not replace it, and confirming again is refused.
    expect(await factors.begin(o, 'ada@example.test')).toEqual({ ok: false, reason: 'alreadyEnabled' });
    expect(await factors.confirm(o, code(secret, 1))).toEqual({ ok: false, reason: 'alreadyEnabled' });
  });

  it('a restarted setup makes the earlier secret worthless', async () => {
    const o = owner();
    const first = await factors.begin(o, 'x@example.test');
    const second = await factors.begin(o, 'x@example.test');
    if (!first.ok || !second.ok) throw new Error('begin failed');
    expect(second.enrolment.secret).not.toBe(first.enrolment.secret);
    expect(await factors.confirm(o, code(first.enrolment.secret))).toEqual({ ok: false, reason: 'wrong' });
    expect((await factors.confirm(o, code(second.enrolment.secret))).ok).toBe(true);
    expect(await factors.confirm(owner(), '123456')).toEqual({ ok: false, reason: 'noPendingSetup' });
  });

  it('accepts a code once: the same code, or one of the previous window, is refused afterwards', async () => {
    const o = owner();
    const { secret } = await enrol(o);
    const now = code(secret);
    expect(await factors.verify(o, now)).toMatchObject({ ok: true, method: 'totp' });
    expect(await factors.verify(o, now)).toEqual({ ok: false, reason: 'reused' });
    // The previous window's code is still inside the ±1 tolerance, but older than the step just used.
    expect(await factors.verify(o, code(secret, -1))).toEqual({ ok: false, reason: 'reused' });
    later(30);
    // A code of the previous minute window, twice: accepted once (it is newer than any used), then refused.
    const o2 = owner();
    const s2 = (await enrol(o2)).secret;
    later(90);
    const previous = code(s2, -1);
    expect(await factors.verify(o2, previous)).toMatchObject({ ok: true });
    expect(await factors.verify(o2, previous)).toEqual({ ok: false, reason: 'reused' });
    expect(await factors.verify(o2, code(s2))).toMatchObject({ ok: true });
    expect(await factors.verify(o2, code(s2, 2))).toEqual({ ok: false, reason: 'wrong' });
    expect(await factors.verify(o2, '000000')).toEqual({ ok: false, reason: expect.stringMatching(/wrong|reused/) });
  });

  it('lets only one of two concurrent uses of the same code pass', async () => {
    const o = owner();
    const { secret } = await enrol(o);
    const c = code(secret);
    const results = await Promise.all([factors.verify(o, c), factors.verify(o, c), factors.verify(o, c)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('spends each recovery code once, and new codes replace the old ones', async () => {
    const o = owner();
    const { recoveryCodes } = await enrol(o);
    const first = recoveryCodes[0]!;
    expect(await factors.verify(o, first.toUpperCase())).toEqual({ ok: true, method: 'recovery', recoveryCodesLeft: 9 });
    expect(await factors.verify(o, first)).toEqual({ ok: false, reason: 'reused' });
    expect(await factors.verify(o, 'abcde-fghjk')).toEqual({ ok: false, reason: 'wrong' });
    // Another owner's code is worth nothing here.
    const other = owner();
    const otherCodes = (await enrol(other)).recoveryCodes;
    expect(await factors.verify(o, otherCodes[0]!)).toEqual({ ok: false, reason: 'wrong' });

    const fresh = await factors.regenerateRecoveryCodes(o);
    expect(fresh).toHaveLength(10);
    expect(await factors.verify(o, recoveryCodes[1]!)).toEqual({ ok: false, reason: 'wrong' });
    expect(await factors.verify(o, fresh![0]!)).toMatchObject({ ok: true, method: 'recovery' });
    expect((await factors.status(o)).recoveryCodesLeft).toBe(9);
    expect(await factors.regenerateRecoveryCodes(owner())).toBeNull();
  });

  it('keeps members and operators with the same id apart, and turning off deletes the secret and the codes', async () => {
    const id = next++;
    const asMember = { kind: 'member' as const, id };
    const asOperator = { kind: 'operator' as const, id };
    const m = await enrol(asMember);
    const op = await enrol(asOperator);
    expect(await factors.verify(asOperator, code(m.secret))).toEqual({ ok: false, reason: 'wrong' });
    expect(await factors.verify(asOperator, code(op.secret))).toMatchObject({ ok: true });
    expect(await factors.disable(asMember)).toBe(true);
    expect(await factors.status(asMember)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await factors.verify(asMember, m.recoveryCodes[0]!)).toEqual({ ok: false, reason: 'notEnabled' });
    expect(await h.db.kysely.selectFrom('recoveryCodes').select('codeHash').where('ownerKind', '=', 'member').where('ownerId', '=', id).execute()).toEqual([]);
    expect(await factors.isEnabled(asOperator)).toBe(true);
    expect(await factors.disable(asMember)).toBe(false);
  });

  it('a secret sealed with another key cannot be used (the recovery codes still can)', async () => {
    const o = owner();
    const { secret, recoveryCodes } = await enrol(o);
    const otherKey = new SecondFactors(h.db, { keyMaterial: `${KEY}-rotated`, issuer: 'SciExperts', clock: () => new Date(nowMs) });
    expect(await otherKey.verify(o, code(secret))).toEqual({ ok: false, reason: 'wrong' });
    expect(await otherKey.verify(o, recoveryCodes[0]!)).toMatchObject({ ok: true, method: 'recovery' });
  });
});
