// The directory's reads: one search (filters, order, count and page in SQL) and one public profile.
import {
  DIRECTORY_PAGE_SIZE,
  expertSlug,
  type Certification,
  type Education,
  type ExpertCard,
  type ExpertSearchResponse,
  type PublicExpertProfile,
  type WorkExperience,
} from '@sciexperts/shared/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connect';
import { listOfferedServices } from '../services/repository';
import { listRecords } from '../records/repository';
import { listPublications } from '../publications/repository';
import { RECORD_KINDS } from '../records/kinds';
import { ftsMatch, snippetOf, tsQuery, type ExpertSearch } from './rules';
import { isListed } from './searchIndex';
import { publishedRating, publishedRatings } from '../reviews/ratings';

interface CardRow {
  id: number;
  firstName: string;
  lastName: string;
  headline: string | null;
  profileSummary: string | null;
  hourlyFee: number | null;
  profImgUrl: string | null;
  country: string | null;
  verifiedAt: string | null;
}

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

const empty = (page: number): ExpertSearchResponse => ({ total: 0, page, pageSize: DIRECTORY_PAGE_SIZE, results: [] });

/** Catalogue names to ids; undefined when a named service or area does not exist (then nothing can match). */
async function resolveCatalogue(db: Db, search: ExpertSearch): Promise<{ serviceId?: number; areaIds?: number[] } | undefined> {
  // No catalogue name holds a control character (and PostgreSQL refuses NUL in text outright).
  if ([search.service, search.area].some((name) => name !== undefined && CONTROL.test(name))) return undefined;
  let serviceId: number | undefined;
  if (search.service !== undefined) {
    const row = await db.kysely.selectFrom('services').select('id').where('name', '=', search.service).executeTakeFirst();
    if (!row) return undefined;
    serviceId = row.id;
  }
  let areaIds: number[] | undefined;
  if (search.area !== undefined) {
    let q = db.kysely.selectFrom('practiceAreas').select('id').where('name', '=', search.area);
    if (serviceId !== undefined) q = q.where('serviceId', '=', serviceId);
    areaIds = (await q.execute()).map((r) => r.id);
    if (areaIds.length === 0) return undefined;
  }
  return { serviceId, areaIds };
}

/** Where a search reads from, and how it names the id, the filter columns and the catalogue conditions there. */
interface Source {
  from: RawBuilder<unknown>;
  id: RawBuilder<unknown>;
  fee: RawBuilder<unknown>;
  /** The listing's copy of the rating (only "Highest rated" reads them). */
  rating: RawBuilder<unknown>;
  reviews: RawBuilder<unknown>;
  country: RawBuilder<unknown>;
  completeness: RawBuilder<unknown>;
  /** Verified experts only: the listing's copy of the mark. */
  verified: RawBuilder<unknown>;
  offers: (serviceId: number) => RawBuilder<unknown>;
  offersArea: (areaIds: number[]) => RawBuilder<unknown>;
}

/** `expertListing` (plus, on SQLite, the FTS5 table joined to it): the filters are its indexed columns. */
function listingSource(from: RawBuilder<unknown>): Source {
  return {
    from,
    id: sql`l."userId"`,
    fee: sql`l."hourlyFee"`,
    rating: sql`l."ratingAverage"`,
    reviews: sql`l."reviewCount"`,
    country: sql`l."country"`,
    completeness: sql`l."completeness"`,
    verified: sql`l."verified" = 1`,
    offers: (serviceId) => sql`EXISTS (SELECT 1 FROM "offeredServices" os WHERE os."userId" = l."userId" AND os."serviceId" = ${serviceId})`,
    offersArea: (areaIds) =>
      sql`EXISTS (SELECT 1 FROM "offeredServices" os JOIN "offeredPracticeAreas" opa ON opa."offeredServiceId" = os."id" WHERE os."userId" = l."userId" AND opa."practiceAreaId" IN (${sql.join(areaIds)}))`,
  };
}

