/** The id of the data block in which the shell's server tells the browser what it rendered (composeDocument). */
export const SERVER_RENDER_STATE_ID = 'server-render';

export interface ServerRenderState {
  /** Exposed modules the page rendered: loaded before hydrating. */
  remotes: string[];
  /** The page data the server rendered with (`usePageData`), by key. */
  data: Record<string, unknown>;
}

/** What the shell's server said about the page it rendered, or null when the page is rendered here. */
export function readServerRenderState(): ServerRenderState | null {
  const block = document.getElementById(SERVER_RENDER_STATE_ID);
  if (!block?.textContent) return null;
  try {
    const state = JSON.parse(block.textContent) as Partial<ServerRenderState>;
    if (!Array.isArray(state.remotes)) return null;
    const data = typeof state.data === 'object' && state.data !== null && !Array.isArray(state.data) ? state.data : {};
    return { remotes: state.remotes.filter((id): id is string => typeof id === 'string'), data };
  } catch {
    return null;
  }
}
