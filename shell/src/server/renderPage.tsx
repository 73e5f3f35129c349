import type { ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { configureRuntime, createServerPageData, PageDataContext, type RemoteRegistry, type RuntimeConfig } from '@sciexperts/shared';
import { routes, type RouteHandle } from '../app/router';
import { RemoteLoaderContext, type RemoteLoader } from '../federation/remoteLoader';
import type { RemoteServerBuilds } from './remoteServerBuilds';

export interface RenderRequest {
  /** Path and query, e.g. `/how-it-works`. */
  url: string;
  /** The site's origin (the shell's), for the router's request. */
  origin: string;
  registry: RemoteRegistry;
  runtimeConfig: Partial<RuntimeConfig>;
}

export interface RenderedPage {
  status: number;
  /** The markup of `#root`. */
  html: string;
  /** Exposed modules the page rendered: the browser loads them before it hydrates. */
  remotes: string[];
  /** What the page's parts loaded to render (`usePageData`), by key: the browser hydrates with the same. */
  data: Record<string, unknown>;
  /** Stylesheets and first scripts of those modules, for the head (absolute URLs, from the remotes' manifests). */
  stylesheets: string[];
  scripts: string[];
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
 * Renders one public page of the site to HTML with the same routes, frame and remote components as the
 * browser, as a signed-out visitor sees it. Null when the path is rendered in the browser only.
 */
export async function renderPage(request: RenderRequest, builds: RemoteServerBuilds): Promise<RenderedPage | null> {
  configureRuntime({ ...request.runtimeConfig, siteOrigin: request.origin });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(request.url, request.origin)));
  if (context instanceof Response) return null;
  const handle = handleOf(context.matches);
  if (!handle.serverRendered) return null;

  const remotes: string[] = [];
  const stylesheets: string[] = [];
  const scripts: string[] = [];
  const errors: string[] = [];
  const loader: RemoteLoader = {
    cached: () => undefined,
    async load(id) {
      const [remoteName, exposeName] = id.split('/');
      const entry = request.registry.remotes.find((remote) => remote.name === remoteName);
      if (!entry || !exposeName) throw new Error(`${id}: no such remote in the registry`);
      const build = await builds.build(entry);
      if (!build) throw new BrowserOnlyRemote(id);
      const component = build?.modules[`./${exposeName}`];
      if (typeof component !== 'function' && typeof component !== 'object') throw new Error(`${id}: not in ${remoteName}'s server build`);
      const assets = await builds.exposeAssets(entry, `./${exposeName}`);
      remotes.push(id);
      stylesheets.push(...assets.stylesheets);
      scripts.push(...assets.scripts);
      return component as ComponentType<object>;
    },
  };

  const router = createStaticRouter(handler.dataRoutes, context);
  const pageData = createServerPageData();
  const { prelude } = await prerender(
    <RemoteLoaderContext.Provider value={loader}>
      <PageDataContext.Provider value={pageData}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </PageDataContext.Provider>
    </RemoteLoaderContext.Provider>,
    {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      // Every finished part inline, in place: React would otherwise move large ones after the page and reveal
      // them with inline scripts, which the site's CSP (no 'unsafe-inline' scripts) rightly blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part that fails is sent as its fallback and rendered by the browser; the page is still served.
      onError: (error) => {
        if (error instanceof BrowserOnlyRemote) return;
        errors.push(error instanceof Error ? error.message : String(error));
      },
    },
  );
  const html = await new Response(prelude).text();
  return { status: handle.status ?? 200, html, remotes, data: pageData.loaded(), stylesheets, scripts, errors };
}
