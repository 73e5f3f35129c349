let serverRendering = false;

/**
 * Called by the shell's server once, before it renders: every render in that process is a server render. Islands and
 * read-only parts (`@sciexperts/ui`) render in full there and wait for a trigger only while the browser hydrates. A
 * flag of the one shared instance (the server gives every slice's code the same one), not a React context: tests
 * render the server's HTML and hydrate it in one process, where a context's value set by the server renderer was
 * still seen by the hydrating render.
 */
export function setServerRendering(value: boolean): void {
  serverRendering = value;
}

export function isServerRendering(): boolean {
  return serverRendering;
}
