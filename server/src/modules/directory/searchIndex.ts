// The directory's index, kept in step with every profile write: each repository write that changes what the
// directory shows calls refreshExpertSearch inside its own transaction, so the index never lags. Two tables:
// `expertSearch` (full text: FTS5 on SQLite, a weighted tsvector on PostgreSQL) and `expertListing` (one narrow
// row per listed expert: completeness, country and fee, indexed for the filters and the order without a query).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Dialect } from '../../db/connect';
import { publishedRating } from '../reviews/ratings';

/** Lower-case, accents dropped, ß as ss: how both dialects' documents and queries are compared (the index holds folded text). */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/ß/g, 'ss');
}

/**
 * A member appears in the directory only while public, with a headline, not suspended by an operator and their
 * profile not hidden by one. `profileHiddenAt` is a required key so that no caller forgets to select it.
 */
export function isListed(row: { isProfilePublic: number; headline: string | null; suspendedAt?: string | null; profileHiddenAt: string | null | undefined }): boolean {
  return Number(row.isProfilePublic) === 1 && (row.headline ?? '').trim() !== '' && !row.suspendedAt && !row.profileHiddenAt;
}

export interface ExpertDocument {
  name: string;
  headline: string;
  other: string;
  summary: string;
  completeness: number;
  country: string | null;
  hourlyFee: number | null;
  /** Catalogue ids of the offered services and practice areas (PostgreSQL filters on them beside the text). */
  serviceIds: number[];
  areaIds: number[];
  /** The published reviews of the member as an expert: mean to one decimal (null without any) and count ("Highest rated"). */
  ratingAverage: number | null;
  reviewCount: number;
  /** An operator approved the expert's verification and it still holds (the "Verified experts only" filter). */
  verified: boolean;
}

