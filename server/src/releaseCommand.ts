// `npm run release -w <remote>`, `npm run promote`, `npm run rollback` (scripts/release.mjs): the registry's commands,
// run on the server against the configured database, as `npm run admin` runs the operators' commands. A promotion
// reaches the page servers from the database within seconds; no process restarts.
import { loadConfigOrExit } from './config';
import { openConfiguredDatabase } from './db/connect';
import { migrate } from './db/migrations';
import { runReleaseCommand } from './modules/releases/command';
import type { Kysely } from 'kysely';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const db = openConfiguredDatabase(config);
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
