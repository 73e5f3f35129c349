import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/db/connect';

// Another process on the same SQLite file: the release and operator commands run from a shell beside the running API,
// and two API processes may share a file. It writes when told ("go"), waiting for the lock as long as it must, and says
// "written" once committed.
const OTHER_WRITER = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.pragma('busy_timeout = 20000');
process.stdout.write('ready\\n');
require('node:readline').createInterface({ input: process.stdin }).once('line', () => {
  db.prepare('update counter set n = n + 10').run();
  process.stdout.write('written\\n');
  db.close();
  process.exit(0);
});
`;

describe('SQLite written by two processes', () => {
  let dir: string;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a transaction that reads and then writes waits for the other process instead of failing with "database is locked"', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-sqlite-lock-'));
    const file = path.join(dir, 'sciexperts.sqlite');
    db = openDatabase({ databaseUrl: null, sqliteFile: file });
    const kysely = db.kysely;
    await sql`create table counter (n integer not null)`.execute(kysely);
    await sql`insert into counter (n) values (0)`.execute(kysely);

    const other = spawn(process.execPath, ['-e', OTHER_WRITER, file], { cwd: path.resolve(__dirname, '..'), stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: other.stdout! });
    const said = (word: string) => new Promise<void>((resolve) => lines.on('line', (line) => line === word && resolve()));
    const written = said('written');
    await said('ready');

    await kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
      other.stdin!.write('go\n');
      // Begun deferred, this transaction only read so far, and the other process commits at once; then this write
      // could not wait and failed. Holding the lock from its start, it makes the other wait: its "written" never comes
      // while this is open, so the wait is bounded.
      await Promise.race([written, new Promise((resolve) => setTimeout(resolve, 500))]);
      await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
    });

    await written;
    const [code] = await once(other, 'exit');
    expect(code).toBe(0);
    const { rows } = await sql<{ n: number }>`select n from counter`.execute(kysely);
    expect(rows[0]!.n).toBe(11);
  }, 30_000);
});
