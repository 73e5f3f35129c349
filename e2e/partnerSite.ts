// A partner's site for the embed's e2e tests ("University Portal"): its own origin (port 18070 + offset), a strict
// Content-Security-Policy that allow-lists only the chat remote's and the API's origins besides its own, and the
// embed installed the way a partner installs it: `npm pack` of the workspace package, unpacked into its
// node_modules, and imported from there (never from the source tree).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { e2eOrigins } from '../playwright.config';

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const partnerOrigin = `http://localhost:${18070 + offset}`;

/** The CSP of the partner's pages: itself, the chat's origin (scripts, styles, the manifest) and the API (http and ws). */
export function partnerCsp(): string {
  const api = e2eOrigins.api === e2eOrigins.site ? e2eOrigins.site : e2eOrigins.api;
  const apiWs = api.replace(/^http/, 'ws');
  return [
    "default-src 'none'",
    `script-src 'self' ${e2eOrigins.chat}`,
    `style-src 'self' ${e2eOrigins.chat}`,
    `connect-src 'self' ${e2eOrigins.chat} ${e2eOrigins.site} ${api} ${apiWs} ${e2eOrigins.site.replace(/^http/, 'ws')}`,
    `img-src 'self' data: ${e2eOrigins.chat} ${e2eOrigins.site} ${api}`,
    `font-src 'self' ${e2eOrigins.chat}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `npm pack -w chat-embed`, unpacked as node_modules/@sciexperts/chat-embed of a fresh folder; its package.json. */
export function installPackedEmbed(): { dir: string; tarball: string; entry: string } {
  const root = path.resolve(__dirname, '..');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-site-'));
  const pack = spawnSync('npm', ['pack', '-w', 'chat-embed', '--pack-destination', dir, '--json'], { cwd: root, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  const [packed] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as Array<{ filename: string }>;
  const tarball = path.join(dir, packed!.filename);
  const target = path.join(dir, 'node_modules', '@sciexperts', 'chat-embed');
  fs.mkdirSync(target, { recursive: true });
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  const manifest = JSON.parse(fs.readFileSync(path.join(target, 'package.json'), 'utf8')) as { exports: { '.': { import: string } } };
  return { dir, tarball, entry: `/node_modules/@sciexperts/chat-embed/${manifest.exports['.'].import.replace(/^\.\//, '')}` };
}

const page = (clientId: string, expertId: number, entry: string) => `<!doctype html>
<html lang="en" data-chat="${e2eOrigins.chat}" data-entry="${entry}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>University Portal: ask an expert</title>
    <link rel="stylesheet" href="/portal.css" />
    <script type="module" src="/portal.js"></script>
  </head>
  <body>
    <header><p class="brand">University Portal</p><p id="badge" role="status">Unread messages: 0</p></header>
    <main>
      <h1>Ask a SciExperts expert</h1>
      <p><button type="button" id="talk" data-member="${expertId}">Talk to our expert</button> <button type="button" id="sign-out">Sign out of SciExperts</button></p>
      <sciexperts-chat partner="${clientId}" theme="light"></sciexperts-chat>
      <h2>What the chat told this page</h2>
      <ol id="events"></ol>
    </main>
  </body>
</html>`;

// The partner's own script: imports the installed package by the path its package.json exports.
const script = `const { chat, entry } = document.documentElement.dataset;
const { defineSciexpertsChat } = await import(entry);
defineSciexpertsChat({ chatOrigin: chat });
const element = document.querySelector('sciexperts-chat');
const list = document.getElementById('events');
window.partnerEvents = [];
for (const type of ['sciexperts:message', 'sciexperts:unread', 'sciexperts:signed-in', 'sciexperts:signed-out']) {
  document.addEventListener(type, (event) => {
    window.partnerEvents.push({ type, detail: event.detail });
    const item = document.createElement('li');
    item.textContent = type + ' ' + JSON.stringify(event.detail);
    list.append(item);
    if (type === 'sciexperts:unread') document.getElementById('badge').textContent = 'Unread messages: ' + event.detail.count;
  });
}
document.getElementById('talk').addEventListener('click', (event) => element.open(Number(event.currentTarget.dataset.member)));
document.getElementById('sign-out').addEventListener('click', () => element.signOut());
`;

const css = `body{font-family:Georgia,serif;margin:0;padding:1rem;color:#1a1a1a;background:#fff}
header{display:flex;justify-content:space-between;border-bottom:2px solid #5b2a86;margin-bottom:1rem}
.brand{font-weight:700;color:#5b2a86}
button{font:inherit;min-height:44px;padding:.4rem .8rem}
sciexperts-chat{--sciexperts-chat-accent:#5b2a86;--sciexperts-chat-font:Georgia,serif;--sciexperts-chat-radius:2px;max-width:60rem;margin:1rem 0}
sciexperts-chat[theme=dark]{--sciexperts-chat-accent:#c9b0ea}`;

export interface PartnerSite {
  close(): Promise<void>;
}

/** Serves the partner's page for `clientId` on partnerOrigin, with the packed embed installed in `installed.dir`. */
export async function startPartnerSite(clientId: string, expertId: number, installed: { dir: string; entry: string }): Promise<PartnerSite> {
  const headers = { 'Content-Security-Policy': partnerCsp(), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', partnerOrigin);
    if (url.pathname === '/') return void res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }).end(page(clientId, expertId, installed.entry));
    if (url.pathname === '/portal.js') return void res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' }).end(script);
    if (url.pathname === '/portal.css') return void res.writeHead(200, { ...headers, 'Content-Type': 'text/css' }).end(css);
    const file = path.join(installed.dir, path.normalize(url.pathname));
    if (url.pathname.startsWith('/node_modules/') && file.startsWith(installed.dir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return void res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' }).end(fs.readFileSync(file));
    }
    res.writeHead(404, headers).end();
  });
  await new Promise<void>((resolve) => server.listen(18070 + offset, '127.0.0.1', resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
