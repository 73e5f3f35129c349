import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestAdjuster } from '@sciexperts/shared';

/** Who a page is being rendered for: the address the shell's server received the request from. */
export interface Visitor {
  address?: string;
}

const visitorOfRender = new AsyncLocalStorage<Visitor>();

/** Runs one page's render with its visitor, for every API call the render makes (however deep in a remote). */
export function renderFor<T>(visitor: Visitor, render: () => Promise<T>): Promise<T> {
  return visitorOfRender.run(visitor, render);
}

/**
 * The API calls a server render makes go straight to the API instead of through the site's own `/api/` proxy
 * (one hop fewer), carrying the visitor's address in `X-Forwarded-For`, as the proxy does for the browser's
 * calls. The API believes that header from the page server's address (TRUST_PROXY), so its per-address throttles count each visitor's pages
 * against that visitor, not every visitor's against the shell's server.
 *
 * Only calls addressed to `siteOrigin/api/` are touched; the page's markup keeps the site's own URLs.
 */
export function serverApiCalls(siteOrigin: string, apiOrigin: string): RequestAdjuster {
  const site = new URL(siteOrigin).origin;
  const api = new URL(apiOrigin).origin;
  return (request) => {
    if (!request.url.startsWith(`${site}/api/`)) return undefined;
    const headers = new Headers(request.headers);
    const address = visitorOfRender.getStore()?.address;
    // Set, never appended: the only hop the API may believe is this server's own account of the visitor.
    if (address) headers.set('X-Forwarded-For', address);
    else headers.delete('X-Forwarded-For');
    const direct = `${api}${request.url.slice(site.length)}`;
    return new Request(direct, { method: request.method, headers, body: request.body, signal: request.signal, ...(request.body ? { duplex: 'half' } : {}) } as RequestInit);
  };
}
