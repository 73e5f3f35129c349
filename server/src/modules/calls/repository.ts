// Scheduled calls' storage. A live call holds the five-minute blocks of its time plus its expert's buffer in
// `callSlotClaims`, whose unique index (expertId, block) is the double-booking guard on both dialects: of two
// bookings that overlap, however close together they arrive, the database lets one insert its blocks and refuses
// the other, whose whole transaction rolls back (no call, no job, no notification).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { CallsTable } from '../../db/schemaCalls';
import { isUniqueViolation } from '../../db/errors';
import { isListed } from '../directory/searchIndex';
import type { AvailabilityRules, BusySpan } from './slots';

type Db = Kysely<Database>;
export type CallRow = Selectable<CallsTable>;

const MINUTE = 60_000;
export const BLOCK_MINUTES = 5;
const BLOCK = BLOCK_MINUTES * MINUTE;

export async function availabilityOf(db: Db, userId: number): Promise<AvailabilityRules | null> {
  const row = await db.selectFrom('callAvailability').selectAll().where('userId', '=', userId).executeTakeFirst();
  if (!row) return null;
  return {
    timeZone: row.timeZone,
    weeklyHours: JSON.parse(row.weeklyHours),
    lengths: JSON.parse(row.lengths),
    minNoticeMinutes: row.minNoticeMinutes,
    bufferMinutes: row.bufferMinutes,
    awayDates: JSON.parse(row.awayDates),
  };
}

export async function saveAvailability(db: Db, userId: number, rules: AvailabilityRules, now: Date): Promise<void> {
  const values = {
    timeZone: rules.timeZone,
    weeklyHours: JSON.stringify(rules.weeklyHours),
    lengths: JSON.stringify(rules.lengths),
    minNoticeMinutes: rules.minNoticeMinutes,
    bufferMinutes: rules.bufferMinutes,
    awayDates: JSON.stringify(rules.awayDates),
    updatedAt: now.toISOString(),
  };
  await db
    .insertInto('callAvailability')
    .values({ userId, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet(values))
    .execute();
}

/**
 * The member's booked calls that can still matter for slots from `now` (the last day included, for buffers): the
 * calls they give as the expert and the ones they booked with someone else, since they cannot be in two calls.
 */
export async function busySpansOf(db: Db, expertId: number, now: Date): Promise<BusySpan[]> {
  const rows = await db
    .selectFrom('calls')
    .select(['startsAt', 'lengthMinutes'])
    .where((eb) => eb.or([eb('expertId', '=', expertId), eb('clientId', '=', expertId)]))
    .where('state', '=', 'booked')
    .where('startsAt', '>=', new Date(now.getTime() - 86_400_000).toISOString())
    .orderBy('startsAt')
    .execute();
  return rows.map((r) => {
    const start = Date.parse(r.startsAt!);
    return { start, end: start + r.lengthMinutes * MINUTE };
  });
}

/** The blocks a call holds: its time and the buffer after it. */
export function blocksOf(start: number, lengthMinutes: number, bufferMinutes: number): string[] {
  const out: string[] = [];
  const first = Math.floor(start / BLOCK) * BLOCK;
  const end = start + (lengthMinutes + bufferMinutes) * MINUTE;
  for (let t = first; t < end; t += BLOCK) out.push(new Date(t).toISOString());
  return out;
}

export class SlotTaken extends Error {
  constructor() {
    super('slot taken');
  }
}

/** Claims the call's blocks in the caller's transaction; SlotTaken when another live call holds one of them. */
export async function claim(trx: Db, expertId: number, callId: number, start: number, lengthMinutes: number, bufferMinutes: number): Promise<void> {
  const rows = blocksOf(start, lengthMinutes, bufferMinutes).map((block) => ({ expertId, block, callId }));
  try {
    // One statement, blocks in ascending order: two overlapping bookings wait on each other in the same order (no deadlock).
    await trx.insertInto('callSlotClaims').values(rows).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new SlotTaken();
    throw err;
  }
}

export async function release(trx: Db, callId: number): Promise<void> {
  await trx.deleteFrom('callSlotClaims').where('callId', '=', callId).execute();
}

export const newRoom = () => `SciExperts-${randomBytes(16).toString('base64url')}`;
export const newUid = (domain: string) => `${randomUUID()}@${domain}`;

export async function findCall(db: Db, id: number): Promise<CallRow | undefined> {
  return db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function memberOf(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'firstName', 'lastName', 'email']).where('id', '=', id).where('deletedAt', 'is', null).executeTakeFirst();
}

/**
 * The member `viewer` may have a call with (read the slots of, book, propose to, reschedule with), or undefined: the
 * caller answers the same 404 as the member's profile. Nobody can call a deleted or suspended member, nor one whose
 * profile an operator hid; another member needs the profile public (as GET /api/Users/:id); a visitor (no
 * `viewer`) needs it listed, as the public profile page does, so a signed-out read shows no name the page does not.
 * The member themself always passes (their own slots).
 */
export async function callableMember(db: Db, id: number, viewer: number | undefined) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName', 'email', 'isProfilePublic', 'headline', 'suspendedAt', 'profileHiddenAt'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row || row.suspendedAt || row.profileHiddenAt) return undefined;
  const visible = row.id === viewer || (viewer === undefined ? isListed(row) : Number(row.isProfilePublic) === 1);
  return visible ? { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email } : undefined;
}

/** A member's calls (as expert or client), with both parties and their time zones. */
export async function callsOf(db: Db, userId: number, ids?: number[]) {
  let q = db
    .selectFrom('calls as c')
    .innerJoin('users as e', 'e.id', 'c.expertId')
    .innerJoin('users as cl', 'cl.id', 'c.clientId')
    .leftJoin('callAvailability as a', 'a.userId', 'c.expertId')
    .leftJoin('callAvailability as ca', 'ca.userId', 'c.clientId')
    .selectAll('c')
    .select([
      'e.firstName as expertFirstName',
      'e.lastName as expertLastName',
      'e.email as expertEmail',
      'cl.firstName as clientFirstName',
      'cl.lastName as clientLastName',
      'cl.email as clientEmail',
      'a.timeZone as expertTimeZone',
      'ca.timeZone as clientOwnTimeZone',
    ])
    .where((eb) => eb.or([eb('c.expertId', '=', userId), eb('c.clientId', '=', userId)]));
  if (ids) q = q.where('c.id', 'in', ids);
  return q.orderBy('c.startsAt').orderBy('c.id').execute();
}
export type CallWithParties = Awaited<ReturnType<typeof callsOf>>[number];

export async function callWithParties(db: Db, id: number): Promise<CallWithParties | undefined> {
  const row = await findCall(db, id);
  if (!row) return undefined;
  return (await callsOf(db, row.expertId, [id]))[0];
}

/** The client's zone: their own availability's, else the one their browser sent when they booked or accepted, else unknown. */
export const clientZoneOf = (c: Pick<CallWithParties, 'clientOwnTimeZone' | 'clientTimeZone'>): string | null => c.clientOwnTimeZone ?? c.clientTimeZone ?? null;

/** The times a pending reschedule offers, earliest first (a request made before there could be several: its one time). */
export function rescheduleTimesOf(c: Pick<CallWithParties, 'rescheduleStartsAt' | 'rescheduleTimes'>): string[] {
  if (!c.rescheduleStartsAt) return [];
  const times = JSON.parse(c.rescheduleTimes) as string[];
  return times.length > 0 ? times : [c.rescheduleStartsAt];
}
