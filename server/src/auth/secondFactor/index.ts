// The second factor (TOTP + recovery codes), built once for members and operators alike
// (docs/decisions/0034-second-factor.md). An owner is a kind and an id, so operators kept anywhere (their own
// table, or members with a role) use the same rows and rules. Routes, messages and throttling of wrong codes are the
// callers'; this module decides what a code is worth.
import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
// The tables this module reads, merged into Database.
import type {} from '../../db/schemaSecurity';
import { SecretBox } from './secretBox';
import { checkTotp, newTotpSecret, totpUri } from './totp';
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from './recoveryCodes';

export { totpCode, stepAt, TOTP_PERIOD_SECONDS } from './totp';
export { RECOVERY_CODE_COUNT } from './recoveryCodes';

export type FactorOwnerKind = 'member' | 'operator';
export interface FactorOwner {
  kind: FactorOwnerKind;
  id: number;
}

export interface SecondFactorStatus {
  /** TOTP is on (confirmed with a code). */
  enabled: boolean;
  enabledAt: string | null;
  /** Recovery codes not used yet (0 when off). */
  recoveryCodesLeft: number;
}

/** What the owner needs to add the account to an authenticator app; shown once, while the setup is pending. */
export interface TotpEnrolment {
  /** Base32, for typing into the app by hand. */
  secret: string;
  otpauthUri: string;
  /** The same address as a QR code: `data:image/svg+xml;base64,…`, usable as an <img> source. */
  qrCodeDataUrl: string;
}

export type BeginResult = { ok: true; enrolment: TotpEnrolment } | { ok: false; reason: 'alreadyEnabled' };
export type ConfirmResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'noPendingSetup' | 'wrong' | 'alreadyEnabled' };
/**
 * `wrong`: not a valid code now (callers count these like wrong passwords). `reused`: a TOTP code of a step already
 * used, or a recovery code already spent. `notEnabled`: the owner has no second factor.
 */
export type VerifyResult = { ok: true; method: 'totp' | 'recovery'; recoveryCodesLeft: number } | { ok: false; reason: 'notEnabled' | 'wrong' | 'reused' };

export interface SecondFactorOptions {
  /** At least 32 characters; the encryption key of the stored secrets is derived from it (see secretBox.ts). */
  keyMaterial: string;
  /** The name authenticator apps show above the code. */
  issuer: string;
  /** "Now": injectable so tests move through 30-second steps by hand. */
  clock?: () => Date;
}

const ownerContext = (o: FactorOwner) => `${o.kind}:${o.id}`;

export class SecondFactors {
  private readonly box: SecretBox;
  private readonly clock: () => Date;

  constructor(
    private readonly db: Db,
    private readonly options: SecondFactorOptions,
  ) {
    this.box = new SecretBox(options.keyMaterial);
    this.clock = options.clock ?? (() => new Date());
  }

  private row(o: FactorOwner) {
    return this.db.kysely.selectFrom('secondFactors').selectAll().where('ownerKind', '=', o.kind).where('ownerId', '=', o.id).executeTakeFirst();
  }

