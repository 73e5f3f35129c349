import type { ComponentType } from 'react';
import { Island } from './Island';
import { gateOf, islandsWaiting } from './islandGate';

/**
 * A component that renders `load`'s component as an island named `name` (see `Island`). Its module must be
 * imported only through `load`, so that the bundler gives it a chunk of its own.
 *
 * Unless islands wait in the server's HTML when this runs (a server-rendered page's first load), the code starts
 * loading now: the browser renders this page itself, or the module came with a navigation, and the part should
 * render with its page.
 */
export function defineIsland<Props extends object>(name: string, load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  if (typeof document !== 'undefined' && !islandsWaiting()) gateOf(load).open().catch(() => undefined);
  function DefinedIsland(props: Props) {
    return <Island name={name} load={load} props={props} />;
  }
  DefinedIsland.displayName = `Island(${name})`;
  return DefinedIsland;
}
