import path from 'node:path';

/**
 * The server package's folder (server/). This file sits one level below it in the sources (server/src) and the
 * compiled server is one file per entry point one level below it too (server/dist), so `..` is right for both: code
 * elsewhere in src/ must not count `..` from its own folder, which the compiled server no longer has.
 */
export const SERVER_ROOT = path.resolve(__dirname, '..');
