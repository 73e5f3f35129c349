import type { ComponentType } from 'react';
import { Island } from './Island';
import { gateOf, islandInServerHtml } from './islandGate';

/**
 * A component that renders `load`'s component as an island named `name` (see `Island`). Its module must be
 * imported only through `load`, so that the bundler gives it a chunk of its own.
 *
 * Where no such island waits in the server's HTML when this runs (the browser renders the page itself; a module
 * loaded for a later navigation), the code starts loading now, so that the part renders with its page.
 */
export function defineIsland<Props extends object>(name: string, load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  if (typeof document !== 'undefined' && !islandInServerHtml(name)) gateOf(load).open().catch(() => undefined);
  function DefinedIsland(props: Props) {
    return <Island name={name} load={load} props={props} />;
  }
  DefinedIsland.displayName = `Island(${name})`;
  return DefinedIsland;
}
