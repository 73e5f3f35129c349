// The compiled server (decision 0047): server/src to plain JavaScript in server/dist with esbuild, so production,
// `npm run start:cluster` and the images run `node --enable-source-maps server/dist/main.js`: one OS process per API
// instance, no TypeScript at run time. One file per entry point holds the server's code, the shared package and the
// plain-JavaScript packages it uses: node then reads one file instead of resolving and reading some 2,700 (a third of
// an API process's start went to finding and loading modules). The packages named in EXTERNAL stay in node_modules
// and load from there at run time: the native ones, and those that read files beside their own code.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './apps.mjs';
import { mtimeOf, newestMtime, withBuildLock } from './build.mjs';

export const serverDist = path.join(root, 'server', 'dist');

/**
 * What production runs, by output name: the API process (with the job workers: every API process runs the queue),
 * the operators' commands, the migrations on their own (a deployment's job before a rollout), and the local
 * stand-ins `npm run start:cluster` runs beside the API processes.
 */
export const serverEntryPoints = {
  main: 'server/src/main.ts',
  admin: 'server/src/admin.ts',
  migrate: 'server/src/migrate.ts',
  oidcMain: 'server/src/dev/oidcMain.ts',
  orcidMain: 'server/src/dev/orcidMain.ts',
  paymentsMain: 'server/src/dev/paymentsMain.ts',
};

/** The compiled file for an entry point's name (`main` → server/dist/main.js). */
export const serverEntry = (name) => path.join(serverDist, `${name}.js`);

const stampName = '.build-stamp';


/** Stale when the stamp is missing or older than the server's or the shared package's sources, or the lockfile. */
export function serverNeedsBuild(base = root) {
  const stamp = path.join(base, 'server', 'dist', stampName);
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(base, 'server', 'src')),
    newestMtime(path.join(base, 'shared', 'src')),
    mtimeOf(path.join(base, 'package-lock.json')),
    mtimeOf(path.join(root, 'scripts', 'lib', 'serverBuild.mjs')),
  );
  return sources > built;
}

/**
 * Loaded from node_modules at run time, not bundled: native modules (better-sqlite3, @node-rs/argon2, pg's optional
 * pg-native), packages that read files beside their own code (pdfkit's and fontkit's font data, the receipt fonts,
 * swagger-ui's and @fastify/static's files, socket.io's client files, pino's transport workers), the identity stand-in
 * (oidc-provider), and OpenTelemetry, which patches modules as node loads them (and is loaded only when tracing is on).
 */
export const EXTERNAL = /^(better-sqlite3|@node-rs\/argon2|pg-native|pdfkit|fontkit|@embedpdf\/[^/]+|@fastify\/swagger-ui|@fastify\/static|socket\.io|pino|thread-stream|oidc-provider|@opentelemetry\/[^/]+|@fastify\/otel)(\/|$)/;

const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (EXTERNAL.test(args.path) ? { path: args.path, external: true } : undefined));
  },
};

/**
 * Builds server/dist when it is stale (or always with `force`), one build at a time across processes; the finished
 * build is swapped in whole, so a process starting meanwhile never loads half of one.
 * @returns {Promise<number | null>} seconds the build took, or null when it was up to date
 */
export async function buildServer({ force = false, log = console.log } = {}) {
  if (!force && !serverNeedsBuild()) return null;
  return withBuildLock(
    { dir: 'server' },
    async () => {
      if (!force && !serverNeedsBuild()) return null; // another process built it while we waited
      const started = Date.now();
      const { build } = await import('esbuild');
      const staging = path.join(root, 'server', `.dist-${process.pid}`);
      fs.rmSync(staging, { recursive: true, force: true });
      try {
        await build({
          absWorkingDir: root,
          entryPoints: Object.fromEntries(Object.entries(serverEntryPoints).map(([name, file]) => [name, path.join(root, file)])),
          outdir: staging,
          bundle: true,
          platform: 'node',
          format: 'cjs',
          target: 'node20',
          sourcemap: true,
          // The maps name the sources relative to the output, so stack traces point at server/src/….
          sourcesContent: false,
          plugins: [externalPackages],
          logLevel: 'warning',
        });
        fs.writeFileSync(path.join(staging, stampName), new Date().toISOString());
        const old = `${serverDist}.old-${process.pid}`;
        if (fs.existsSync(serverDist)) fs.renameSync(serverDist, old);
        fs.renameSync(staging, serverDist);
        fs.rmSync(old, { recursive: true, force: true });
      } finally {
        fs.rmSync(staging, { recursive: true, force: true });
      }
      const seconds = (Date.now() - started) / 1000;
      log(`built server in ${seconds.toFixed(1)} s`);
      return seconds;
    },
    { log },
  );
}
