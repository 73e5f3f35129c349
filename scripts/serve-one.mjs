#!/usr/bin/env node
// `npm start -w <remote>`: the remote alone on its own port, for its team (its standalone page).
import path from 'node:path';
import { frontends, portFrom, root } from './lib/apps.mjs';
import { buildFrontends } from './lib/build.mjs';
import { createStaticServer, listen } from './lib/staticServer.mjs';
import { buildContentSecurityPolicy } from './lib/securityHeaders.mjs';

const dir = process.argv[2];
const app = frontends.find((a) => a.dir === dir);
if (!app) {
  console.error(`Unknown app "${dir}". Known: ${frontends.map((a) => a.dir).join(', ')}`);
  process.exit(2);
}
const port = portFrom(process.env, app.portEnv, app.defaultPort);
await buildFrontends({ only: [app.dir] });
// The standalone page talks to the API at the shared runtime default unless API_URL says otherwise.
const apiBaseUrl = process.env.API_URL || 'http://localhost:3000';
const csp = buildContentSecurityPolicy({
  registry: { remotes: [{ name: app.dir, entry: `http://localhost:${port}/mf-manifest.json` }] },
  runtimeConfig: { apiBaseUrl, socketUrl: apiBaseUrl },
});
const server = createStaticServer({
  root: path.join(root, app.dir, 'dist'),
  spa: true,
  cors: !app.isHost,
  pageHeaders: () => ({ 'Content-Security-Policy': csp, 'X-Frame-Options': 'DENY' }),
});
await listen(server, port);
console.log(`${app.dir} standalone at http://localhost:${port} (Ctrl-C to stop)`);
process.on('SIGINT', () => server.close(() => process.exit(0)));
