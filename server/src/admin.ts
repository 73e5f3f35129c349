// Operator commands, run on the server against the configured database: `npm run admin -- resolve <milestoneId>
// release|refund` settles a disputed milestone (docs/decisions/0012-escrow-ledger.md); `create-operator <email>
// <role>` makes an account for the operators' console at /admin (the only way one is made).
import { loadConfigOrExit } from './config';
import { openConfiguredDatabase } from './db/connect';
import { runAdmin } from './modules/payments/admin';
import { createPaymentProvider } from './modules/payments/createProvider';
import { PasswordHasher } from './auth/passwords';
import { runOperatorCommand } from './modules/admin/command';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const db = openConfiguredDatabase(config);
  try {
    if (process.argv[2] === 'create-operator') {
      process.exitCode = await runOperatorCommand(process.argv.slice(2), { db, hasher: new PasswordHasher(config.passwordHash) });
      return;
    }
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
