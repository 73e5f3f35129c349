// `tsx server/src/dev/paymentsMain.ts`: the local payment stand-in (development only; `npm start` runs it).
// Env: PAYMENTS_PORT (3003), PAYMENTS_HOST (127.0.0.1), PAYMENTS_SECRET_KEY, PAYMENTS_WEBHOOK_SECRET,
// PAYMENTS_WEBHOOK_URL (default http://127.0.0.1:3000/api/Payments/Webhook), PAYMENTS_DATA_DIR (the folder whose
// payments-stand-in.json keeps its state across restarts; `npm start` gives the product's DATA_DIR; unset: memory only).
import { createPaymentsStandIn, TEST_BANK_ACCOUNTS, TEST_CARDS } from './paymentsStandIn';

/** Kept in step with scripts/lib/suite.mjs (LOCAL_PAYMENTS). */
const PAYMENTS_DEV_DEFAULTS = { port: 3003, secretKey: 'sk_local_sciexperts_dev', webhookSecret: 'whsec_local_sciexperts_dev' } as const;

const grouped = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

async function main(): Promise<void> {
  const port = Number(process.env.PAYMENTS_PORT || PAYMENTS_DEV_DEFAULTS.port);
  const webhookUrl = process.env.PAYMENTS_WEBHOOK_URL || 'http://127.0.0.1:3000/api/Payments/Webhook';
  const standIn = createPaymentsStandIn({
    secretKey: process.env.PAYMENTS_SECRET_KEY || PAYMENTS_DEV_DEFAULTS.secretKey,
    webhookSecret: process.env.PAYMENTS_WEBHOOK_SECRET || PAYMENTS_DEV_DEFAULTS.webhookSecret,
    webhookUrl,
    log: (line) => console.log(line),
    ...(process.env.PAYMENTS_DATA_DIR ? { dataDir: process.env.PAYMENTS_DATA_DIR } : {}),
  });
  const url = await standIn.listen(port, process.env.PAYMENTS_HOST || '127.0.0.1');
  console.log(
    `Payments stand-in on ${url} (test cards: ${grouped(TEST_CARDS.succeeds)} succeeds, ${grouped(TEST_CARDS.declined)} is declined, ${grouped(TEST_CARDS.needsConfirmation)} asks for confirmation; payout accounts: routing ${TEST_BANK_ACCOUNTS.routingNumber}, account ${TEST_BANK_ACCOUNTS.succeeds}; webhooks to ${webhookUrl})`,
  );
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `Payments stand-in failed to start: ${err.message}` : err);
  process.exit(1);
});
