// Finds Debian's Chromium for Playwright; installs it with apt-get when we are root and it is missing.
// (Never `playwright install`: it downloads a browser, and this network only reaches package registries.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

export function findChromium() {
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing Debian chromium with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error('Chromium is missing: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then `npm test` again.');
  return null;
}
