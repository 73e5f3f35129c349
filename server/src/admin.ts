// Operator commands, run on the server against the configured database: `npm run admin -- resolve <milestoneId>
// release|refund` settles a disputed milestone (docs/decisions/0012-escrow-ledger.md). There is no admin role in the
// API: whoever can run this on the server, with its configuration, is the operator.
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connect';
import { runAdmin } from './modules/payments/admin';
import { createPaymentProvider } from './modules/payments/createProvider';

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
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'sciexperts.db') });
  try {
    const p = config.payments;
    // The same provider as the API's, so a refund decided here is asked for at once (else the API's retry job asks).
    const provider = createPaymentProvider(p);
    process.exitCode = await runAdmin(process.argv.slice(2), { db, payments: p, provider });
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
