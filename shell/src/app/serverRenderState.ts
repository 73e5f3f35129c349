import type { RuntimeConfig } from '@sciexperts/shared';

/** The id of the data block in which the shell's server tells the browser what it rendered (composeDocument). */
export const SERVER_RENDER_STATE_ID = 'server-render';

/**
 * The digest the server gives a part it leaves to the browser by design (a remote without a server build). The
 * browser's hydration reports such a part as a recoverable error carrying this digest, and does not warn of it.
 */
export const BROWSER_ONLY_DIGEST = 'sciexperts:browser-only-remote';

export interface ServerRenderState {
  /** Exposed modules the page rendered: loaded before hydrating. */
  remotes: string[];
  /** The page data the server rendered with (`usePageData`), by key. */
  data: Record<string, unknown>;
  /**
   * The registry (/remotes.json) and runtime configuration (/runtime-config.json) the page was rendered with:
   * the browser starts with them instead of fetching both before it can load the page's modules.
   */
  registry?: unknown;
  runtimeConfig?: Partial<RuntimeConfig>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

let read: { state: ServerRenderState | null } | undefined;

/** What the shell's server said about the page it rendered, or null when the page is rendered here (read once). */
export function readServerRenderState(): ServerRenderState | null {
  read ??= { state: parseServerRenderState() };
  return read.state;
}

function parseServerRenderState(): ServerRenderState | null {
  const block = document.getElementById(SERVER_RENDER_STATE_ID);
  if (!block?.textContent) return null;
  try {
    const state = JSON.parse(block.textContent) as Partial<ServerRenderState>;
    if (!Array.isArray(state.remotes)) return null;
    return {
      remotes: state.remotes.filter((id): id is string => typeof id === 'string'),
      data: isRecord(state.data) ? state.data : {},
      // Both or neither: the registry alone would leave the configuration to a fetch that could disagree.
      ...(isRecord(state.registry) && isRecord(state.runtimeConfig) ? { registry: state.registry, runtimeConfig: state.runtimeConfig as Partial<RuntimeConfig> } : {}),
    };
  } catch {
    return null;
  }
}
