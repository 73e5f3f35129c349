import type { OfferedService, PublicUser, User, WorkExperience } from '@sciexperts/shared/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { UsersTable } from '../../db/schema';
import { listOfferedServices } from '../services/repository';
import { listRecords } from '../records/repository';
import { RECORD_KINDS } from '../records/kinds';
import { refreshExpertSearch } from '../directory/searchIndex';
import { sendBackToReview } from '../vetting/repository';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  authProvider: 'password' | 'oidc';
  /** Set when the address is known to be the member's already (the identity provider's word, a seeded account). */
  emailVerifiedAt?: string | null;
}

export type UserPatch = Partial<{
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  headline: string;
  profileSummary: string;
  hourlyFee: number;
  profImgUrl: string | null;
  isProfilePublic: boolean;
  country: string | null;
}>;

export async function insertUser(db: Db, u: NewUser): Promise<number> {
  const row = await db.kysely
    .insertInto('users')
    .values({ ...u, isProfilePublic: 1, createdAt: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateUser(db: Db, id: number, patch: UserPatch, now: Date = new Date()): Promise<void> {
  const { isProfilePublic, ...rest } = patch;
  const values = { ...rest, ...(isProfilePublic === undefined ? {} : { isProfilePublic: isProfilePublic ? 1 : 0 }) };
  if (Object.keys(values).length === 0) return;
  // The directory's index changes with the profile, in the same transaction.
  await db.kysely.transaction().execute(async (trx) => {
    const before = patch.firstName === undefined && patch.lastName === undefined ? undefined : await trx.selectFrom('users').select(['firstName', 'lastName']).where('id', '=', id).executeTakeFirst();
    await trx.updateTable('users').set(values).where('id', '=', id).execute();
    // A verified expert who changes their first or last name goes back to review (the badge goes until approved).
    if (before && ((patch.firstName !== undefined && patch.firstName !== before.firstName) || (patch.lastName !== undefined && patch.lastName !== before.lastName))) {
      await sendBackToReview(trx, id, now);
    }
    await refreshExpertSearch(trx, db.dialect, id);
  });
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.kysely.updateTable('users').set({ passwordHash }).where('id', '=', id).execute();
}

/** The member's own view; assembled from explicit fields so no secret column can leak. */
export async function loadUser(db: Db, row: UserRow): Promise<User> {
  const [offeredServices, workExperiences] = await Promise.all([
    listOfferedServices(db, row.id),
    listRecords(db, RECORD_KINDS.workExperience, row.id) as unknown as Promise<WorkExperience[]>,
  ]);
  return toUser(row, offeredServices, workExperiences);
}

export function toUser(row: UserRow, offeredServices: OfferedService[], workExperiences: WorkExperience[]): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    headline: row.headline,
    profileSummary: row.profileSummary,
    hourlyFee: row.hourlyFee === null ? null : Number(row.hourlyFee),
    phoneNumber: row.phoneNumber,
    profImgUrl: row.profImgUrl,
    isProfilePublic: row.isProfilePublic === 1,
    authProvider: row.authProvider,
    country: row.country,
    emailVerified: row.emailVerifiedAt !== null,
    offeredServices,
    workExperiences,
  };
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    headline: user.headline,
    profileSummary: user.profileSummary,
    hourlyFee: user.hourlyFee,
    profImgUrl: user.profImgUrl,
    offeredServices: user.offeredServices,
    workExperiences: user.workExperiences,
  };
}

export async function recordUpload(db: Db, fileName: string, ownerId: number): Promise<void> {
  await db.kysely.insertInto('uploads').values({ fileName, ownerId, createdAt: new Date().toISOString() }).execute();
}

export async function isUploadOwnedBy(db: Db, fileName: string, ownerId: number): Promise<boolean> {
  const row = await db.kysely.selectFrom('uploads').select('fileName').where('fileName', '=', fileName).where('ownerId', '=', ownerId).executeTakeFirst();
  return row !== undefined;
}

/** Forgets the file only when it is the owner's; true means the caller may now delete the bytes. */
export async function releaseUpload(db: Db, fileName: string, ownerId: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('uploads').where('fileName', '=', fileName).where('ownerId', '=', ownerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
