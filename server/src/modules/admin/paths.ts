import { ADMIN_API_PREFIX } from '@sciexperts/shared/contracts';

/** The prefix, then the end of the path: a slash, the query, or nothing. Case-insensitive, ASCII folding only. */
const ADMIN_PATH = new RegExp(`^${ADMIN_API_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[/?]|$)`, 'i');

/**
 * Whether a request URL is the console's API (/api/admin or below), whatever its case or query. Asked by the CORS hook
 * on every request, so one test of a compiled pattern rather than a split and a lower-cased copy of the URL; it
 * answers as `path.split('?')[0].toLowerCase()` compared with the prefix did (test/adminPaths.test.ts).
 */
export function isAdminPath(url: string | undefined): boolean {
  return ADMIN_PATH.test(url ?? '');
}
