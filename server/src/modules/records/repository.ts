import { sql, type Generated, type Kysely, type RawBuilder } from 'kysely';
import { runCompiledOnce } from '../../db/compiledOnce';
import { RECORDS_PER_KIND_MAX } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import type { RecordTable } from '../../db/schema';
import type { RecordKind } from './kinds';
import type { Database } from '../../db/schema';
import { refreshExpertSearch } from '../directory/searchIndex';

/** A validated record ready to store: field values plus the flag and the two months. */
export type RecordValues = Record<string, string | boolean | null>;
export type RecordOut = Record<string, string | number | boolean | null> & { id: number };

// The three record tables share id/userId; the rest is described by RecordKind, so a loose view is enough here.
interface LooseRecordTable {
  id: Generated<number>;
  userId: number;
  [column: string]: unknown;
}
type LooseDb = Record<RecordTable, LooseRecordTable>;

const loose = (db: Db) => db.kysely as unknown as Kysely<LooseDb>;

function columnsOf(kind: RecordKind): string[] {
  return [...kind.fields.map((f) => f.name), kind.flag.name, 'startTime', 'endTime'];
}

function toRow(kind: RecordKind, values: RecordValues): Record<string, string | number | null> {
  const row: Record<string, string | number | null> = {};
  for (const col of columnsOf(kind)) {
    const v = values[col];
    row[col] = typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null);
  }
  return row;
}

function fromRow(kind: RecordKind, row: Record<string, unknown>): RecordOut {
  const out: Record<string, string | number | boolean | null> = {};
  for (const col of columnsOf(kind)) {
    const v = row[col];
    out[col] = col === kind.flag.name ? Number(v) === 1 : ((v as string | null | undefined) ?? null);
  }
  return { ...out, id: Number(row.id) };
}

export async function listRecords(db: Db, kind: RecordKind, userId: number): Promise<RecordOut[]> {
  // Most recent first: open-ended entries, then by start month descending.
  const rows = await loose(db).selectFrom(kind.table).selectAll().where('userId', '=', userId).orderBy('startTime', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => fromRow(kind, r));
}

/**
 * The same list as `listRecords`, as the JSON body the list route sends, built by the database in one row
 * (SQLite's json_group_array, PostgreSQL's json_agg): no row objects, no mapping, no serialising on the API's
 * hottest read. The keys and the flag's boolean are derived from the same RecordKind as `fromRow`, and a test
 * holds the two equal on both databases.
 */
export async function listRecordsJson(db: Db, kind: RecordKind, userId: number): Promise<string> {
  const { rows } = await runCompiledOnce<{ body: string }>(db, `records.json.${kind.key}`, () => recordsJsonQuery(db, kind), [userId]);
  return rows[0]?.body ?? '[]';
}

function recordsJsonQuery(db: Db, kind: RecordKind) {
  const postgres = db.dialect === 'postgres';
  const pairs: RawBuilder<unknown>[] = [];
  for (const column of [...columnsOf(kind), 'id']) {
    const value =
      column === kind.flag.name
        ? postgres
          ? sql`(${sql.ref(column)} = 1)`
          : sql`json(case when ${sql.ref(column)} = 1 then 'true' else 'false' end)`
        : sql.ref(column);
    pairs.push(sql`${sql.lit(column)}, ${value}`);
  }
  const object = postgres ? sql`json_build_object(${sql.join(pairs)})` : sql`json_object(${sql.join(pairs)})`;
  const order = sql`order by ${sql.ref('startTime')} desc, ${sql.ref('id')} desc`;
  const body = postgres ? sql`coalesce(json_agg(${object} ${order}), '[]'::json)::text` : sql`json_group_array(${object} ${order})`;
  const query = sql<{ body: string }>`select ${body} as body from ${sql.table(kind.table)} where ${sql.ref('userId')} = ${0}`;
  return { compile: () => query.compile(db.kysely) };
}

/** Inserts unless the member already holds `max` entries of this kind (then undefined, nothing written). */
export async function insertRecord(db: Db, kind: RecordKind, userId: number, values: RecordValues, max = RECORDS_PER_KIND_MAX): Promise<RecordOut | undefined> {
  return loose(db)
    .transaction()
    .execute(async (trx) => {
      // Concurrent adds by one member queue on the member's row on PostgreSQL; SQLite has one writer anyway.
      if (db.dialect === 'postgres') await (trx as unknown as Db['kysely']).selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      const { count } = await trx.selectFrom(kind.table).select((eb) => eb.fn.countAll<number>().as('count')).where('userId', '=', userId).executeTakeFirstOrThrow();
      if (Number(count) >= max) return undefined;
      const row = await trx
        .insertInto(kind.table)
        .values({ ...toRow(kind, values), userId })
        .returningAll()
        .executeTakeFirstOrThrow();
      await refreshExpertSearch(trx as unknown as Kysely<Database>, db.dialect, userId);
      return fromRow(kind, row);
    });
}

/** Updates only when the record belongs to userId; undefined means "not yours or not there". */
export async function updateRecord(db: Db, kind: RecordKind, userId: number, id: number, values: RecordValues): Promise<RecordOut | undefined> {
  return loose(db)
    .transaction()
    .execute(async (trx) => {
      const row = await trx.updateTable(kind.table).set(toRow(kind, values)).where('id', '=', id).where('userId', '=', userId).returningAll().executeTakeFirst();
      if (!row) return undefined;
      await refreshExpertSearch(trx as unknown as Kysely<Database>, db.dialect, userId);
      return fromRow(kind, row);
    });
}

export async function deleteRecord(db: Db, kind: RecordKind, userId: number, id: number): Promise<boolean> {
  return loose(db)
    .transaction()
    .execute(async (trx) => {
      const result = await trx.deleteFrom(kind.table).where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await refreshExpertSearch(trx as unknown as Kysely<Database>, db.dialect, userId);
      return true;
    });
}
