// The shell's server passes /api/ and /socket.io/ through to the API (scripts/lib/apiProxy.mjs). Run by `npm test`.
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createStaticServer, listen } from '../lib/staticServer.mjs';

let api;
let site;
let siteUrl;
const seen = [];
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-proxy-'));

before(async () => {
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  api = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(req.url === '/api/missing' ? 404 : 200, { 'content-type': 'application/json', 'x-from': 'api', connection: 'close' });
      res.end(JSON.stringify({ ok: true, url: req.url }));
    });
  });
  // A WebSocket-like upgrade: the API answers 101 and echoes what it receives.
  api.on('upgrade', (req, socket) => {
    upgraded.add(socket);
    seen.push({ method: 'UPGRADE', url: req.url, headers: req.headers });
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    socket.on('data', (data) => socket.write(data));
  });
  await listen(api, 0);
  site = createStaticServer({ root, spa: true, proxy: { prefixes: ['/api/', '/socket.io/'], target: `http://127.0.0.1:${api.address().port}` } });
  await listen(site, 0);
  siteUrl = `http://127.0.0.1:${site.address().port}`;
});

const upgraded = new Set();
after(() => {
  for (const socket of upgraded) socket.destroy();
  site.closeAllConnections();
  api.closeAllConnections();
  site.close();
  api.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test('passes API calls through with their method, body, status and headers, and says who the client is', async () => {
  const res = await fetch(`${siteUrl}/api/Projects?x=1`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer t' }, body: '{"a":1}' });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('x-from'), 'api');
  assert.deepEqual(await res.json(), { ok: true, url: '/api/Projects?x=1' });
  const call = seen.at(-1);
  assert.equal(call.method, 'POST');
  assert.equal(call.body, '{"a":1}');
  assert.equal(call.headers.authorization, 'Bearer t');
  assert.equal(call.headers['x-forwarded-for'], '127.0.0.1');
  assert.equal((await fetch(`${siteUrl}/api/missing`)).status, 404);
});

test('serves everything else itself, and answers 502 with a message when the API is down', async () => {
  const page = await fetch(`${siteUrl}/projects`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<title>shell<\/title>/);
  const down = createStaticServer({ root, proxy: { prefixes: ['/api/'], target: 'http://127.0.0.1:9' } });
  await listen(down, 0);
  try {
    const res = await fetch(`http://127.0.0.1:${down.address().port}/api/health`);
    assert.equal(res.status, 502);
    assert.equal((await res.json()).message, 'The server could not be reached. Please try again.');
  } finally {
    down.close();
  }
});

test('passes a WebSocket upgrade through both ways', async () => {
  const { port } = site.address();
  const reply = await new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/socket.io/?EIO=4&transport=websocket', headers: { connection: 'Upgrade', upgrade: 'websocket' } });
    req.on('upgrade', (res, socket) => {
      socket.write('ping');
      socket.once('data', (data) => {
        socket.destroy();
        resolve({ status: res.statusCode, echoed: data.toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
  assert.deepEqual(reply, { status: 101, echoed: 'ping' });
  assert.equal(seen.at(-1).url, '/socket.io/?EIO=4&transport=websocket');
});

test('every API path of the contract is one the shell passes through (a new path outside them would reach the SPA instead)', async () => {
  const { API_PROXY_PREFIXES } = await import('../lib/suite.mjs');
  const source = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'shared', 'src', 'contracts', 'paths.ts'), 'utf8');
  const block = source.slice(source.indexOf('export const API_PATHS'), source.indexOf('} as const', source.indexOf('export const API_PATHS')));
  const paths = [...block.matchAll(/:\s*'(\/[^']*)'/g)].map((m) => m[1]);
  assert.ok(paths.length > 50, `read ${paths.length} API paths`);
  // robots.txt and sitemap.xml are the site's own files: the shell's server makes them (from the API's answer).
  const { resolveSuiteConfig, shellGeneratedFiles } = await import('../lib/suite.mjs');
  const generated = Object.keys(shellGeneratedFiles(resolveSuiteConfig({})));
  const outside = paths.filter((p) => !API_PROXY_PREFIXES.some((prefix) => p.startsWith(prefix)));
  assert.deepEqual(outside.filter((p) => !generated.includes(p)), []);
});