  private async codesLeft(o: FactorOwner): Promise<number> {
    const r = await this.db.kysely
      .selectFrom('recoveryCodes')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('ownerKind', '=', o.kind)
      .where('ownerId', '=', o.id)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async status(o: FactorOwner): Promise<SecondFactorStatus> {
    const row = await this.row(o);
    if (!row?.confirmedAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
    return { enabled: true, enabledAt: row.confirmedAt, recoveryCodesLeft: await this.codesLeft(o) };
  }

  async isEnabled(o: FactorOwner): Promise<boolean> {
    return Boolean((await this.row(o))?.confirmedAt);
  }

  /**
   * Starts (or restarts) a setup: a new secret, stored encrypted and pending until confirmed with a code from the
   * app. A second factor already on is not replaced this way (turn it off first, which asks for proof).
   */
  async begin(o: FactorOwner, accountName: string): Promise<BeginResult> {
    const existing = await this.row(o);
    if (existing?.confirmedAt) return { ok: false, reason: 'alreadyEnabled' };
    const secret = newTotpSecret();
    const sealed = this.box.seal(secret, ownerContext(o));
    const now = this.clock().toISOString();
    const k = this.db.kysely;
    // The condition keeps a concurrent confirm's factor: only a pending row is replaced.
    await k.deleteFrom('secondFactors').where('ownerKind', '=', o.kind).where('ownerId', '=', o.id).where('confirmedAt', 'is', null).execute();
    try {
      await k.insertInto('secondFactors').values({ ownerKind: o.kind, ownerId: o.id, secret: sealed, confirmedAt: null, lastUsedStep: null, createdAt: now }).execute();
    } catch {
      // A concurrent begin or confirm won: report the state that is there now.
      if (await this.isEnabled(o)) return { ok: false, reason: 'alreadyEnabled' };
      throw new Error('second factor setup raced another one');
    }
    return { ok: true, enrolment: await this.enrolment(secret, accountName) };
  }

  /**
   * The setup still pending since `notBefore` or later, as begin() answered it (the same key, so a QR code already
   * on a screen or scanned stays good); null when there is none, it is older, or it is already confirmed.
   */
  async pendingSetup(o: FactorOwner, accountName: string, notBefore: Date): Promise<TotpEnrolment | null> {
    const row = await this.row(o);
    if (!row || row.confirmedAt || Date.parse(row.createdAt) < notBefore.getTime()) return null;
    const secret = this.box.open(row.secret, ownerContext(o));
    return secret ? this.enrolment(secret, accountName) : null;
  }

  private async enrolment(secret: string, accountName: string): Promise<TotpEnrolment> {
    const otpauthUri = totpUri(secret, this.options.issuer, accountName);
    const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauthUri, qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Turns a pending setup on with a code from the app; answers the ten recovery codes, which are shown once. */
  async confirm(o: FactorOwner, code: string): Promise<ConfirmResult> {
    const row = await this.row(o);
    if (!row) return { ok: false, reason: 'noPendingSetup' };
    if (row.confirmedAt) return { ok: false, reason: 'alreadyEnabled' };
    const secret = this.box.open(row.secret, ownerContext(o));
    if (!secret) return { ok: false, reason: 'noPendingSetup' };
    const now = this.clock();
    const check = checkTotp(secret, code, now.getTime(), row.lastUsedStep);
    if (!check.ok) return { ok: false, reason: 'wrong' };
    const codes = newRecoveryCodes();
    const done = await this.db.kysely.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('secondFactors')
        .set({ confirmedAt: now.toISOString(), lastUsedStep: check.step })
        .where('ownerKind', '=', o.kind)
        .where('ownerId', '=', o.id)
        .where('secret', '=', row.secret)
        .where('confirmedAt', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await this.replaceCodes(trx, o, codes, now);
      return true;
    });
    // Another confirm, or a restarted setup, got there first: this code belonged to a secret that is no longer pending.
    if (!done) return { ok: false, reason: (await this.isEnabled(o)) ? 'alreadyEnabled' : 'noPendingSetup' };
    return { ok: true, recoveryCodes: codes };
  }

  /**
   * Checks a six-digit TOTP code or a recovery code. A TOTP code is accepted once: its step is stored with a
   * conditional update, so the same code (or an older one) replayed, even concurrently, is refused. A recovery code is
   * spent by the same kind of update.
   */
  async verify(o: FactorOwner, input: string): Promise<VerifyResult> {
    const row = await this.row(o);
    if (!row?.confirmedAt) return { ok: false, reason: 'notEnabled' };
    const recovery = normaliseRecoveryCode(input);
    const now = this.clock();
    if (recovery) {
      const k = this.db.kysely;
      const hash = hashRecoveryCode(recovery);
      const spent = await k
        .updateTable('recoveryCodes')
        .set({ usedAt: now.toISOString() })
        .where('ownerKind', '=', o.kind)
        .where('ownerId', '=', o.id)
        .where('codeHash', '=', hash)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) === 1) return { ok: true, method: 'recovery', recoveryCodesLeft: await this.codesLeft(o) };
      const known = await k.selectFrom('recoveryCodes').select('usedAt').where('ownerKind', '=', o.kind).where('ownerId', '=', o.id).where('codeHash', '=', hash).executeTakeFirst();
      return { ok: false, reason: known ? 'reused' : 'wrong' };
    }
    const secret = this.box.open(row.secret, ownerContext(o));
    // A secret this key cannot open (the key changed): no code can be right; the owner falls back to a recovery code.
    if (!secret) return { ok: false, reason: 'wrong' };
    const check = checkTotp(secret, input, now.getTime(), row.lastUsedStep);
    if (!check.ok) return check;
    const updated = await this.db.kysely
      .updateTable('secondFactors')
      .set({ lastUsedStep: check.step })
      .where('ownerKind', '=', o.kind)
      .where('ownerId', '=', o.id)
      .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', check.step)]))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: 'reused' };
    return { ok: true, method: 'totp', recoveryCodesLeft: await this.codesLeft(o) };
  }

  /** Ten new recovery codes; every earlier one stops working. Null when the second factor is off. */
  async regenerateRecoveryCodes(o: FactorOwner): Promise<string[] | null> {
    if (!(await this.isEnabled(o))) return null;
    const codes = newRecoveryCodes();
    await this.db.kysely.transaction().execute((trx) => this.replaceCodes(trx, o, codes, this.clock()));
    return codes;
  }

  /** Turns the second factor off (or drops a pending setup): the secret and every recovery code are deleted. */
  async disable(o: FactorOwner): Promise<boolean> {
    return this.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('recoveryCodes').where('ownerKind', '=', o.kind).where('ownerId', '=', o.id).execute();
      const r = await trx.deleteFrom('secondFactors').where('ownerKind', '=', o.kind).where('ownerId', '=', o.id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    });
  }

  private async replaceCodes(trx: Kysely<Database>, o: FactorOwner, codes: string[], now: Date): Promise<void> {
    await trx.deleteFrom('recoveryCodes').where('ownerKind', '=', o.kind).where('ownerId', '=', o.id).execute();
    await trx
      .insertInto('recoveryCodes')
      .values(codes.map((c) => ({ ownerKind: o.kind, ownerId: o.id, codeHash: hashRecoveryCode(normaliseRecoveryCode(c)!), createdAt: now.toISOString(), usedAt: null })))
      .execute();
  }
}

/** The app's instance (ctx.secondFactors): SECOND_FACTOR_KEY, or the token secret when that is not set. */
export function createSecondFactors(db: Db, config: Pick<Config, 'secondFactorKey' | 'tokenSecret'>, clock: () => Date): SecondFactors {
  return new SecondFactors(db, { keyMaterial: config.secondFactorKey ?? config.tokenSecret, issuer: SECOND_FACTOR_ISSUER, clock });
}

/** The name authenticator apps show above the codes. */
export const SECOND_FACTOR_ISSUER = 'SciExperts';
