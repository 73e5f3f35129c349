// The partners registry, the popup's authorization codes and the members' grants (migration 0053_partners).
import type { PartnerStatus, PartnerView } from '@sciexperts/shared/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { PartnerCodesTable, PartnerGrantsTable, PartnersTable } from '../../db/schemaPartners';

export type PartnerRow = Omit<PartnersTable, 'id'> & { id: number };
export type GrantRow = Omit<PartnerGrantsTable, 'id'> & { id: number };

export function partnerView(row: PartnerRow): PartnerView {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    origins: JSON.parse(row.origins) as string[],
    contact: row.contact,
    status: row.status as PartnerStatus,
    createdAt: row.createdAt,
    secretRotatedAt: row.secretRotatedAt,
    suspendedAt: row.suspendedAt,
  };
}

export function partnerOrigins(row: Pick<PartnerRow, 'origins'>): string[] {
  return JSON.parse(row.origins) as string[];
}

export async function listPartners(db: Db): Promise<PartnerRow[]> {
  return db.kysely.selectFrom('partners').selectAll().orderBy('name').orderBy('id').execute();
}

export async function findPartner(db: Kysely<Database>, id: number): Promise<PartnerRow | undefined> {
  return db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPartnerByClientId(db: Kysely<Database>, clientId: string): Promise<PartnerRow | undefined> {
  return db.selectFrom('partners').selectAll().where('clientId', '=', clientId).executeTakeFirst();
}

export async function insertPartner(
  trx: Kysely<Database>,
  p: { clientId: string; name: string; origins: string[]; contact: string; secretHash: string },
  now: Date,
): Promise<PartnerRow> {
  const at = now.toISOString();
  return trx
    .insertInto('partners')
    .values({ clientId: p.clientId, name: p.name, origins: JSON.stringify(p.origins), contact: p.contact, secretHash: p.secretHash, secretRotatedAt: at, status: 'active', createdAt: at, suspendedAt: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function replaceSecret(trx: Kysely<Database>, id: number, secretHash: string, now: Date): Promise<PartnerRow | undefined> {
  return trx.updateTable('partners').set({ secretHash, secretRotatedAt: now.toISOString() }).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Moves a partner from `from` to `to`; undefined when it was not in `from` (the caller answers 409). */
export async function setStatus(trx: Kysely<Database>, id: number, from: PartnerStatus, to: PartnerStatus, now: Date): Promise<PartnerRow | undefined> {
  return trx
    .updateTable('partners')
    .set({ status: to, suspendedAt: to === 'suspended' ? now.toISOString() : null })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** A suspended partner keeps no refresh token and no pending code: reinstating it starts from new consents. */
export async function dropPartnerGrants(trx: Kysely<Database>, partnerId: number): Promise<void> {
  await trx.deleteFrom('partnerCodes').where('partnerId', '=', partnerId).execute();
  await trx.deleteFrom('partnerGrants').where('partnerId', '=', partnerId).execute();
}

/** The live access tokens (sessions) of a partner, optionally of one member only. */
export async function partnerSessionIds(db: Db, partnerId: number, userId?: number): Promise<string[]> {
  let q = db.kysely.selectFrom('sessions').select('id').where('partnerId', '=', partnerId);
  if (userId !== undefined) q = q.where('userId', '=', userId);
  return (await q.execute()).map((r) => r.id);
}

export async function grantSessionIds(db: Db, grantId: number): Promise<string[]> {
  return (await db.kysely.selectFrom('sessions').select('id').where('grantId', '=', grantId).execute()).map((r) => r.id);
}

export async function insertCode(db: Db, c: Omit<PartnerCodesTable, 'usedAt' | 'grantId'>): Promise<void> {
  await db.kysely.insertInto('partnerCodes').values({ ...c, usedAt: null, grantId: null }).execute();
}

/**
 * Marks a code used and answers it, in one statement, so two exchanges of one code cannot both pass. A code already
 * used is answered with `reused: true` (the caller ends what it was exchanged for).
 */
export async function takeCode(db: Db, codeHash: string, now: Date): Promise<{ code: PartnerCodesTable; reused: boolean } | null> {
  const taken = await db.kysely.updateTable('partnerCodes').set({ usedAt: now.toISOString() }).where('codeHash', '=', codeHash).where('usedAt', 'is', null).returningAll().executeTakeFirst();
  if (taken) return { code: taken, reused: false };
  const used = await db.kysely.selectFrom('partnerCodes').selectAll().where('codeHash', '=', codeHash).executeTakeFirst();
  return used ? { code: used, reused: true } : null;
}

export async function setCodeGrant(db: Db, codeHash: string, grantId: number): Promise<void> {
  await db.kysely.updateTable('partnerCodes').set({ grantId }).where('codeHash', '=', codeHash).execute();
}

/** Codes are short-lived: the expired ones go whenever a new one is made. */
export async function pruneCodes(db: Db, now: Date): Promise<void> {
  await db.kysely.deleteFrom('partnerCodes').where('expiresAt', '<', now.toISOString()).execute();
}

export async function insertGrant(db: Db, g: { partnerId: number; userId: number; scope: string; refreshHash: string; refreshExpiresAt: Date }, now: Date): Promise<GrantRow> {
  return db.kysely
    .insertInto('partnerGrants')
    .values({ partnerId: g.partnerId, userId: g.userId, scope: g.scope, refreshHash: g.refreshHash, previousRefreshHash: null, refreshExpiresAt: g.refreshExpiresAt.toISOString(), createdAt: now.toISOString(), lastUsedAt: now.toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Swaps a grant's refresh token for a new one (one statement: a token is used once even when sent twice at once). */
export async function rotateRefresh(db: Db, partnerId: number, oldHash: string, newHash: string, expiresAt: Date, now: Date): Promise<GrantRow | undefined> {
  return db.kysely
    .updateTable('partnerGrants')
    .set({ refreshHash: newHash, previousRefreshHash: oldHash, refreshExpiresAt: expiresAt.toISOString(), lastUsedAt: now.toISOString() })
    .where('refreshHash', '=', oldHash)
    .where('partnerId', '=', partnerId)
    .where('refreshExpiresAt', '>', now.toISOString())
    .returningAll()
    .executeTakeFirst();
}

export async function findGrantByRefresh(db: Db, partnerId: number, hash: string): Promise<{ grant: GrantRow; replaced: boolean } | undefined> {
  const current = await db.kysely.selectFrom('partnerGrants').selectAll().where('partnerId', '=', partnerId).where('refreshHash', '=', hash).executeTakeFirst();
  if (current) return { grant: current, replaced: false };
  const replaced = await db.kysely.selectFrom('partnerGrants').selectAll().where('partnerId', '=', partnerId).where('previousRefreshHash', '=', hash).executeTakeFirst();
  return replaced ? { grant: replaced, replaced: true } : undefined;
}

export async function findGrant(db: Db, id: number): Promise<GrantRow | undefined> {
  return db.kysely.selectFrom('partnerGrants').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteGrant(db: Db, id: number): Promise<void> {
  await db.kysely.deleteFrom('partnerGrants').where('id', '=', id).execute();
}

export async function deleteMemberGrants(db: Db, userId: number, partnerId: number): Promise<number> {
  const result = await db.kysely.deleteFrom('partnerGrants').where('userId', '=', userId).where('partnerId', '=', partnerId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every partner grant of a member: the account's sessions all end (a password reset, signing out elsewhere, a suspension). */
export async function deleteAllMemberGrants(db: Db, userId: number): Promise<void> {
  await db.kysely.deleteFrom('partnerGrants').where('userId', '=', userId).execute();
}

/** The member's connected partners: one line per partner, its first consent still in force and its last use. */
export async function connectedPartners(db: Db, userId: number) {
  return db.kysely
    .selectFrom('partnerGrants as g')
    .innerJoin('partners as p', 'p.id', 'g.partnerId')
    .select((eb) => ['p.id as partnerId', 'p.clientId', 'p.name', 'g.scope', eb.fn.min('g.createdAt').as('connectedAt'), eb.fn.max('g.lastUsedAt').as('lastUsedAt')])
    .where('g.userId', '=', userId)
    .groupBy(['p.id', 'p.clientId', 'p.name', 'g.scope'])
    .orderBy('p.name')
    .execute();
}
