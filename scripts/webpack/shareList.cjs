// The one share list every federated build uses (see docs/decisions/0001-share-list.md).
// Only what must exist once in the page is shared: React (hooks break with two copies), the router
// (one history and context), zustand, and the `shared` package (one auth store for shell and remotes).
// The router is shared as `@sciexperts/shared/router`, the parts of it the slices use, not as the whole
// react-router-dom: federation cannot tree-shake a shared package, and the whole router is 50 KB compressed.
// The member area's API clients and contracts are `@sciexperts/shared/member`, so public pages load only the root.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

function installedVersion(pkg) {
  const file = path.join(root, 'node_modules', pkg, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

function caretMinor(version) {
  const [major, minor] = version.split('.');
  return `^${major}.${minor}.0`;
}

const packages = {
  react: ['react', 'react/jsx-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  zustand: ['zustand', 'zustand/vanilla'],
  '@sciexperts/shared': ['@sciexperts/shared', '@sciexperts/shared/router', '@sciexperts/shared/member'],
};

function createShareList() {
  const shared = {};
  for (const [pkg, requests] of Object.entries(packages)) {
    const version = installedVersion(pkg);
    for (const request of requests) {
      shared[request] = { singleton: true, requiredVersion: caretMinor(version), version, strictVersion: pkg === '@sciexperts/shared' };
    }
  }
  return shared;
}

/** Every request the share list names, by package (a server build leaves exactly these to its host). */
const sharedRequests = Object.values(packages).flat();

module.exports = { createShareList, sharedPackageNames: Object.keys(packages), sharedRequests };
