const path = require('node:path');
const base = require('../scripts/jest/browserProject.cjs')(__dirname, 'chat-embed');

// The loader imports the chat's runtime by URL from the chat's origin; in jsdom it is a stand-in that records mounts.
module.exports = {
  ...base,
  moduleNameMapper: { '^https?://.+/sciexperts-chat-runtime\\.js$': path.join(__dirname, 'src/testing/fakeRuntime.ts'), ...base.moduleNameMapper },
};
