import { ADMIN_API_PREFIX } from '@sciexperts/shared/contracts';
import { isAdminPath } from '../src/modules/admin/paths';

/** The rule as it was first written: the path before the query, lower-cased, is the prefix or below it. */
function reference(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0]!.toLowerCase();
  return path === ADMIN_API_PREFIX.toLowerCase() || path.startsWith(`${ADMIN_API_PREFIX.toLowerCase()}/`);
}

describe('isAdminPath', () => {
  it('answers as the split-and-lower-case rule for every kind of URL', () => {
    const urls = [
      undefined, '', '/', '/api', '/api/admin', '/api/admin/', '/api/admin/me', '/api/admin?x=1', '/api/admin/me?x=/api', '/API/ADMIN/me', '/Api/Admin',
      '/api/adminx', '/api/admin-console', '/api/admin#x', '/api/admin%2Fme', '/x/api/admin', 'api/admin', '/api//admin', '/api/admin/../User',
      '/api/User/GetUserById/1?next=/api/admin', '/apİ/admin', '/api/admın', '/api/adm\u0130n/me', '/api/\u212Admin', '/api/admin\u0000', '?/api/admin',
    ];
    for (const url of urls) expect({ url, admin: isAdminPath(url) }).toEqual({ url, admin: reference(url) });
    expect(urls.filter((u) => isAdminPath(u))).toEqual(['/api/admin', '/api/admin/', '/api/admin/me', '/api/admin?x=1', '/api/admin/me?x=/api', '/API/ADMIN/me', '/Api/Admin', '/api/admin/../User']);
  });
});
