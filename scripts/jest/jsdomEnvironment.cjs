// jsdom with the Fetch API of Node (Request/Response/Headers/fetch), which react-router's data routers and ky need.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'ReadableStream', 'TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal', 'structuredClone', 'BroadcastChannel']) {
      if (typeof this.global[name] === 'undefined' && typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
