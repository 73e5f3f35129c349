import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { withPreparedStatements } from './preparedStatements';
import { CurrentSchemaPostgresDialect } from './currentSchemaDialect';
import { startCheckpointer, type Checkpointer } from './sqliteCheckpointer';
import { tracingStarted } from '../observability/tracingState';
import type { Config } from '../config';
import { traceSqliteQuery } from '../observability/queryTracing';

export type Dialect = 'sqlite' | 'postgres';

/**
 * SQLite transactions take the file's write lock as they begin (`begin immediate`), waiting for it up to
 * `busy_timeout`. Kysely begins them deferred: such a transaction reads under a snapshot and asks for the lock at its
 * first write, and when another process has written in between (the API beside a release or operator command run
 * from the shell, a second process on the same file), SQLite cannot let it wait and refuses at once ("database is
 * locked"). Inside one process nothing changes: Kysely already runs one transaction at a time on the one connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly options: SqliteDialectConfig) {
    super(options);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.options);
  }
}

/** Connections each process keeps to PostgreSQL (SQLite has one, in process). */
export const POSTGRES_POOL_SIZE = 10;

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * SQLite only: runs a read at once on the statement cache and answers its first row, without Kysely's connection
   * lock and its promises (the list reads' owner check, decision 0019); or answers `undefined` ("ask Kysely") while a
   * transaction is open on the connection, whose uncommitted rows such a read would see. Outside a transaction every
   * row is committed and a synchronous read cannot interleave with anything: the row is the one Kysely would read.
   */
  readNow?: <Row>(sqlText: string, parameters: readonly unknown[]) => { row: Row | undefined } | undefined;
  /** Like readNow, every row: the directory search's reads (decision 0019, round three), or undefined inside a transaction. */
  readAllNow?: <Row>(sqlText: string, parameters: readonly unknown[]) => Row[] | undefined;
  close(): Promise<void>;
  ping(): Promise<boolean>;
}

export interface DbOptions {
  databaseUrl: string | null;
  /** PostgreSQL schema put first on search_path (tests isolate runs this way). */
  databaseSchema?: string | null;
  /** PostgreSQL connections this process keeps (DATABASE_POOL_SIZE); POSTGRES_POOL_SIZE when not given. */
  poolSize?: number;
  /** SQLite file; ignored for PostgreSQL. */
  sqliteFile: string;
  /** How often the SQLite checkpoint worker copies the log into the file (sqliteCheckpointer.ts); 1 s by default. */
  sqliteCheckpointEveryMs?: number;
  /** How long the log may grow before the API's connection helps it start over (sqliteCheckpointer.ts). */
  sqliteRestartLogAfterFrames?: number;
}

/** The database a process's configuration names: PostgreSQL at DATABASE_URL, or the SQLite file in DATA_DIR. */
export function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'databasePoolSize' | 'dataDir'>): Db {
  return openDatabase({ databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, poolSize: config.databasePoolSize, sqliteFile: path.join(config.dataDir, 'sciexperts.db') });
}

export function openDatabase(opts: DbOptions): Db {
  if (opts.databaseUrl) {
    const size = opts.poolSize ?? POSTGRES_POOL_SIZE;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: size,
      // Connections stay open once made (pg closes idle ones after 10 s otherwise): each has the hot statements
      // prepared and PostgreSQL's caches warm, and a burst after a quiet moment would pay for new ones (decision 0025).
      min: size,
      // Unreachable (PostgreSQL restarting, a network cut): a request waits this long for a connection, then answers 503.
      connectionTimeoutMillis: 5000,
      ...(opts.databaseSchema ? { options: `-c search_path=${opts.databaseSchema}` } : {}),
    });
    // A client losing its connection must not crash the process: the pool reports an idle one here, and a checked-out
    // one (between the queries of a transaction) reports on itself, with nobody listening. Its query fails (503), the
    // pool drops the broken client when it comes back, and opens new ones once PostgreSQL answers again.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const kysely = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool: withPreparedStatements(pool) }) });
    return {
      kysely,
      dialect: 'postgres',
      close: () => kysely.destroy(),
      ping: async () => {
        try {
          await sql`select 1`.execute(kysely);
          return true;
        } catch {
          return false;
        }
      },
    };
  }
  mkdirSync(path.dirname(opts.sqliteFile), { recursive: true });
  const database = new SQLite(opts.sqliteFile);
  const journal = database.pragma('journal_mode = WAL', { simple: true });
  // SQLite's advice for WAL: a commit survives a crash of this process; only a power cut can lose the last ones.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Checkpoints off the event loop (sqliteCheckpointer.ts); an in-memory database has no log to copy.
  let checkpointer: Checkpointer | null = null;
  if (journal === 'wal') {
    database.pragma('wal_autocheckpoint = 0');
    // A burst can grow the log; once checkpointed, it is cut back to this size rather than kept at its largest.
    database.pragma(`journal_size_limit = ${32 * 1024 * 1024}`);
    checkpointer = startCheckpointer(opts.sqliteFile, {
      onLost: () => {
        if (database.open) database.pragma('wal_autocheckpoint = 1000');
      },
      // Between transactions only (a checkpoint inside one is refused): the worker asks again on its next turn.
      onLogLong: () => {
        if (database.open && !database.inTransaction) database.pragma('wal_checkpoint(PASSIVE)');
      },
      everyMs: opts.sqliteCheckpointEveryMs,
      restartAfterFrames: opts.sqliteRestartLogAfterFrames,
    });
  }
  // Kysely prepares every query afresh; better-sqlite3 statements are reusable, so keep the hot ones.
  const prepare = database.prepare.bind(database);
  const statements = new Map<string, ReturnType<typeof prepare>>();
  database.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      if (statements.size >= 500) statements.clear();
      statement = prepare(source);
      statements.set(source, statement);
    }
    return statement;
  }) as typeof database.prepare;
  // A span per query while tracing (PostgreSQL's come from the pg instrumentation); no hook at all otherwise.
  const tracing = tracingStarted();
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }), ...(tracing ? { log: traceSqliteQuery } : {}) });
  /** The reads made outside Kysely get the same span as Kysely's, through the same function, while tracing. */
  const traced = <T>(sqlText: string, parameters: readonly unknown[], read: () => T): T => {
    if (!tracing) return read();
    const started = performance.now();
    const answer = read();
    traceSqliteQuery({ level: 'query', query: CompiledQuery.raw(sqlText, [...parameters]), queryDurationMillis: performance.now() - started });
    return answer;
  };
  return {
    kysely,
    dialect: 'sqlite',
    readNow: <Row>(sqlText: string, parameters: readonly unknown[]) =>
      database.inTransaction || !database.open ? undefined : { row: traced(sqlText, parameters, () => database.prepare(sqlText).get(...parameters) as Row | undefined) },
    readAllNow: <Row>(sqlText: string, parameters: readonly unknown[]) =>
      database.inTransaction || !database.open ? undefined : traced(sqlText, parameters, () => database.prepare(sqlText).all(...parameters) as Row[]),
    close: async () => {
      // The worker's connection first: the API's, closed last, then checkpoints the rest and removes the log.
      await checkpointer?.stop();
      await kysely.destroy();
    },
    ping: async () => {
      try {
        await sql`select 1`.execute(kysely);
        return true;
      } catch {
        return false;
      }
    },
  };
}
