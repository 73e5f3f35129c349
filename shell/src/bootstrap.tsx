import '@sciexperts/ui/tokens.css';
import { startTransition } from 'react';
import { getInstance, registerPlugins } from '@module-federation/enhanced/runtime';
import { configureRuntime, createHydrationPageData, PageDataContext, startAuthSync, type RuntimeConfig } from '@sciexperts/shared';
import { loadRegistry, applyRegistry } from './federation/remoteRegistry';
import { registerIdentitySignOut } from './federation/identitySession';
import { startMemberCohort } from './federation/memberCohort';
import { retryPlugin } from './federation/retryPlugin';
import { provideRuntimeCore, runtimeVersionGuard } from './federation/runtimeCore';
import { browserRemoteLoader } from './federation/remoteLoader';
import { BROWSER_ONLY_DIGEST, readServerRenderState } from './app/serverRenderState';
import { OnHydrated } from './app/OnHydrated';

/**
 * Ends the current task so the browser can handle input and paint before the next stage. Starting the page is
 * several hundred milliseconds of script on a slow phone; as one task it blocks the main thread for all of it
 * (what Lighthouse counts as Total Blocking Time), as stages each blocks it for a part.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's modules (routes, frames, the router), evaluated in their own task after React's. `eager`: they are
 * in this chunk already, so no request is added; only their evaluation moves.
 */
const loadApp = () => import(/* webpackMode: "eager" */ './app/App');

/**
 * React DOM, evaluated in a task of its own (its evaluation is the largest single piece of script on the page).
 * `eager`: the federation still fetches it with this chunk; only its evaluation waits.
 */
const loadReactDom = () => import(/* webpackMode: "eager" */ 'react-dom/client');

async function fetchRuntimeConfig(): Promise<Partial<RuntimeConfig> | null> {
  try {
    const response = await fetch('/runtime-config.json', { cache: 'no-cache' });
    return response.ok ? ((await response.json()) as Partial<RuntimeConfig>) : null;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  startAuthSync();
  startMemberCohort();
  // Before the first remote loads: remotes use the shell's federation runtime core (decision 0021), only when
  // built for its version, and a dropped manifest or chunk is fetched again before any error region shows.
  const runtimeVersion = getInstance()?.version ?? '';
  provideRuntimeCore(runtimeVersion);
  registerPlugins([runtimeVersionGuard(runtimeVersion), retryPlugin()]);
  registerIdentitySignOut();
  const serverRendered = readServerRenderState();
  // A server-rendered page carries the registry and configuration it was rendered with: no round trips to
  // /remotes.json and /runtime-config.json stand between the page's scripts and its hydration.
  if (serverRendered?.registry && serverRendered.runtimeConfig) {
    configureRuntime(serverRendered.runtimeConfig);
    try {
      applyRegistry(serverRendered.registry);
    } catch {
      await loadRegistry().catch(() => undefined);
    }
  } else {
    const [config] = await Promise.all([fetchRuntimeConfig(), loadRegistry().catch(() => undefined)]);
    if (config) configureRuntime(config);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  await yieldToBrowser();
  const { createRoot, hydrateRoot } = await loadReactDom();
  await yieldToBrowser();
  const { App } = await loadApp();
  if (!serverRendered) {
    createRoot(container).render(<App />);
    return;
  }
  // The page arrived as HTML: its modules load first, so React hydrates it in one pass. One that fails to load
  // suspends there instead, and its error boundary takes over after hydration.
  await Promise.allSettled(serverRendered.remotes.map((id) => browserRemoteLoader.load(id)));
  await yieldToBrowser();
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking it for the
  // whole page (what Lighthouse counts as Total Blocking Time); the page is already on screen meanwhile.
  startTransition(() => {
    hydrateRoot(
      container,
      // The data the server rendered with, for the hydrating render only: later renders load afresh.
      <PageDataContext.Provider value={createHydrationPageData(serverRendered.data)}>
        <OnHydrated>
          <App />
        </OnHydrated>
      </PageDataContext.Provider>,
      {
        // Markup that does not match (a remote released between the HTML and its scripts) is rendered again here;
        // the visitor sees the new page, so this is worth a warning, not an error.
        // A part the server left to the browser by design (BROWSER_ONLY_DIGEST) is no news.
        onRecoverableError: (error, info) => {
          if ((error as { digest?: unknown } | null)?.digest === BROWSER_ONLY_DIGEST) return;
          console.warn('[shell] part of the page was rendered again in the browser:', error, info.componentStack);
        },
      },
    );
  });
}

void start();
