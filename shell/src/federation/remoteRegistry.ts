import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { MemberAreaPageEntry, RemoteRegistry, RemoteRegistryEntry } from '@sciexperts/shared';
import { setPreviewedRemotes, setRemoteVersions } from './releaseReports';

// Where each remote lives is data (/remotes.json), so releasing or moving a remote never rebuilds the shell.
const registered = new Map<string, RemoteRegistryEntry>();

/**
 * A registry entry may also name the member-area pages its remote fills (decision 0008), and the release the page
 * server chose for this visitor (`version`, decision 0049; absent: the built remote).
 */
export type RegistryEntryWithPages = RemoteRegistryEntry & { pages?: unknown; version?: unknown; preview?: unknown };

/** A page of the member area that came from the registry, with the remote that contributed it. */
export interface RegistryPage extends MemberAreaPageEntry {
  remote: string;
}

let registryPages: RegistryPage[] = [];
const pageListeners = new Set<() => void>();

const PAGE_PATH = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

function isRegistry(value: unknown): value is RemoteRegistry {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as RemoteRegistry).remotes) &&
    (value as RemoteRegistry).remotes.every((r) => typeof r?.name === 'string' && typeof r?.entry === 'string')
  );
}

/**
 * The pages an entry contributes. A malformed page is left out (and said so in the console) rather than
 * failing the whole registry, and a remote may only name its own exposes: the registry cannot make one
 * remote's page load another remote's module.
 */
export function pagesOf(entry: RegistryEntryWithPages): RegistryPage[] {
  if (entry.pages === undefined) return [];
  if (!Array.isArray(entry.pages)) {
    console.warn(`[shell] ${entry.name}: "pages" must be a list; ignored`);
    return [];
  }
  const pages: RegistryPage[] = [];
  for (const page of entry.pages as Array<Partial<Record<keyof MemberAreaPageEntry, unknown>> | null>) {
    const { path, title, navLabel, module } = page ?? {};
    const valid =
      typeof path === 'string' &&
      PAGE_PATH.test(path) &&
      typeof title === 'string' &&
      title.trim() !== '' &&
      typeof navLabel === 'string' &&
      typeof module === 'string' &&
      module.startsWith(`${entry.name}/`) &&
      module.length > entry.name.length + 1;
    if (valid) pages.push({ path, title, navLabel, module, remote: entry.name });
    else console.warn(`[shell] ${entry.name}: a member-area page is malformed or names another remote's module; ignored`, page);
  }
  return pages;
}

export async function loadRegistry(): Promise<void> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The remote registry answered ${response.status}`);
  applyRegistry(await response.json());
}

/** Registers the remotes of a registry (/remotes.json's content, or the one a server-rendered page carries). */
export function applyRegistry(registry: unknown): void {
  if (!isRegistry(registry)) throw new Error('The remote registry is malformed');
  const entries = registry.remotes as RegistryEntryWithPages[];
  // The runtime gets exactly { name, entry }: `pages` is the shell's business, not the federation runtime's.
  registerRemotes(entries.map(({ name, entry }) => ({ name, entry })));
  for (const remote of entries) registered.set(remote.name, { name: remote.name, entry: remote.entry });
  setRemoteVersions(entries);
  setPreviewedRemotes(entries);
  registryPages = entries.flatMap(pagesOf);
  for (const listener of pageListeners) listener();
}

/** The member-area pages the registry contributes, in registry order (for useSyncExternalStore). */
export function getRegistryPages(): RegistryPage[] {
  return registryPages;
}

export function subscribeRegistryPages(listener: () => void): () => void {
  pageListeners.add(listener);
  return () => pageListeners.delete(listener);
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
