import { ADMIN_API_PREFIX } from '@sciexperts/shared/contracts';

/** Whether a request URL is the console's API (/api/admin or below), whatever its case or query. */
export function isAdminPath(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0]!.toLowerCase();
  return path === ADMIN_API_PREFIX.toLowerCase() || path.startsWith(`${ADMIN_API_PREFIX.toLowerCase()}/`);
}