/** What the index holds of one member, or undefined when the member is not listed. */
export async function expertDocument(db: Kysely<Database>, userId: number): Promise<ExpertDocument | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['firstName', 'lastName', 'headline', 'profileSummary', 'hourlyFee', 'profImgUrl', 'country', 'isProfilePublic', 'suspendedAt', 'profileHiddenAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || !isListed(user)) return undefined;
  const [services, areas, jobs, educations, certifications, rating, vetting] = await Promise.all([
    db
      .selectFrom('offeredServices')
      .innerJoin('services', 'services.id', 'offeredServices.serviceId')
      .select(['services.id as id', 'services.name as name'])
      .where('offeredServices.userId', '=', userId)
      .execute(),
    db
      .selectFrom('offeredPracticeAreas')
      .innerJoin('offeredServices', 'offeredServices.id', 'offeredPracticeAreas.offeredServiceId')
      .innerJoin('practiceAreas', 'practiceAreas.id', 'offeredPracticeAreas.practiceAreaId')
      .select(['practiceAreas.id as id', 'practiceAreas.name as name'])
      .where('offeredServices.userId', '=', userId)
      .execute(),
    db.selectFrom('workExperiences').select('jobTitle as name').where('userId', '=', userId).execute(),
    db.selectFrom('educations').select((eb) => eb.fn.countAll<number>().as('count')).where('userId', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('certifications').select('certificationName as name').where('userId', '=', userId).execute(),
    publishedRating(db, userId, 'expert'),
    db.selectFrom('users').select('verifiedAt').where('id', '=', userId).executeTakeFirst(),
  ]);
  return buildExpertDocument({
    firstName: user.firstName,
    lastName: user.lastName,
    headline: user.headline ?? '',
    summary: user.profileSummary ?? '',
    hourlyFee: user.hourlyFee === null ? null : Number(user.hourlyFee),
    hasPhoto: Boolean(user.profImgUrl),
    country: user.country,
    services: services.map((r) => r.name),
    areas: areas.map((r) => r.name),
    serviceIds: services.map((r) => r.id),
    areaIds: areas.map((r) => r.id),
    jobTitles: jobs.map((r) => r.name),
    educations: Number(educations.count),
    certifications: certifications.map((r) => r.name),
    rating,
    verified: Boolean(vetting?.verifiedAt),
  });
}

export interface ExpertParts {
  firstName: string;
  lastName: string;
  headline: string;
  summary: string;
  hourlyFee: number | null;
  hasPhoto: boolean;
  country: string | null;
  services: string[];
  areas: string[];
  serviceIds: number[];
  areaIds: number[];
  jobTitles: string[];
  educations: number;
  certifications: string[];
  /** Published reviews as an expert; none when absent (the demo directory, benchmarks). */
  rating?: { ratingAverage: number | null; reviewCount: number };
  /** Verified by an operator; false when absent. */
  verified?: boolean;
}

/** The indexed text and the completeness (0…10: what a client needs to judge an expert) of one listed member. */
export function buildExpertDocument(p: ExpertParts): ExpertDocument {
  const completeness =
    1 +
    (p.summary ? 1 : 0) +
    (p.summary.length >= 200 ? 1 : 0) +
    (p.hourlyFee !== null ? 1 : 0) +
    (p.hasPhoto ? 1 : 0) +
    (p.country ? 1 : 0) +
    (p.services.length > 0 ? 1 : 0) +
    (p.jobTitles.length > 0 ? 1 : 0) +
    (p.educations > 0 ? 1 : 0) +
    (p.certifications.length > 0 ? 1 : 0);
  const names = (list: string[]) => list.join(' · ');
  return {
    name: `${p.firstName} ${p.lastName}`,
    headline: p.headline,
    other: [names(p.services), names(p.areas), names(p.jobTitles), names(p.certifications)].filter(Boolean).join(' · '),
    summary: p.summary,
    completeness,
    country: p.country,
    hourlyFee: p.hourlyFee,
    serviceIds: [...p.serviceIds].sort((a, b) => a - b),
    areaIds: [...p.areaIds].sort((a, b) => a - b),
    ratingAverage: p.rating?.ratingAverage ?? null,
    reviewCount: p.rating?.reviewCount ?? 0,
    verified: p.verified ?? false,
  };
}

/** Rewrites one member's entry (or removes it when they are not listed). Call inside the write's transaction. */
export async function refreshExpertSearch(db: Kysely<Database>, dialect: Dialect, userId: number): Promise<void> {
  const doc = await expertDocument(db, userId);
  await writeExpertSearch(db, dialect, userId, doc);
}

const pgDocument = (doc: ExpertDocument) =>
  sql`setweight(to_tsvector('simple', ${foldText(doc.name)}), 'A') || setweight(to_tsvector('simple', ${foldText(doc.headline)}), 'B') || setweight(to_tsvector('simple', ${foldText(doc.other)}), 'C') || setweight(to_tsvector('simple', ${foldText(doc.summary)}), 'D')`;

const intArray = (list: number[]) => (list.length > 0 ? sql`ARRAY[${sql.join(list)}]::integer[]` : sql`'{}'::integer[]`);

const listingRow = (userId: number, doc: ExpertDocument) => ({
  userId,
  completeness: doc.completeness,
  country: doc.country,
  hourlyFee: doc.hourlyFee,
  ratingAverage: doc.ratingAverage,
  verified: doc.verified ? 1 : 0,
  reviewCount: doc.reviewCount,
});

export async function writeExpertSearch(db: Kysely<Database>, dialect: Dialect, userId: number, doc: ExpertDocument | undefined): Promise<void> {
  await db.deleteFrom('expertListing').where('userId', '=', userId).execute();
  if (dialect === 'postgres') await db.deleteFrom('expertSearch').where('userId', '=', userId).execute();
  else await sql`DELETE FROM "expertSearch" WHERE rowid = ${userId}`.execute(db);
  if (doc) await insertExpertSearchRows(db, dialect, [{ userId, doc }]);
}

/** Many entries at once (seeding and benchmarks): the members must not be in the index yet. */
export async function insertExpertSearchRows(db: Kysely<Database>, dialect: Dialect, rows: Array<{ userId: number; doc: ExpertDocument }>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    if (dialect === 'postgres') {
      const values = batch.map(
        ({ userId, doc }) => sql`(${userId}, ${pgDocument(doc)}, ${doc.completeness}, ${doc.country}, ${doc.hourlyFee}, ${intArray(doc.serviceIds)}, ${intArray(doc.areaIds)})`,
      );
      await sql`INSERT INTO "expertSearch" ("userId", "document", "completeness", "country", "hourlyFee", "serviceIds", "areaIds") VALUES ${sql.join(values)}`.execute(db);
    } else {
      const values = batch.map(({ userId, doc }) => sql`(${userId}, ${foldText(doc.name)}, ${foldText(doc.headline)}, ${foldText(doc.other)}, ${foldText(doc.summary)}, ${doc.completeness})`);
      await sql`INSERT INTO "expertSearch" (rowid, name, headline, other, summary, completeness) VALUES ${sql.join(values)}`.execute(db);
    }
    await db.insertInto('expertListing').values(batch.map(({ userId, doc }) => listingRow(userId, doc))).execute();
  }
}
