// `tsx server/src/dev/orcidMain.ts`: the local ORCID stand-in (development only; `npm start` runs it).
// Env: ORCID_PORT (3002), ORCID_HOST (127.0.0.1), ORCID_CLIENT_ID, ORCID_CLIENT_SECRET,
// ORCID_REDIRECT_URI (default <SITE_URL>/profile; several may be given comma-separated).
import { createOrcidStandIn, DEMO_RESEARCHER, NEW_RESEARCHER } from './orcidStandIn';

const ORCID_DEV_DEFAULTS = { port: 3002, clientId: 'APP-SCIEXPERTSDEV01', clientSecret: 'local-orcid-dev-secret' } as const;

async function main(): Promise<void> {
  const port = Number(process.env.ORCID_PORT || ORCID_DEV_DEFAULTS.port);
  const site = (process.env.SITE_URL || 'http://localhost:8080').replace(/\/+$/, '');
  const redirectUris = (process.env.ORCID_REDIRECT_URI || `${site}/profile`).split(',').map((s) => s.trim()).filter(Boolean);
  const standIn = createOrcidStandIn({
    clientId: process.env.ORCID_CLIENT_ID || ORCID_DEV_DEFAULTS.clientId,
    clientSecret: process.env.ORCID_CLIENT_SECRET || ORCID_DEV_DEFAULTS.clientSecret,
    redirectUris,
  });
  const url = await standIn.listen(port, process.env.ORCID_HOST || '127.0.0.1');
  console.log(`ORCID stand-in on ${url} (researchers ${DEMO_RESEARCHER.name} ${DEMO_RESEARCHER.orcid} and ${NEW_RESEARCHER.name} ${NEW_RESEARCHER.orcid}, no works; redirect ${redirectUris.join(', ')})`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `ORCID stand-in failed to start: ${err.message}` : err);
  process.exit(1);
});
