#!/usr/bin/env node
// `npm start`: builds what is not built yet, then serves the whole product on localhost.
import { buildFrontends } from './lib/build.mjs';
import { LOCAL_OIDC_IDENTITIES, LOCAL_ORCID_RESEARCHER, readDemoAccounts, resolveSuiteConfig, startSuite } from './lib/suite.mjs';

async function main() {
  let config;
  try {
    config = resolveSuiteConfig();
  } catch (error) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  const built = await buildFrontends();
  if (Object.keys(built).length === 0) console.log('front-end builds are up to date');

  const suite = await startSuite(config);
  const pad = (label) => label.padEnd(14);
  const lines = [
    '',
    'SciExperts is running:',
    `  ${pad('website')}${config.siteOrigin}`,
    ...config.remotes.map((r) => `  ${pad(r.dir)}${config.originOf(r.port)}  (standalone page and mf-manifest.json)`),
    `  ${pad('API + chat')}${config.runtimeConfig.apiBaseUrl}  (docs at /api/docs, health at /api/health)`,
    `  ${pad('database')}${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`}`,
    `  ${pad('mail outbox')}${config.dataDir}/outbox`,
  ];
  const { oidc, orcid } = config.providers;
  if (oidc) {
    lines.push(`  ${pad('identity')}${oidc.issuer}  (${oidc.local ? 'local OpenID provider' : 'hosted, OIDC_ISSUER'}; client ${oidc.clientId}, audience ${oidc.audience})`);
  } else lines.push(`  ${pad('identity')}off (set OIDC_ISSUER, OIDC_AUDIENCE and OIDC_CLIENT_ID, or leave DEV_STAND_INS on)`);
  if (orcid) {
    lines.push(`  ${pad('ORCID')}${orcid.baseUrl}/oauth/authorize  (${orcid.local ? 'local stand-in' : 'hosted, ORCID_BASE_URL'}; client ${orcid.clientId}, returns to ${orcid.redirectUri})`);
  } else lines.push(`  ${pad('ORCID')}off (set ORCID_BASE_URL, ORCID_CLIENT_ID and ORCID_CLIENT_SECRET, or leave DEV_STAND_INS on)`);
  const demo = readDemoAccounts();
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
  console.log(lines.join('\n'));

  const shutdown = async (signal) => {
    console.log(`\n${signal}: stopping…`);
    await suite.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
