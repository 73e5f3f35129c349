import { useEffect } from 'react';
import { useNavigate } from '@sciexperts/shared/router';
import { ISLAND, PENDING_ISLAND_SELECTOR } from '@sciexperts/shared';

/** Links React has not hydrated: inside a read-only part, or an island whose code has not loaded yet. */
const UNHYDRATED_PARTS = `[${ISLAND.readOnlyAttribute}], ${PENDING_ISLAND_SELECTOR}`;

/**
 * The site's own link to follow in the page, for a plain left click on a link React has not hydrated; null when the
 * browser should follow it itself (another site, a new tab or window, a download, a link within this page).
 */
export function routedHref(event: MouseEvent, location: Location): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || !anchor.closest(UNHYDRATED_PARTS)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return null;
  if (url.pathname === location.pathname && url.search === location.search && url.hash !== '') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The shell keeps routing on parts of a public page React never hydrated (decision 0020, "Round three"): their
 * links are plain anchors in the server's HTML, which the browser would follow with a full page load; a plain click
 * on one is handed to the router, as a hydrated `Link` does.
 */
export function useStaticLinkRouting(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const href = routedHref(event, window.location);
      if (href === null) return;
      // Before React's listener on the page's root: React stops a click on a part it has not hydrated from going
      // further (it cannot hand it to a component), which would leave the browser to follow the link itself.
      event.preventDefault();
      event.stopPropagation();
      void navigate(href);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [navigate]);
}
