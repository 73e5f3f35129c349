import { useRef } from 'react';
import { useLocation, useRoutes, type RouteObject } from '@sciexperts/shared/router';
import { releaseIslands } from '@sciexperts/shared';
import { routes as appRoutes } from './router';

const pathOf = ({ pathname, search, hash }: { pathname: string; search: string; hash: string }) => `${pathname}${search}${hash}`;

/**
 * The first navigation (a link, a search, Back) hydrates what the page left as server HTML: React hydrates every part
 * a transition reaches before it commits it, and read-only parts and islands otherwise wait (decision 0020). The
 * release happens as the navigation renders, not in an effect: the transition cannot commit before the parts it
 * reaches are released, and an effect runs only after a commit. Releasing is idempotent.
 */
function useReleaseIslandsOnFirstNavigation(): void {
  const path = pathOf(useLocation());
  const firstPath = useRef(path);
  if (path !== firstPath.current) releaseIslands();
}

/** The site's routes, rendered by whichever router holds them: the browser's, or the server's for one request. */
export function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  useReleaseIslandsOnFirstNavigation();
  return useRoutes(routes);
}
