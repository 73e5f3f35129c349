import type { ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { configureRuntime, createServerPageData, PageDataContext, setRequestAdjuster, setServerRendering, type RemoteRegistry, type RuntimeConfig } from '@sciexperts/shared';
import { AppRoutes } from '../app/AppRoutes';
import { routes, type RouteHandle } from '../app/router';
import { BROWSER_ONLY_DIGEST } from '../app/serverRenderState';
import { RemoteLoaderContext, type RemoteLoader } from '../federation/remoteLoader';
import type { RemoteServerBuilds } from './remoteServerBuilds';
import { renderFor, serverApiCalls, type Visitor } from './serverApiCalls';

export interface PageRendererOptions {
  /** The site's origin (the shell's): the router's requests and the pages' canonical URLs. */
  origin: string;
  registry: RemoteRegistry;
  runtimeConfig: Partial<RuntimeConfig>;
  /**
   * The API's own address, for the calls a render makes: straight there with the visitor's address instead of
   * through the site's `/api/` proxy (serverApiCalls.ts). Without it they go to `runtimeConfig.apiBaseUrl`.
   */
  apiOrigin?: string;
}

export interface RenderedPage {
  status: number;
  /** The markup of `#root`. */
  html: string;
  /** Exposed modules the page rendered: the browser loads them before it hydrates. */
  remotes: string[];
  /** What the page's parts loaded to render (`usePageData`), by key: the browser hydrates with the same. */
  data: Record<string, unknown>;
  /** Stylesheets of those modules, for the head (absolute URLs, from the remotes' manifests). */
  stylesheets: string[];
  /** The text of those stylesheets that could be read, by URL: the head carries them inline (composeDocument.ts). */
  styleTexts: Record<string, string>;
  /** The registry and runtime configuration the page was rendered with: the browser starts with the same. */
  registry: RemoteRegistry;
  runtimeConfig: Partial<RuntimeConfig>;
  /** Why parts of the page were left to the browser (a remote without a server build, one that failed). */
  errors: string[];
}

/** A remote that publishes no server build: its part of the page is rendered in the browser, as designed. */
class BrowserOnlyRemote extends Error {}

/** How long a page may take before it is sent as far as it got (the rest renders in the browser). */
const RENDER_TIMEOUT_MS = 4000;

function handleOf(matches: Array<{ route: { handle?: unknown } }>): RouteHandle {
  const handle: RouteHandle = {};
  for (const match of matches) Object.assign(handle, match.route.handle as RouteHandle | undefined);
  return handle;
}

/**
 * The shell server's renderer: configured once (the runtime config, the route table's handler), then each call
 * renders one public page of the site (path and query) to HTML with the same routes, frame and remote components
 * as the browser, as a signed-out visitor sees it; null when the path is rendered in the browser only.
 */
export function createPageRenderer(
  options: PageRendererOptions,
  builds: RemoteServerBuilds,
): (url: string, visitor?: Visitor, registry?: RemoteRegistry) => Promise<RenderedPage | null> {
  configureRuntime({ ...options.runtimeConfig, siteOrigin: options.origin });
  // Islands and read-only parts render in full here; they wait only while a browser hydrates them.
  setServerRendering(true);
  setRequestAdjuster(options.apiOrigin ? serverApiCalls(options.runtimeConfig.apiBaseUrl ?? options.origin, options.apiOrigin) : null);
  // A visitor's registry (their cohort's releases) replaces the configured one for that page alone.
  return (url, visitor = {}, registry = options.registry) => renderFor(visitor, () => renderPage(url, { ...options, registry }, builds));
}

async function renderPage(
  url: string,
  options: PageRendererOptions,
  builds: RemoteServerBuilds,
): Promise<RenderedPage | null> {
  const { origin, registry } = options;
  const location = new URL(url, origin);
  const matches = matchRoutes(routes, location.pathname);
  if (!matches) return null;
  const handle = handleOf(matches);
  if (!handle.serverRendered) return null;

  const remotes: string[] = [];
  const stylesheets: string[] = [];
  const errors: string[] = [];
  const loader: RemoteLoader = {
    cached: () => undefined,
    async load(id) {
      const [remoteName, exposeName] = id.split('/');
      const entry = registry.remotes.find((remote) => remote.name === remoteName);
      if (!entry || !exposeName) throw new Error(`${id}: no such remote in the registry`);
      const build = await builds.build(entry);
      if (!build) throw new BrowserOnlyRemote(id);
      const component = build?.modules[`./${exposeName}`];
      if (typeof component !== 'function' && typeof component !== 'object') throw new Error(`${id}: not in ${remoteName}'s server build`);
      remotes.push(id);
      stylesheets.push(...(await builds.exposeStylesheets(entry, `./${exposeName}`)));
      return component as ComponentType<object>;
    },
  };

  const pageData = createServerPageData();
  const { prelude } = await prerender(
    <RemoteLoaderContext.Provider value={loader}>
      <PageDataContext.Provider value={pageData}>
        <StaticRouter location={`${location.pathname}${location.search}`}>
          <AppRoutes />
        </StaticRouter>
      </PageDataContext.Provider>
    </RemoteLoaderContext.Provider>,
    {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      // Every finished part inline, in place: React would otherwise move large ones after the page and reveal
      // them with inline scripts, which the site's CSP (no 'unsafe-inline' scripts) rightly blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part that fails is sent as its fallback and rendered by the browser; the page is still served.
      // The returned digest travels to the browser with the part's fallback.
      onError: (error) => {
        if (error instanceof BrowserOnlyRemote) return BROWSER_ONLY_DIGEST;
        errors.push(error instanceof Error ? error.message : String(error));
        return undefined;
      },
    },
  );
  const html = await new Response(prelude).text();
  const styleTexts: Record<string, string> = {};
  await Promise.all(
    [...new Set(stylesheets)].map(async (url) => {
      const text = await builds.stylesheetText(url);
      if (text !== null) styleTexts[url] = text;
    }),
  );
  return {
    // A page whose data the API says is not there (a hidden or suspended member's profile) is sent as such: 404.
    status: pageData.status() ?? handle.status ?? 200,
    html,
    remotes,
    data: pageData.loaded(),
    stylesheets,
    styleTexts,
    registry: options.registry,
    runtimeConfig: options.runtimeConfig,
    errors,
  };
}