/** PostgreSQL's `expertSearch` alone: the filters sit beside the tsvector, so one bitmap scan answers both. */
const pgTextSource: Source = {
  from: sql`"expertSearch" s`,
  id: sql`s."userId"`,
  fee: sql`s."hourlyFee"`,
  // Every listed expert has both rows; the join is made only for "Highest rated" (below).
  rating: sql`l."ratingAverage"`,
  reviews: sql`l."reviewCount"`,
  country: sql`s."country"`,
  completeness: sql`s."completeness"`,
  verified: sql`EXISTS (SELECT 1 FROM "expertListing" vl WHERE vl."userId" = s."userId" AND vl."verified" = 1)`,
  offers: (serviceId) => sql`s."serviceIds" @> ARRAY[${serviceId}]::integer[]`,
  offersArea: (areaIds) => sql`s."areaIds" && ARRAY[${sql.join(areaIds)}]::integer[]`,
};

/**
 * One page of listed experts and their count; only listed members have rows in the two index tables. Without
 * words the search reads `expertListing` (indexed: completeness, country, fee); with words, the full-text table.
 */
interface IdentityRow {
  id: number;
  firstName: string;
  lastName: string;
  headline: string | null;
  profImgUrl: string | null;
  hourlyFee: number | null;
  country: string | null;
  verifiedAt: string | null;
}

/** What a card and a public profile both show of an expert. */
function publicIdentity(row: IdentityRow) {
  return {
    id: row.id,
    slug: expertSlug(row.firstName, row.lastName),
    firstName: row.firstName,
    lastName: row.lastName,
    headline: row.headline ?? '',
    profImgUrl: row.profImgUrl,
    hourlyFee: row.hourlyFee === null ? null : Number(row.hourlyFee),
    country: row.country,
    verified: Boolean(row.verifiedAt),
  };
}

