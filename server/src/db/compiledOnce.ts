import { CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './connect';

const statements = new Map<string, string>();

/**
 * Runs a hot read whose SQL is built and compiled once per dialect and `key` (Kysely otherwise builds, freezes
 * and compiles the query tree on every request); `parameters` fill its placeholders in the order `build` used.
 */
export function runCompiledOnce<Row>(db: Db, key: string, build: () => { compile(): CompiledQuery }, parameters: readonly unknown[]): Promise<QueryResult<Row>> {
  return db.kysely.executeQuery<Row>(CompiledQuery.raw(compiledOnce(db, key, build), [...parameters]));
}

/** The SQL text of `build` for this dialect and `key`, compiled the first time it is asked for. */
export function compiledOnce(db: Db, key: string, build: () => { compile(): CompiledQuery }): string {
  const cacheKey = `${db.dialect}:${key}`;
  let text = statements.get(cacheKey);
  if (text === undefined) {
    text = build().compile().sql;
    statements.set(cacheKey, text);
  }
  return text;
}
