/* global document, performance -- used inside page scripts that run in the browser */
// The chat embed's figures for `npm run bench` (issue 45): the loader's size, gzipped (the package's own esbuild bundle,
// as `npm pack` ships it), and the time from a `<sciexperts-chat>` element put on a partner's page to the first
// rendered conversation, the member already signed in on that tab (the loader's refresh token in sessionStorage, as
// after the popup): the loader script from the chat's origin, the token refresh, the federation runtime, the chat's
// remote, its socket and the conversation's history.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { Secret, TOTP } from 'otpauth';
import { root } from './apps.mjs';

const require = createRequire(import.meta.url);

/** The loader's bytes gzipped (level 9), and minified. */
export function loaderSize() {
  const { bundle } = require(path.join(root, 'chat-embed', 'build.cjs'));
  const code = bundle('index.ts');
  return { gzip: zlib.gzipSync(code, { level: 9 }).length, minified: Buffer.byteLength(code) };
}

const b64url = (buffer) => buffer.toString('base64url');

async function call(url, { method = 'POST', token, body } = {}) {
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${new URL(url).pathname}: ${response.status} ${json.message ?? ''}`);
  return json;
}

/** An operator made with `npm run admin -- create-operator`, signed in through the console's API (second factor set up). */
async function operatorToken(env, api) {
  const email = `bench-operator-${Date.now()}@sciexperts.test`;
  const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'admin.mjs'), 'create-operator', email, 'operator'], { cwd: root, encoding: 'utf8', env: { ...env, LOG_LEVEL: 'silent' } });
  const password = /One-time password.*: (\S+)$/m.exec(run.stdout ?? '')?.[1];
  if (run.status !== 0 || !password) throw new Error(`create-operator failed: ${run.stderr}${run.stdout}`);
  const first = await call(`${api}/api/admin/Session`, { body: { email, password } });
  const code = () => new TOTP({ secret: Secret.fromBase32(first.enrolment.secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  const session = await call(`${api}/api/admin/Session`, { body: { email, password, code: code() } });
  // The one-time password opens nothing but its replacement (decision 0044).
  await call(`${api}/api/admin/Password`, { token: session.token, body: { currentPassword: password, newPassword: `${password}-bench-chosen` } });
  return session.token;
}

/** A refresh token for `member` at the partner, as the popup's code exchange gives the page. */
async function refreshTokenFor(api, clientId, partnerOrigin, memberToken) {
  const verifier = b64url(crypto.randomBytes(32));
  const challenge = b64url(crypto.createHash('sha256').update(verifier).digest());
  const asked = { client_id: clientId, redirect_uri: partnerOrigin, response_type: 'code', scope: 'chat', code_challenge: challenge, code_challenge_method: 'S256', state: 'bench', response_mode: 'web_message' };
  const { code } = await call(`${api}/api/OAuth/Authorize`, { token: memberToken, body: { ...asked, decision: 'allow' } });
  const tokens = await call(`${api}/api/OAuth/Token`, { body: { grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier, redirect_uri: partnerOrigin } });
  return tokens.refresh_token;
}

/** The partner's page: the one-script loader from the chat's origin, then its own script puts the element in. */
function partnerServer(port, chatOrigin, apiOrigin, siteOrigin, clientId, counterpartId) {
  const ws = (o) => o.replace(/^http/, 'ws');
  const csp = [
    "default-src 'none'",
    `script-src 'self' ${chatOrigin}`,
    `style-src 'self' ${chatOrigin}`,
    `connect-src 'self' ${chatOrigin} ${apiOrigin} ${siteOrigin} ${ws(apiOrigin)} ${ws(siteOrigin)}`,
    `img-src 'self' data: ${chatOrigin} ${apiOrigin} ${siteOrigin}`,
  ].join('; ');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench partner</title>
<script type="module" src="${chatOrigin}/sciexperts-chat.js"></script><script type="module" src="/page.js"></script></head><body><main></main></body></html>`;
  const script = `const chat = document.createElement('sciexperts-chat');
chat.setAttribute('partner', ${JSON.stringify(clientId)});
${counterpartId ? `chat.setAttribute('with', '${counterpartId}');` : ''}
window.benchInserted = performance.now();
document.querySelector('main').append(chat);`;
  return http.createServer((req, res) => {
    const headers = { 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' };
    if (req.url === '/page.js') return void res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' }).end(script);
    if (req.url === '/' || req.url?.startsWith('/?')) return void res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    res.writeHead(404, headers).end();
  });
}

/**
 * Milliseconds from the element's insertion to its first rendered conversation (the message log past "Loading"), one
 * figure per sample, each in a fresh browser context (nothing cached).
 */
export async function embedFirstConversation({ browser, env, config, member, counterpartId, port, samples }) {
  const api = config.apiOrigin;
  const partnerOrigin = `http://localhost:${port}`;
  const operator = await operatorToken(env, api);
  const { partner } = await call(`${api}/api/admin/Partners`, { token: operator, body: { name: 'Bench Portal', origins: [partnerOrigin], contact: 'bench@sciexperts.test' } });
  const chatApp = config.apps.find((a) => a.dir === 'mf-chat');
  const server = partnerServer(port, config.originOf(chatApp.port), config.runtimeConfig.apiBaseUrl, config.siteOrigin, partner.clientId, counterpartId);
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const times = [];
  try {
    for (let i = 0; i < samples; i += 1) {
      const refresh = await refreshTokenFor(api, partner.clientId, partnerOrigin, member.token);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [`sciexperts-chat:${partner.clientId}`, refresh]);
      const page = await context.newPage();
      await page.goto(partnerOrigin);
      await page.waitForFunction(
        (tag) => {
          const item = document.querySelector(tag)?.shadowRoot?.querySelector('[role="log"] li');
          return item && !item.textContent.startsWith('Loading') ? true : false;
        },
        'sciexperts-chat',
        { polling: 'raf', timeout: 30_000 },
      );
      times.push(await page.evaluate(() => performance.now() - window.benchInserted));
      await context.close();
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return times;
}
