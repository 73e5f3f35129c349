/* global afterEach, afterAll -- jest provides them in the test files this setup runs in. */
// Unit tests never touch the network. Whatever a test leaves unmocked would otherwise reach whatever answers on the
// developer's machine (their own `npm start` on port 3000 answers 401 to a test's token, which signs the member out)
// or fail differently on CI. Every fetch, XMLHttpRequest and WebSocket a test opens without a mock is refused at
// once (a fetch rejects with a TypeError, as a real network failure does) and fails the test that made it, naming
// the request, even when the code under test catches the error.
const refused = [];

function refuse(kind, method, url) {
  const error = new TypeError(
    `Unit tests never touch the network: ${kind} ${method.toUpperCase()} ${url} was not mocked. ` +
      'Mock the API client (or fetch) this code calls, e.g. jest.spyOn(someApi, "list").mockResolvedValue(...).',
  );
  refused.push(error);
  return error;
}

function describeFetch(input, init) {
  if (typeof input === 'string') return { url: input, method: init?.method ?? 'GET' };
  if (input instanceof URL) return { url: input.href, method: init?.method ?? 'GET' };
  return { url: String(input?.url ?? input), method: init?.method ?? input?.method ?? 'GET' };
}

/** Throws (failing the current test, or the file from afterAll) when requests were refused since the last check. */
function failOnRefused(when) {
  const found = refused.splice(0);
  if (found.length === 0) return;
  const list = [...new Set(found.map((error) => error.message.split(' was not mocked')[0].replace('Unit tests never touch the network: ', '')))];
  throw new Error(`Unit tests never touch the network, but ${when} made ${found.length} unmocked request(s):\n  ${list.join('\n  ')}\nMock the API client (or fetch) the code under test calls.`);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * True for a URL on this machine at a port a server of this very process listens on (a test's own app or stand-in,
 * started on port 0). A server someone else runs on this machine, such as their `npm start` on port 3000, is not one.
 */
function isOwnServer(url) {
  let target;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (!LOOPBACK.has(target.hostname)) return false;
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  // The live handles of this process include every listening server (there is no public list of them).
  return process._getActiveHandles().some((handle) => {
    if (typeof handle?.address !== 'function' || !handle.listening) return false;
    const address = handle.address();
    return typeof address === 'object' && address !== null && address.port === port;
  });
}

/**
 * Refuses the network in this test file. `allow(url)` lets a fetch through (the server's suites call the apps they
 * start themselves: `isOwnServer`).
 */
function refuseNetwork({ allow = () => false, global = globalThis } = {}) {
  const realFetch = global.fetch;
  global.fetch = function offlineFetch(input, init) {
    const { url, method } = describeFetch(input, init);
    if (realFetch && allow(url)) return realFetch(input, init);
    return Promise.reject(refuse('fetch', method, url));
  };

  const XHR = global.XMLHttpRequest;
  if (XHR) {
    const targets = new WeakMap();
    const open = XHR.prototype.open;
    XHR.prototype.open = function offlineOpen(method, url, ...rest) {
      targets.set(this, { method, url: String(url) });
      return open.call(this, method, url, ...rest);
    };
    XHR.prototype.send = function offlineSend() {
      const target = targets.get(this) ?? { method: 'GET', url: '(not opened)' };
      throw refuse('XMLHttpRequest', target.method, target.url);
    };
  }

  const RealWebSocket = global.WebSocket;
  if (RealWebSocket) {
    function OfflineWebSocket(url) {
      throw refuse('WebSocket', 'open', String(url));
    }
    OfflineWebSocket.prototype = RealWebSocket.prototype;
    for (const name of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) OfflineWebSocket[name] = RealWebSocket[name];
    global.WebSocket = OfflineWebSocket;
  }

  afterEach(() => failOnRefused('this test'));
  // Requests started outside any test (at import, in beforeAll, or after a test ended) fail the file.
  afterAll(() => failOnRefused('this file (outside a test, or after its test ended)'));
}

module.exports = { refuseNetwork, isOwnServer };
