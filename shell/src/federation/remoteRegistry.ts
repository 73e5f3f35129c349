import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteRegistry, RemoteRegistryEntry } from '@sciexperts/shared';

// Where each remote lives is data (/remotes.json), so releasing or moving a remote never rebuilds the shell.
const registered = new Map<string, RemoteRegistryEntry>();

function isRegistry(value: unknown): value is RemoteRegistry {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as RemoteRegistry).remotes) &&
    (value as RemoteRegistry).remotes.every((r) => typeof r?.name === 'string' && typeof r?.entry === 'string')
  );
}

export async function loadRegistry(): Promise<void> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The remote registry answered ${response.status}`);
  const registry: unknown = await response.json();
  if (!isRegistry(registry)) throw new Error('The remote registry is malformed');
  registerRemotes(registry.remotes);
  for (const remote of registry.remotes) registered.set(remote.name, remote);
}

/** Loads `remote/ExposedModule`; throws when the remote or the module is unavailable. */
export async function loadRemoteModule<T>(id: string): Promise<T> {
  const remoteName = id.split('/')[0] ?? id;
  if (!registered.has(remoteName)) await loadRegistry();
  const module = await loadRemote<T>(id);
  if (!module) throw new Error(`${id} could not be loaded`);
  return module;
}

/** Forgets a failed remote so the next load fetches its manifest and entry again. */
export async function resetRemote(id: string): Promise<void> {
  const remoteName = id.split('/')[0] ?? id;
  const entry = registered.get(remoteName);
  if (entry) {
    registerRemotes([entry], { force: true });
  } else {
    await loadRegistry().catch(() => undefined);
  }
}
