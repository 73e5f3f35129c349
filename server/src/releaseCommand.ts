// `npm run release -w <remote>`, `npm run promote`, `npm run rollback` (scripts/release.mjs): the registry's commands,
// run on the server against the configured database, as `npm run admin` runs the operators' commands. A promotion
// reaches the page servers from the database within seconds; no process restarts.
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connect';
import { migrate } from './db/migrations';
import { runReleaseCommand } from './modules/releases/command';
import type { Kysely } from 'kysely';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const p of err.problems) console.error(`config: ${p}`);
      process.exit(1);
    }
    throw err;
  }
  const db = openDatabase({ databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, sqliteFile: path.join(config.dataDir, 'sciexperts.db') });
  try {
    // A database the API has not opened yet (a first release before the first start) gets its tables first.
    await migrate(db.kysely as unknown as Kysely<unknown>, db.dialect);
    process.exitCode = await runReleaseCommand(process.argv.slice(2), { db });
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
