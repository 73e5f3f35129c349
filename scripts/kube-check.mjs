#!/usr/bin/env node
// Checks a running site the way a visitor and two members use it: a page renders, every remote's manifest loads from
// the registry the page server hands out, a demo member signs in, and a chat message from one member reaches the other
// (through the site's origin: the proxy or Ingress, an API process, Redis). Used by `npm run kube:play` on the pods
// podman plays; works on any site with the demo accounts (SEED_DEMO), e.g. `node scripts/kube-check.mjs
// http://localhost:8080` beside `npm run start:cluster`. Prints each step and exits 1 on the first failure.
import fs from 'node:fs';
import path from 'node:path';
import { io } from 'socket.io-client';
import { root } from './lib/apps.mjs';

const DEMO = JSON.parse(fs.readFileSync(path.join(root, 'server', 'seed', 'demo-accounts.json'), 'utf8'));

async function fetchOk(url, init) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return response;
}

/** @returns {Promise<Array<[string, string]>>} each step and what it saw */
export async function checkSite(site, { log = console.log } = {}) {
  const steps = [];
  const step = (name, detail) => {
    steps.push([name, detail]);
    log(`  ok  ${name}: ${detail}`);
  };

  // A page, rendered by a page server, and the remotes it names.
  const started = Date.now();
  const page = await fetchOk(`${site}/find-an-expert`);
  const html = await page.text();
  if (!/<title>[^<]*SciExperts/i.test(html)) throw new Error(`${site}/find-an-expert has no SciExperts title`);
  step('page', `GET /find-an-expert 200, ${html.length} bytes of HTML in ${Date.now() - started} ms, CSP ${page.headers.get('content-security-policy') ? 'set' : 'missing'}`);
  const registry = await (await fetchOk(`${site}/remotes.json`)).json();
  for (const remote of registry.remotes) await fetchOk(remote.entry);
  step('remotes', `${registry.remotes.length} manifests load (${registry.remotes.map((r) => new URL(r.entry).port || new URL(r.entry).host).join(', ')})`);

  // Two demo members sign in through the site's origin.
  const signIn = async ({ email, password }) => {
    const response = await fetchOk(`${site}/api/Account/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    const body = await response.json();
    return { token: body.token, id: body.user.id, name: body.user.firstName };
  };
  const [sender, receiver] = [await signIn(DEMO.find((d) => d.role === 'owner')), await signIn(DEMO.find((d) => d.role === 'expert'))];
  step('sign-in', `${sender.name} (#${sender.id}) and ${receiver.name} (#${receiver.id}) signed in`);

  // A chat message from one to the other, over the WebSocket as the site's chat sends it.
  const connect = (m) =>
    new Promise((resolve, reject) => {
      const socket = io(site, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: `Bearer ${m.token}` }, query: { userId: String(m.id) } });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => reject(new Error(`socket of ${m.name}: ${error.message}`)));
    });
  const [a, b] = await Promise.all([connect(sender), connect(receiver)]);
  try {
    const text = `Hello from the orchestrator check ${new Date().toISOString()}`;
    const arrived = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${receiver.name} did not receive the message within 10 s`)), 10_000);
      b.on('newMessage', (message) => {
        if (message.text === text) {
          clearTimeout(timer);
          resolve(message);
        }
      });
    });
    const sentAt = Date.now();
    const ack = await a.timeout(10_000).emitWithAck('sendMessage', { senderId: sender.id, receiverId: receiver.id, text, clientId: `kube-check-${sentAt}` });
    if (!ack.ok) throw new Error(`the message was refused: ${ack.message}`);
    const message = await arrived;
    step('chat', `message #${message.id} from ${sender.name} reached ${receiver.name} in ${Date.now() - sentAt} ms`);
  } finally {
    a.disconnect();
    b.disconnect();
  }
  return steps;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const site = (process.argv[2] || 'http://localhost:19380').replace(/\/$/, '');
  console.log(`Checking ${site}:`);
  checkSite(site).then(
    () => process.exit(0),
    (error) => {
      console.error(`  FAILED: ${error.message}`);
      process.exit(1);
    },
  );
}
