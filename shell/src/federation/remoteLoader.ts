import { createContext, type ComponentType } from 'react';
import { loadRemoteModule } from './remoteRegistry';

/** Where `<RemoteComponent>` gets exposed components from: federation in the browser, server builds on the server. */
export interface RemoteLoader {
  /** A component already loaded, rendered at once instead of suspending. */
  cached(id: string): ComponentType<object> | undefined;
  load(id: string): Promise<ComponentType<object>>;
}

// Components already loaded, by id: a page shown again (the member area remounts each page) renders at once
// instead of suspending for a tick and flashing 'Loading', and a page the server rendered hydrates in one pass
// (bootstrap loads its modules first). Only successes are kept, so Retry always refetches.
const loaded = new Map<string, ComponentType<object>>();

export const browserRemoteLoader: RemoteLoader = {
  cached: (id) => loaded.get(id),
  async load(id) {
    const module = await loadRemoteModule<{ default: ComponentType<object> }>(id);
    loaded.set(id, module.default);
    return module.default;
  },
};

/** For tests that load one id with different outcomes. */
export function forgetLoadedRemoteComponents(): void {
  loaded.clear();
}

export const RemoteLoaderContext = createContext<RemoteLoader>(browserRemoteLoader);
