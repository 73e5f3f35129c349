// The nginx configurations the images and the local play generate (scripts/images.mjs for the remotes image,
// scripts/kube-play.mjs for the Ingress's stand-in) are accepted by `nginx -t`, listen where the manifests say, and
// fill every {{…}} of deploy/nginx. Starts nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { frontends } from '../lib/apps.mjs';
import { remotesNginxConfig } from '../images.mjs';
import { edgeNginxConfig } from '../kube-play.mjs';

const nginxTest = (file) => spawnSync(process.env.NGINX_BIN || 'nginx', ['-t', '-q', '-e', 'stderr', '-c', file], { encoding: 'utf8' });

test("the remotes image's nginx serves each remote's dist on its own port and passes nginx -t", () => {
  const config = remotesNginxConfig();
  for (const remote of frontends.filter((f) => !f.isHost)) {
    assert.match(config, new RegExp(`listen 0\\.0\\.0\\.0:${remote.defaultPort};[\\s\\S]*?root /srv/${remote.dir};`));
  }
  assert.doesNotMatch(config, /\{\{[A-Z_]+\}\}/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-nginx-'));
  try {
    fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
    const result = nginxTest(path.join(dir, 'nginx.conf'));
    assert.equal(result.status, 0, result.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the local play's edge nginx routes the site as the Ingress does and passes nginx -t", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-edge-'));
  try {
    const { site, main } = edgeNginxConfig(dir);
    assert.doesNotMatch(site, /\{\{[A-Z_]+\}\}/);
    assert.match(site, /listen 127\.0\.0\.1:19380;/);
    assert.match(site, /server 127\.0\.0\.1:19311/);
    assert.match(site, /location \/socket\.io\//);
    fs.writeFileSync(path.join(dir, 'sciexperts.conf'), site);
    fs.writeFileSync(path.join(dir, 'nginx.conf'), main);
    const result = nginxTest(path.join(dir, 'nginx.conf'));
    assert.equal(result.status, 0, result.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
