import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/db/connect';
import { eventually } from './helpers';

// SQLite copies its write-ahead log into the database file in checkpoints. Done inside a commit, that copy and its
// flush to disk held the event loop for milliseconds; the API's connection leaves it to a worker thread.
describe('SQLite checkpoints, off the connection that serves the API', () => {
  let dir: string;
  const open: Db[] = [];
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-checkpoints-'));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  const openAt = (file: string, everyMs: number, restartLogAfterFrames?: number) => {
    const db = openDatabase({ databaseUrl: null, sqliteFile: file, sqliteCheckpointEveryMs: everyMs, sqliteRestartLogAfterFrames: restartLogAfterFrames });
    open.push(db);
    return db;
  };
  /** About 2,400 pages of rows in 60 commits: far past the 1,000 pages at which SQLite checkpoints by itself. */
  const writeMany = async (db: Db) => {
    await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
    const body = 'x'.repeat(4000);
    for (let commit = 0; commit < 60; commit++) {
      await db.kysely.transaction().execute(async (trx) => {
        for (let row = 0; row < 40; row++) await sql`insert into notes (body) values (${body})`.execute(trx);
      });
    }
  };

  it('never checkpoints in a commit: the rows stay in the log until the worker copies them', async () => {
    const file = path.join(dir, 'api.db');
    const db = openAt(file, 3_600_000);
    const before = statSync(file).size;
    await writeMany(db);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(2000 * 4096);
    expect(statSync(file).size).toBe(before);
  });

  it('has the worker copy the log into the file, and leaves no log behind once closed', async () => {
    const file = path.join(dir, 'api.db');
    const db = openAt(file, 20);
    await writeMany(db);
    await eventually(() => statSync(file).size > 2000 * 4096, 'the checkpoint worker to copy the rows into the file');
    await db.close();
    open.splice(open.indexOf(db), 1);
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = openAt(file, 3_600_000);
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(reopened.kysely);
    expect(rows[0]?.n).toBe(2400);
  });

  it('keeps a process that has nothing else to do alive until its close has finished', () => {
    // Jest's own handles keep this process alive, so the close runs in a process of its own: a script that opens a
    // database, closes it and says so. The worker is unref'd; an await of its exit alone once ended such a process
    // with code 0 before the line after the close (a bench stopped there, silently).
    const script = path.join(dir, 'close.ts');
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(path.join(__dirname, '..', 'src', 'db', 'connect'))};
const db = openDatabase({ databaseUrl: null, sqliteFile: ${JSON.stringify(path.join(dir, 'alone.db'))} });
void db.close().then(() => process.stdout.write('closed'));
`,
    );
    const run = spawnSync(process.execPath, [path.join(__dirname, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs'), script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('closed');
    expect(run.status).toBe(0);
  });

  it('starts the log over under steady writes, instead of letting it grow until the writes pause', async () => {
    const file = path.join(dir, 'api.db');
    const db = openAt(file, 10, 100);
    await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
    const body = 'x'.repeat(4000);
    const note = () => db.kysely.transaction().execute((trx) => sql`insert into notes (body) values (${body})`.execute(trx));
    // The worker at work first (its thread takes a moment to start), so what follows measures its turns.
    const before = statSync(file).size;
    await eventually(async () => {
      await note();
      return statSync(file).size > before;
    }, 'the checkpoint worker to copy a first commit into the file');
    // SQLite counts the log's restarts in its header.
    const restarts = () => {
      const fd = openSync(`${file}-wal`, 'r');
      const header = Buffer.alloc(16);
      readSync(fd, header, 0, 16, 0);
      closeSync(fd);
      return header.readUInt32BE(12);
    };
    const first = restarts();
    // Commits back to back, as under load (only the event loop's own turn between two): each leaves about two frames
    // in the log. Left to PASSIVE checkpoints alone, the log never restarts and passes 64 MB within 8,000 commits.
    let commits = 0;
    while (restarts() < first + 3 && statSync(`${file}-wal`).size < 64 * 1024 * 1024) {
      await note();
      await new Promise((resolve) => setImmediate(resolve));
      commits++;
    }
    expect(restarts()).toBeGreaterThanOrEqual(first + 3);
    expect(statSync(`${file}-wal`).size).toBeLessThan(64 * 1024 * 1024);
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(db.kysely);
    expect(rows[0]?.n).toBeGreaterThan(commits);
  });
});
