// What the shell and the remotes agree on for islands (docs/decisions/0020-public-page-startup-cost.md, "Round three"):
// a server-rendered public page hydrates only the parts a person uses. Each such part is wrapped in an element that
// carries `data-island` (its name) until React has hydrated it, when it gains `data-island-hydrated` and dispatches
// `ISLAND.hydratedEvent` (bubbling) so that the shell replays the clicks and submissions it held there. A part that is
// only read carries `data-read-only`: React keeps its server HTML, and the shell routes the links inside it.

export const ISLAND = {
  /** On the element that wraps an island; its value names the island (for monitoring and tests). */
  attribute: 'data-island',
  /** Added to that element once React has hydrated the island. */
  hydratedAttribute: 'data-island-hydrated',
  /** Added instead when its code could not load: nothing will hydrate it, its server HTML stays. */
  failedAttribute: 'data-island-failed',
  /** On the element that wraps a part React never hydrates on the page's first load. */
  readOnlyAttribute: 'data-read-only',
  /** Dispatched on the island's element, bubbling, once it is hydrated (or has failed to load). */
  hydratedEvent: 'sciexperts:island-hydrated',
  /** Island code is in chunks named with this prefix (webpackChunkName), so that tests and monitoring can tell it apart. */
  chunkPrefix: 'island-',
  /** An island's code loads at the latest this long after the page is hydrated, idle or not (requestIdleCallback's timeout). */
  idleTimeoutMs: 2000,
} as const;

/** The selector of islands not yet hydrated. */
export const PENDING_ISLAND_SELECTOR = `[${ISLAND.attribute}]:not([${ISLAND.hydratedAttribute}]):not([${ISLAND.failedAttribute}])`;