export async function searchExperts(db: Db, search: ExpertSearch): Promise<ExpertSearchResponse> {
  const catalogue = await resolveCatalogue(db, search);
  if (!catalogue) return empty(search.page);
  const pg = db.dialect === 'postgres';
  const hasText = search.tokens.length > 0;

  const where: RawBuilder<unknown>[] = [];
  let rank: RawBuilder<unknown> | undefined;
  let source = listingSource(sql`"expertListing" l`);
  if (hasText && pg) {
    const query = sql`to_tsquery('simple', ${tsQuery(search.tokens)})`;
    source = pgTextSource;
    where.push(sql`s."document" @@ ${query}`);
    rank = sql`ts_rank(s."document", ${query})`;
  } else if (hasText) {
    source = listingSource(sql`"expertSearch" JOIN "expertListing" l ON l."userId" = "expertSearch".rowid`);
    where.push(sql`"expertSearch" MATCH ${ftsMatch(search.tokens)}`);
    // Weights per column (name, headline, services & jobs & certifications, summary): a headline match outranks a summary match.
    rank = sql`bm25("expertSearch", 10.0, 6.0, 3.0, 1.0)`;
  }
  if (catalogue.serviceId !== undefined) where.push(source.offers(catalogue.serviceId));
  if (catalogue.areaIds !== undefined) where.push(source.offersArea(catalogue.areaIds));
  if (search.minFee !== undefined) where.push(sql`${source.fee} >= ${search.minFee}`);
  if (search.maxFee !== undefined) where.push(sql`${source.fee} <= ${search.maxFee}`);
  if (search.country !== undefined) where.push(sql`${source.country} = ${search.country}`);
  if (search.verified) where.push(source.verified);
  const condition = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  // "Highest rated" with words on PostgreSQL: the rating lives in the listing, beside the text table.
  if (search.sort === 'rating' && source === pgTextSource) source = { ...pgTextSource, from: sql`"expertSearch" s JOIN "expertListing" l ON l."userId" = s."userId"` };
  const { from, id } = source;

  // The page is chosen on the narrow tables alone (the sort never carries the wide users rows); its twelve
  // members are joined afterwards and put back in the same order by the outer ORDER BY.
  let key: RawBuilder<unknown>;
  // A second key for the orders that need one (the rating's count); NULL otherwise.
  let key2: RawBuilder<unknown> = sql`NULL`;
  let inner: RawBuilder<unknown>;
  let outer: RawBuilder<unknown>;
  switch (search.sort) {
    case 'fee-asc':
      key = source.fee;
      inner = sql`${source.fee} ASC NULLS LAST, ${id} DESC`;
      outer = sql`p."sortKey" ASC NULLS LAST, p."id" DESC`;
      break;
    case 'fee-desc':
      key = source.fee;
      inner = sql`${source.fee} DESC NULLS LAST, ${id} DESC`;
      outer = sql`p."sortKey" DESC NULLS LAST, p."id" DESC`;
      break;
    case 'rating':
      // Highest average first (as shown, one decimal), more reviews first among equals, unrated last: one index scan.
      key = source.rating;
      key2 = source.reviews;
      inner = sql`${source.rating} DESC NULLS LAST, ${source.reviews} DESC, ${id} DESC`;
      outer = sql`p."sortKey" DESC NULLS LAST, p."sortKey2" DESC, p."id" DESC`;
      break;
    default:
      if (rank) {
        key = rank;
        inner = pg ? sql`${rank} DESC, ${id} DESC` : sql`${rank} ASC, ${id} DESC`;
        outer = pg ? sql`p."sortKey" DESC, p."id" DESC` : sql`p."sortKey" ASC, p."id" DESC`;
      } else {
        // Without a query: fullest profiles first, then newest.
        key = source.completeness;
        inner = sql`${source.completeness} DESC, ${id} DESC`;
        outer = sql`p."sortKey" DESC, p."id" DESC`;
      }
  }

  const offset = (search.page - 1) * DIRECTORY_PAGE_SIZE;
  const count = async () => Number((await sql<{ total: number | string }>`SELECT COUNT(*) AS "total" FROM ${from} ${condition}`.execute(db.kysely)).rows[0]?.total ?? 0);
  const columns = sql`u."id", u."firstName", u."lastName", u."headline", u."profileSummary", u."hourlyFee", u."profImgUrl", u."country", u."verifiedAt"`;
  let rows: Array<CardRow & { total?: number | string }>;
  let total: number;
  if (rank) {
    // A text search ranks every match anyway, so the same scan counts them (COUNT(*) OVER ()); only a page past the
    // end, which has no row to carry the count, asks again. SQLite's bm25() must be computed before the window runs.
    const page = pg
      ? sql`SELECT ${id} AS "id", ${key} AS "sortKey", ${key2} AS "sortKey2", COUNT(*) OVER () AS "total" FROM ${from} ${condition} ORDER BY ${inner} LIMIT ${DIRECTORY_PAGE_SIZE} OFFSET ${offset}`
      : sql`WITH m AS MATERIALIZED (SELECT ${id} AS "id", ${key} AS "sortKey", ${key2} AS "sortKey2" FROM ${from} ${condition})
          SELECT p."id", p."sortKey", p."sortKey2", COUNT(*) OVER () AS "total" FROM m p ORDER BY ${outer} LIMIT ${DIRECTORY_PAGE_SIZE} OFFSET ${offset}`;
    rows = (await sql<CardRow & { total: number | string }>`SELECT ${columns}, p."total" FROM (${page}) p JOIN "users" u ON u."id" = p."id" ORDER BY ${outer}`.execute(db.kysely)).rows;
    total = rows.length > 0 ? Number(rows[0]!.total) : offset === 0 ? 0 : await count();
  } else {
    const [counted, found] = await Promise.all([
      count(),
      sql<CardRow>`SELECT ${columns} FROM (SELECT ${id} AS "id", ${key} AS "sortKey", ${key2} AS "sortKey2" FROM ${from} ${condition} ORDER BY ${inner} LIMIT ${DIRECTORY_PAGE_SIZE} OFFSET ${offset}) p
        JOIN "users" u ON u."id" = p."id" ORDER BY ${outer}`.execute(db.kysely),
    ]);
    total = counted;
    rows = found.rows;
  }
  const [services, ratings] = await Promise.all([cardServices(db, rows.map((r) => r.id)), publishedRatings(db.kysely, rows.map((r) => r.id), 'expert')]);
  const results = rows.map((row): ExpertCard => {
    const { snippet, highlights } = snippetOf(row.profileSummary, search.tokens);
    return {
      ...publicIdentity(row),
      services: services.get(row.id) ?? [],
      snippet,
      highlights,
      ...(ratings.get(row.id) ?? { ratingAverage: null, reviewCount: 0 }),
    };
  });
  return { total, page: search.page, pageSize: DIRECTORY_PAGE_SIZE, results };
}

