// What runs where, the demo accounts and the stand-ins' identities: printed by `npm start` and `npm run dev`.
import { LOCAL_OIDC_IDENTITIES, LOCAL_ORCID_RESEARCHER, readDemoAccounts } from './suite.mjs';

/**
 * @param {ReturnType<import('./suite.mjs').resolveSuiteConfig>} config
 * @param {object} [options]
 * @param {(app: object) => string} [options.servedBy]  a note after each front-end line (`npm run dev`)
 * @param {string} [options.title]
 */
export function suiteBanner(config, { servedBy = () => '', title = 'SciExperts is running:' } = {}) {
  const pad = (label) => label.padEnd(14);
  const note = (app) => (servedBy(app) ? `  [${servedBy(app)}]` : '');
  const lines = [
    '',
    title,
    `  ${pad('website')}${config.siteOrigin}${note(config.shell)}`,
    ...config.remotes.map((r) => `  ${pad(r.dir)}${config.originOf(r.port)}  (standalone page and mf-manifest.json)${note(r)}`),
    `  ${pad('API + chat')}${config.apiOrigin}  (docs at /api/docs, health at /api/health; the site reaches it on its own origin)`,
    `  ${pad('database')}${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`}`,
    `  ${pad('mail outbox')}${config.dataDir}/outbox`,
  ];
  const { oidc, orcid, payments } = config.providers;
  if (oidc) {
    lines.push(`  ${pad('identity')}${oidc.issuer}  (${oidc.local ? 'local OpenID provider' : 'hosted, OIDC_ISSUER'}; client ${oidc.clientId}, audience ${oidc.audience})`);
  } else lines.push(`  ${pad('identity')}off (set OIDC_ISSUER, OIDC_AUDIENCE and OIDC_CLIENT_ID, or leave DEV_STAND_INS on)`);
  if (orcid) {
    lines.push(`  ${pad('ORCID')}${orcid.baseUrl}/oauth/authorize  (${orcid.local ? 'local stand-in' : 'hosted, ORCID_BASE_URL'}; client ${orcid.clientId}, returns to ${orcid.redirectUri})`);
  } else lines.push(`  ${pad('ORCID')}off (set ORCID_BASE_URL, ORCID_CLIENT_ID and ORCID_CLIENT_SECRET, or leave DEV_STAND_INS on)`);
  // Config holds only the stand-in: Stripe's keys go to the API as they are.
  if (payments) lines.push(`  ${pad('payments')}${payments.baseUrl}  (local stand-in; its checkout page lists the test cards)`);
  else if (process.env.STRIPE_SECRET_KEY) lines.push(`  ${pad('payments')}Stripe (STRIPE_SECRET_KEY)`);
  else lines.push(`  ${pad('payments')}off (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or leave DEV_STAND_INS on)`);
  // A new developer looks here for the operators' side: the console, how an operator account is made (the only way),
  // and the command that settles a dispute without it.
  lines.push(
    `  ${pad('operators')}${config.siteOrigin}/admin  (the operators' console: disputes, members, reports, concierge, vetting, money, audit log)`,
    `  ${pad('')}npm run admin -- create-operator <email> operator|finance|support  (makes an operator account: prints a one-time password; the first sign-in sets up the authenticator app)`,
    `  ${pad('')}npm run admin -- resolve <milestoneId> release|refund  (settles a dispute without the console)`,
    `  ${pad('')}run npm run admin with the same variables as this suite`,
  );
  // The server refuses demo accounts in production; their passwords are never printed there either.
  const production = process.env.NODE_ENV === 'production' || process.env.SCIEXPERTS_ENV === 'production';
  const demo = production ? [] : readDemoAccounts();
  if (demo.length) {
    lines.push('', 'Demo accounts:');
    for (const account of demo) lines.push(`  ${account.email}  /  ${account.password}  (${account.role ?? 'member'})`);
  }
  if (oidc?.local) {
    lines.push('', 'Identity-provider demo identities (the LinkedIn button signs in through the same page):');
    for (const identity of LOCAL_OIDC_IDENTITIES) lines.push(`  ${identity.email}  /  ${identity.password}`);
  }
  if (orcid?.local) lines.push('', `ORCID stand-in researchers: ${LOCAL_ORCID_RESEARCHER} (choose one and press Authorize; no password)`);
  lines.push('', 'Press Ctrl-C to stop.', '');
  return lines.join('\n');
}
