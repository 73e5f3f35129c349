import { useEffect, type ReactNode } from 'react';
import { releaseEarlyInteractions } from './earlyInteractions';

/**
 * Wraps the hydrating page. After the root's hydrating commit it releases the clicks and submissions held
 * meanwhile (replayed once React can take them, see releaseEarlyInteractions) and marks the document
 * `data-hydrated`, the moment the page became interactive (for monitoring and the e2e tests). React may still
 * be hydrating a part (a Suspense boundary, as each remote's page) then; an event on such a part makes React
 * hydrate it first.
 */
export function OnHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    releaseEarlyInteractions();
    document.documentElement.setAttribute('data-hydrated', '');
    // When, for the bench and monitoring: what a page fetched before it was hydrated, and what its islands after.
    if (typeof performance.mark === 'function') performance.mark('sciexperts:hydrated');
  }, []);
  return children;
}