/** The services and practice areas of the cards on one page, in one query. */
async function cardServices(db: Db, userIds: number[]): Promise<Map<number, ExpertCard['services']>> {
  const byUser = new Map<number, ExpertCard['services']>();
  if (userIds.length === 0) return byUser;
  const rows = await db.kysely
    .selectFrom('offeredServices')
    .innerJoin('services', 'services.id', 'offeredServices.serviceId')
    .leftJoin('offeredPracticeAreas', 'offeredPracticeAreas.offeredServiceId', 'offeredServices.id')
    .leftJoin('practiceAreas', 'practiceAreas.id', 'offeredPracticeAreas.practiceAreaId')
    .select(['offeredServices.id as offeredId', 'offeredServices.userId as userId', 'services.name as name', 'practiceAreas.name as area'])
    .where('offeredServices.userId', 'in', userIds)
    .orderBy('offeredServices.id')
    .orderBy('practiceAreas.id')
    .execute();
  const byOffered = new Map<number, ExpertCard['services'][number]>();
  for (const row of rows) {
    let service = byOffered.get(row.offeredId);
    if (!service) {
      service = { name: row.name, practiceAreas: [] };
      byOffered.set(row.offeredId, service);
      byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), service]);
    }
    if (row.area !== null) service.practiceAreas.push(row.area);
  }
  return byUser;
}

/** A listed expert's public profile; the owner also reads their own while it is hidden. Undefined: 404. */
export async function loadPublicExpert(db: Db, id: number, viewerId: number | undefined): Promise<PublicExpertProfile | undefined> {
  const row = await db.kysely
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName', 'headline', 'profileSummary', 'hourlyFee', 'country', 'profImgUrl', 'isProfilePublic', 'suspendedAt', 'profileHiddenAt', 'profileHiddenReason'])
    .select('verifiedAt')
    .where('id', '=', id)
    .executeTakeFirst();
  // A suspended member's profile is gone for everyone while the suspension lasts.
  if (!row || row.suspendedAt) return undefined;
  const listed = isListed(row);
  if (!listed && row.id !== viewerId) return undefined;
  const [offeredServices, workExperiences, educations, certifications, publications, rating] = await Promise.all([
    listOfferedServices(db, id),
    listRecords(db, RECORD_KINDS.workExperience, id) as unknown as Promise<WorkExperience[]>,
    listRecords(db, RECORD_KINDS.education, id) as unknown as Promise<Education[]>,
    listRecords(db, RECORD_KINDS.certification, id) as unknown as Promise<Certification[]>,
    listPublications(db, id),
    publishedRating(db.kysely, id, 'expert'),
  ]);
  return {
    ...publicIdentity(row),
    profileSummary: row.profileSummary,
    offeredServices,
    workExperiences,
    educations,
    certifications,
    publications,
    isHidden: !listed,
    // Hidden by an operator: only its owner gets this far, and reads why.
    ...(row.profileHiddenAt ? { hiddenBySciExperts: row.profileHiddenReason ?? '' } : {}),
    ...rating,
  };
}

/** Whether a member may be shown to others at all (public with a headline). */
export async function isListedMember(db: Db, id: number): Promise<boolean> {
  const row = await db.kysely.selectFrom('users').select(['isProfilePublic', 'headline', 'suspendedAt', 'profileHiddenAt']).where('id', '=', id).executeTakeFirst();
  return row !== undefined && isListed(row);
}

/** Public profile paths of every listed expert, oldest first (the sitemap's expert entries), at most `limit`. */
export async function listedExpertPaths(db: Db, limit: number): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName', 'isProfilePublic', 'headline', 'suspendedAt', 'profileHiddenAt'])
    .where('isProfilePublic', '=', 1)
    .where('headline', 'is not', null)
    .where('headline', '!=', '')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.filter(isListed).map((row) => `/experts/${row.id}-${expertSlug(row.firstName, row.lastName)}`);
}
