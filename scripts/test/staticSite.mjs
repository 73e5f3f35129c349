// What the page server's header tests share (no tests of its own): the static server on a free port, serving a
// temporary folder with the given files, as the site or a remote is served (scripts/lib/staticServer.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStaticServer, listen } from '../lib/staticServer.mjs';

/**
 * @param {string} name       names the temporary folder
 * @param {Record<string, string>} files  file name → content
 * @param {object} options    createStaticServer's options besides `root` (`spa` is on)
 * @returns {Promise<{ url: string, close: () => void }>}
 */
export async function startStaticSite(name, files, options = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `sciexperts-${name}-`));
  for (const [file, content] of Object.entries(files)) fs.writeFileSync(path.join(root, file), content);
  const server = createStaticServer({ root, spa: true, ...options });
  await listen(server, 0);
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close() {
      server.closeAllConnections();
      server.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
