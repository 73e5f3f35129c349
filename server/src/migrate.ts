// Migrations (and the seed's "create when missing") on their own, then exit: what a deployment runs once before a
// rollout (a Kubernetes Job, `node server/dist/migrate.js`), with the API's environment. The API processes run the
// same step at start under the same advisory lock, so whichever comes first migrates and the others find nothing
// left to do; running this first means no API process of the new version waits on a long migration.
import { loadConfigOrExit } from './config';
import { openConfiguredDatabase } from './db/connect';
import { prepareDatabase } from './app';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const db = openConfiguredDatabase(config);
  const started = Date.now();
  try {
    await prepareDatabase(db, config);
  } finally {
    await db.close();
  }
  console.log(`database ready (${db.dialect}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `Migration failed: ${err.message}` : err);
  process.exit(1);
});
