// `npm run start:cluster` serves uploaded releases without RELEASES_DIR: a folder under the cluster's data folder, the
// one both page servers are given and `npm run release -- --cluster` uploads to. Run by `npm test`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { root } from '../lib/apps.mjs';
import { resolveClusterConfig } from '../lib/cluster.mjs';

test('the cluster keeps its releases under its data folder unless RELEASES_DIR says otherwise', () => {
  assert.equal(resolveClusterConfig({}).releasesDir, path.join(root, 'data', 'cluster', 'releases'));
  assert.equal(resolveClusterConfig({ DATA_DIR: '/srv/sciexperts' }).releasesDir, '/srv/sciexperts/releases');
  assert.equal(resolveClusterConfig({ DATA_DIR: '/srv/sciexperts', RELEASES_DIR: '/mnt/releases' }).releasesDir, '/mnt/releases');
});
