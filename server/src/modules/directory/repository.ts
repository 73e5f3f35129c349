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
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connect';
import { listOfferedServices } from '../services/repository';
import { listRecords } from '../records/repository';
import { listPublications } from '../publications/repository';
import { RECORD_KINDS } from '../records/kinds';
import { ftsMatch, tsQuery, type ExpertSearch } from './rules';
import { isListed } from './searchIndex';
import { SnippetMemo, searchPageCache, searchPageKey, type SearchPage } from './searchCache';
import { publishedRating } from '../reviews/ratings';

interface CardRow {
  id: number;
  /** The listing's copy of the published rating (rewritten in the transaction that publishes a review). */
  ratingAverage: number | null;
  reviewCount: number | string;
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

/**
 * The search's reads: on SQLite at once on the statement cache outside a transaction (Db.readAllNow, without
 * Kysely's connection lock and promises: a search is several reads and runs for every visitor's keystroke), through
 * Kysely otherwise.
 */
async function read<Row>(db: Db, query: CompiledQuery<unknown>): Promise<Row[]> {
  return db.readAllNow?.<Row>(query.sql, query.parameters) ?? (await db.kysely.executeQuery<Row>(query as CompiledQuery<Row>)).rows;
}

/** The directory's generation (migration 0054), as text: PostgreSQL answers a bigint as a string, SQLite a number. */
async function readDirectoryGeneration(db: Db): Promise<string> {
  const rows = await read<{ generation: number | string }>(db, db.kysely.selectFrom('directoryGeneration').select('generation').where('id', '=', 1).compile());
  return String(rows[0]?.generation ?? 0);
}

/**
 * Catalogue names already resolved, per database. The catalogue is seeded at start and never renamed or deleted, so
 * a name found once keeps its ids; a name not found is asked again (it cannot be cached: nothing would expire it).
 */
const catalogueIds = new WeakMap<Db, Map<string, number[]>>();

async function catalogueLookup(db: Db, key: string, query: () => CompiledQuery<unknown>): Promise<number[]> {
  let known = catalogueIds.get(db);
  if (!known) catalogueIds.set(db, (known = new Map()));
  const hit = known.get(key);
  if (hit) return hit;
  const ids = (await read<{ id: number }>(db, query())).map((r) => r.id);
  if (ids.length > 0) known.set(key, ids);
  return ids;
}

/** Catalogue names to ids; undefined when a named service or area does not exist (then nothing can match). */
async function resolveCatalogue(db: Db, search: ExpertSearch): Promise<{ serviceId?: number; areaIds?: number[] } | undefined> {
  // No catalogue name holds a control character (and PostgreSQL refuses NUL in text outright).
  if ([search.service, search.area].some((name) => name !== undefined && CONTROL.test(name))) return undefined;
  let serviceId: number | undefined;
  if (search.service !== undefined) {
    const name = search.service;
    [serviceId] = await catalogueLookup(db, `service\0${name}`, () => db.kysely.selectFrom('services').select('id').where('name', '=', name).compile());
    if (serviceId === undefined) return undefined;
  }
  let areaIds: number[] | undefined;
  if (search.area !== undefined) {
    const name = search.area;
    const inService = serviceId;
    areaIds = await catalogueLookup(db, `area\0${inService ?? ''}\0${name}`, () => {
      let q = db.kysely.selectFrom('practiceAreas').select('id').where('name', '=', name);
      if (inService !== undefined) q = q.where('serviceId', '=', inService);
      return q.compile();
    });
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

/** One per process: a snippet depends on the words and the summary only, whatever the database. */
const snippets = new SnippetMemo();

export async function searchExperts(db: Db, search: ExpertSearch): Promise<ExpertSearchResponse> {
  const catalogue = await resolveCatalogue(db, search);
  if (!catalogue) return empty(search.page);
  // The generation is read before the page: a page ranked after a later write is at least as new as its key says.
  const generation = await readDirectoryGeneration(db);
  const pages = searchPageCache(db);
  const key = searchPageKey(search);
  const page = pages.get(generation, key) ?? pages.set(generation, key, await rankedPage(db, search, catalogue));
  const [rows, services] = await Promise.all([cardRows(db, page.ids), cardServices(db, page.ids)]);
  const results = rows.map((row): ExpertCard => {
    const { snippet, highlights } = snippets.of(row.profileSummary, search.tokens);
    const reviewCount = Number(row.reviewCount);
    return {
      ...publicIdentity(row),
      services: services.get(row.id) ?? [],
      snippet,
      highlights,
      ratingAverage: reviewCount > 0 && row.ratingAverage !== null ? Number(row.ratingAverage) : null,
      reviewCount,
    };
  });
  return { total: page.total, page: search.page, pageSize: DIRECTORY_PAGE_SIZE, results };
}

/** The cards of a page's experts, in the page's order. */
async function cardRows(db: Db, ids: readonly number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const found = await read<CardRow>(
    db,
    // The card's rating is the listing's copy (every listed expert has a row).
    sql`SELECT u."id", u."firstName", u."lastName", u."headline", u."profileSummary", u."hourlyFee", u."profImgUrl", u."country", u."verifiedAt", r."ratingAverage", r."reviewCount"
      FROM "users" u JOIN "expertListing" r ON r."userId" = u."id" WHERE u."id" IN (${sql.join(ids)})`.compile(db.kysely),
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page of listed experts' ids in the search's order, and how many match: the costly part, kept per generation. */
async function rankedPage(db: Db, search: ExpertSearch, catalogue: { serviceId?: number; areaIds?: number[] }): Promise<SearchPage> {
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
  // members' cards are read afterwards (cardRows) and put back in the page's order.
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
  const count = async () => Number((await read<{ total: number | string }>(db, sql`SELECT COUNT(*) AS "total" FROM ${from} ${condition}`.compile(db.kysely)))[0]?.total ?? 0);
  if (rank) {
    // A text search ranks every match anyway, so the same scan counts them (COUNT(*) OVER ()); only a page past the
    // end, which has no row to carry the count, asks again. SQLite's bm25() must be computed before the window runs.
    const query = pg
      ? sql`SELECT ${id} AS "id", COUNT(*) OVER () AS "total" FROM ${from} ${condition} ORDER BY ${inner} LIMIT ${DIRECTORY_PAGE_SIZE} OFFSET ${offset}`
      : sql`WITH m AS MATERIALIZED (SELECT ${id} AS "id", ${key} AS "sortKey", ${key2} AS "sortKey2" FROM ${from} ${condition})
          SELECT p."id", COUNT(*) OVER () AS "total" FROM m p ORDER BY ${outer} LIMIT ${DIRECTORY_PAGE_SIZE} OFFSET ${offset}`;
    const rows = await read<{ id: number; total: number | string }>(db, query.compile(db.kysely));
    return { ids: rows.map((r) => r.id), total: rows.length > 0 ? Number(rows[0]!.total) : offset === 0 ? 0 : await count() };
  }
  const [total, rows] = await Promise.all([
    count(),
    read<{ id: number }>(db, sql`SELECT ${id} AS "id" FROM ${from} ${condition} ORDER BY ${inner} LIMIT ${DIRECTORY_PAGE_SIZE} OFFSET ${offset}`.compile(db.kysely)),
  ]);
  return { ids: rows.map((r) => r.id), total };
}

/** The services and practice areas of the cards on one page, in one query. */
async function cardServices(db: Db, userIds: readonly number[]): Promise<Map<number, ExpertCard['services']>> {
  const byUser = new Map<number, ExpertCard['services']>();
  if (userIds.length === 0) return byUser;
  const query = db.kysely
    .selectFrom('offeredServices')
    .innerJoin('services', 'services.id', 'offeredServices.serviceId')
    .leftJoin('offeredPracticeAreas', 'offeredPracticeAreas.offeredServiceId', 'offeredServices.id')
    .leftJoin('practiceAreas', 'practiceAreas.id', 'offeredPracticeAreas.practiceAreaId')
    .select(['offeredServices.id as offeredId', 'offeredServices.userId as userId', 'services.name as name', 'practiceAreas.name as area'])
    .where('offeredServices.userId', 'in', userIds)
    .orderBy('offeredServices.id')
    .orderBy('practiceAreas.id');
  const rows = await read<{ offeredId: number; userId: number; name: string; area: string | null }>(db, query.compile());
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
