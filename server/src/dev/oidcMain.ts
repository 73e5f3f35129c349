// `tsx server/src/dev/oidcMain.ts`: the local OpenID provider (development only; `npm start` runs it).
// Env: OIDC_PORT (3001), OIDC_HOST (127.0.0.1), SITE_URL (http://localhost:8080),
// OIDC_AUDIENCE (http://localhost:3000/api), OIDC_CLIENT_ID (sciexperts-web).
import { DEMO_IDENTITIES, startLocalOidcProvider } from './oidcProvider';

async function main(): Promise<void> {
  const provider = await startLocalOidcProvider({
    port: Number(process.env.OIDC_PORT || 3001),
    host: process.env.OIDC_HOST || '127.0.0.1',
    siteUrl: process.env.SITE_URL || 'http://localhost:8080',
    audience: process.env.OIDC_AUDIENCE || 'http://localhost:3000/api',
    clientId: process.env.OIDC_CLIENT_ID || 'sciexperts-web',
  });
  console.log(`Local OpenID provider on ${provider.issuer} (client ${provider.clientId}, audience ${provider.audience}; identities ${DEMO_IDENTITIES.map((i) => i.email).join(', ')})`);
  const stop = () => void provider.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `Local OpenID provider failed to start: ${err.message}` : err);
  process.exit(1);
});
