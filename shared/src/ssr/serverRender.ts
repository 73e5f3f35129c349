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

let release: () => void = () => undefined;

/**
 * Settles when the page that arrived as HTML starts changing (the shell's first navigation): from then on, every
 * read-only part and island of it hydrates. React must then be able to hydrate them: an update that reaches a part
 * it has not hydrated makes React try to hydrate it first, and a transition (a navigation) waits for that, for ever
 * if the part waited on a promise that never settles. One promise for every slice (the shared package is one instance).
 */
export const islandsReleased: Promise<void> = new Promise<void>((resolve) => {
  release = resolve;
});

/** Called by the shell when the page starts to change (a navigation): see `islandsReleased`. */
export function releaseIslands(): void {
  release();
}
