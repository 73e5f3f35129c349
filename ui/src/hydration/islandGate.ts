import type { ComponentType } from 'react';
import { islandsReleased, PENDING_ISLAND_SELECTOR } from '@sciexperts/shared';

/**
 * One island's code, shared by every island that loads it: loaded once, on the first call of `open` (a trigger, a
 * render that needs it at once). `ready` settles with it, for the hydrating render that waits for a trigger without
 * starting the load itself; once loaded, `component` lets every later render of it be synchronous.
 */
export class IslandGate<Props> {
  component: ComponentType<Props> | null = null;
  private readonly opened: Promise<ComponentType<Props>>;
  /**
   * What a hydrating island waits for: its code, loaded on a trigger or, once the page starts changing
   * (`islandsReleased`), at once: a navigation waits for every part it reaches to be hydrated.
   */
  readonly ready: Promise<ComponentType<Props>>;
  private loading: Promise<ComponentType<Props>> | null = null;
  private settleOpened!: (component: ComponentType<Props>) => void;

  constructor(private readonly load: () => Promise<ComponentType<Props>>) {
    // A load that fails never settles `opened`: the island keeps its server HTML (links and plain form sends still
    // work), rather than an error taking the page's place.
    this.opened = new Promise((resolve) => {
      this.settleOpened = resolve;
    });
    this.ready = new Promise((resolve) => {
      void this.opened.then(resolve);
      void islandsReleased.then(() => this.open().then(resolve, () => undefined));
    });
  }

  open(): Promise<ComponentType<Props>> {
    if (!this.loading) {
      const loading = this.load().then((component) => {
        this.component = component;
        // Read at once by every later render's `use`, from now on: the promises settle a tick later.
        markFulfilled(loading, component);
        markFulfilled(this.ready, component);
        this.settleOpened(component);
        return component;
      });
      this.loading = loading;
    }
    return this.loading;
  }
}

/**
 * Marks a promise as React's `use` reads a settled one (the two fields it looks for before it waits), so that a
 * render after the code has loaded gets it without suspending. Every render of an island calls `use` on the same
 * promise: React warns about a component that suspended on `use` and then finished without calling it.
 */
function markFulfilled<Value>(promise: Promise<Value>, value: Value): void {
  Object.assign(promise, { status: 'fulfilled', value });
}

/** Keyed by the load function; each value is that function's gate (the types meet in `gateOf`). */
const gates = new WeakMap<object, unknown>();

/** The gate of `load`'s code, the same for every island that passes the same function. */
export function gateOf<Props>(load: () => Promise<ComponentType<Props>>): IslandGate<Props> {
  let gate = gates.get(load) as IslandGate<Props> | undefined;
  if (!gate) {
    gate = new IslandGate(load);
    gates.set(load, gate);
  }
  return gate;
}

/**
 * Whether islands wait in the document's server HTML for their code: a server-rendered page's first load. Anywhere
 * else (the browser renders the page itself, a later navigation, a test) an island's code is worth loading as soon
 * as its module is, so that the part renders with its page rather than after it.
 */
export function islandsWaiting(): boolean {
  return typeof document !== 'undefined' && document.querySelector(PENDING_ISLAND_SELECTOR) !== null;
}
