import { Suspense, use, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import { ISLAND } from '@sciexperts/shared';
import { gateOf, type IslandGate } from './islandGate';
import { useIsBrowserHydrating, useIsHydrating } from './useIsHydrating';
import styles from './hydration.module.css';

export interface IslandProps<Props extends object> {
  /** Names the island in the page's markup (`data-island`), for monitoring and tests. */
  name: string;
  /** Its code, in a chunk of its own: `() => import('./SearchForm').then((m) => m.SearchForm)`. */
  load: () => Promise<ComponentType<Props>>;
  props: Props;
}

/** Marks the island's wrapper (hydrated, or failed to load) and tells the shell, which replays what it held there. */
function announce(wrapper: HTMLElement, attribute: string): void {
  wrapper.setAttribute(attribute, '');
  wrapper.dispatchEvent(new CustomEvent(ISLAND.hydratedEvent, { bubbles: true }));
}

/** What starts loading an island's code on a page's first load: whichever comes first. */
const TOUCH_EVENTS = ['pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

/**
 * The island's latest props, outside React's props: a parent's re-render must not reach the island's boundary while
 * it waits to be hydrated (React would render it from scratch, showing nothing until its code has loaded). A hydrated
 * island reads them as a store, so it renders each change as any component would.
 */
class PropsStore<Props> {
  private readonly listeners = new Set<() => void>();
  constructor(private current: Props) {}
  readonly get = (): Props => this.current;
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(next: Props): void {
    if (next === this.current) return;
    this.current = next;
    this.listeners.forEach((listener) => listener());
  }
}

function IslandContent<Props extends object>({ gate, store, element }: { gate: IslandGate<Props>; store: PropsStore<Props>; element: { current: HTMLElement | null } }) {
  const hydrating = useIsBrowserHydrating();
  const props = useSyncExternalStore(store.subscribe, store.get, store.get);
  useEffect(() => {
    const wrapper = element.current;
    if (wrapper && !wrapper.hasAttribute(ISLAND.hydratedAttribute)) announce(wrapper, ISLAND.hydratedAttribute);
  }, [element]);
  // Hydrating: wait for a trigger to have loaded the code (the server HTML stays meanwhile). Anywhere else (the
  // server, a page the browser renders, a navigation): load it now.
  // Always `use`, and last, after every hook: when the code arrives mid-render, React replays this component from
  // its first hook, and each render must make the same hook calls (a hook after a `use` that suspended would be taken
  // for one never mounted). Once the code has loaded, both promises are marked settled and `use` returns at once.
  const Component = use(hydrating ? gate.ready : gate.open());
  return <Component {...props} />;
}

/** The same object while its values are the same: a parent's re-render must not reach a part not yet hydrated. */
function useShallowStable<Value extends object>(value: Value): Value {
  const kept = useRef(value);
  const previous = kept.current;
  const keys = Object.keys(value) as Array<keyof Value>;
  const same = keys.length === Object.keys(previous).length && keys.every((key) => Object.is(value[key], previous[key]));
  if (!same) kept.current = value;
  return kept.current;
}

/**
 * A part of a public page that a person operates (a menu, a search form, a slider). On a page's first load its
 * server HTML shows at once and React hydrates it only once its code has loaded, which starts when the page is
 * idle, when the part first comes into view or when a person touches it, whichever comes first (decision 0020,
 * "Round three"). The shell holds a click or a form sent on it until then and replays it (`ISLAND.hydratedEvent`);
 * what was typed is adopted by the fields (`useEarlyInput`). On the server, and when the browser renders the page
 * itself, the part renders at once.
 *
 * Why not a root per island: the page stays one React tree under the shell's router, so a navigation, the auth
 * state and the page's data reach islands and the rest alike, and nothing is rendered twice.
 */
export function Island<Props extends object>({ name, load, props }: IslandProps<Props>) {
  const gate = gateOf(load);
  const element = useRef<HTMLDivElement>(null);
  const stableProps = useShallowStable(props);
  const [store] = useState(() => new PropsStore(stableProps));
  useLayoutEffect(() => store.set(stableProps), [store, stableProps]);

  useEffect(() => {
    const wrapper = element.current;
    if (!wrapper || gate.component) return;
    let done = false;
    const stop: Array<() => void> = [];
    const open = () => {
      if (done) return;
      done = true;
      stop.forEach((undo) => undo());
      gate.open().catch((error: unknown) => {
        // Nothing will hydrate it: let the shell stop holding what was done there (links and plain sends work).
        console.warn(`[islands] ${name} could not load; its server HTML stays`, error);
        announce(wrapper, ISLAND.failedAttribute);
      });
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(open, { timeout: ISLAND.idleTimeoutMs });
      stop.push(() => cancelIdleCallback(handle));
    } else {
      const handle = setTimeout(open, 0);
      stop.push(() => clearTimeout(handle));
    }
    if (typeof IntersectionObserver === 'function') {
      // The wrapper has no box of its own (display: contents); its children do.
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) open();
      });
      Array.from(wrapper.children).forEach((child) => observer.observe(child));
      stop.push(() => observer.disconnect());
    }
    // On the document, capturing: React's own listener on the page's root stops a focus event that lands on a part
    // it has not hydrated (it replays it later), so a listener on the island itself would never hear it.
    const onTouch = (event: Event) => {
      if (event.target instanceof Node && wrapper.contains(event.target)) open();
    };
    for (const type of TOUCH_EVENTS) {
      document.addEventListener(type, onTouch, { capture: true, passive: true });
      stop.push(() => document.removeEventListener(type, onTouch, { capture: true }));
    }
    return () => {
      done = true;
      stop.forEach((undo) => undo());
    };
  }, [gate, name]);

  // A boundary of its own only for an island hydrated from the server's HTML, where it waits for its code apart
  // from the page. Rendered by the browser (a navigation), it waits with its page instead, under the page's own
  // loading state, so that the page does not show with a hole where the island will be.
  // (On the server too: the markup it sends must have the boundary the browser hydrates.)
  const [ownBoundary] = useState(useIsHydrating());
  // Built once: an update reaching the boundary before it is hydrated would make React render it from scratch.
  const content = useMemo(
    () =>
      ownBoundary ? (
        <Suspense fallback={null}>
          <IslandContent gate={gate} store={store} element={element} />
        </Suspense>
      ) : (
        <IslandContent gate={gate} store={store} element={element} />
      ),
    [gate, store, ownBoundary],
  );
  return (
    <div ref={element} {...{ [ISLAND.attribute]: name }} className={styles.contents}>
      {content}
    </div>
  );
}
