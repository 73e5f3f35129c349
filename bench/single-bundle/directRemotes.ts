// Stands in for shell/src/federation/remoteRegistry in the single-bundle benchmark build.
// Every module a remote exposes lives in its src/exposes folder, so lazy webpack contexts over those folders
// keep this build in step with the remotes' exposes maps without a hand-kept list.
interface LazyContext {
  keys(): string[];
  (request: string): Promise<unknown>;
}
declare global {
  // webpack only recognises the literal call `import.import.meta.webpackContext(...)`, so it is typed here rather than aliased.
  interface ImportMeta {
    webpackContext(directory: string, options: { recursive: boolean; regExp: RegExp; mode: 'lazy' }): LazyContext;
  }
}

const contexts: Record<string, LazyContext> = {
  mf_marketing: import.meta.webpackContext('../../mf-marketing/src/exposes', { recursive: false, regExp: /\.tsx?$/, mode: 'lazy' }),
  mf_auth: import.meta.webpackContext('../../mf-auth/src/exposes', { recursive: false, regExp: /\.tsx?$/, mode: 'lazy' }),
  mf_chat: import.meta.webpackContext('../../mf-chat/src/exposes', { recursive: false, regExp: /\.tsx?$/, mode: 'lazy' }),
  mf_profile: import.meta.webpackContext('../../mf-profile/src/exposes', { recursive: false, regExp: /\.tsx?$/, mode: 'lazy' }),
  mf_directory: import.meta.webpackContext('../../mf-directory/src/exposes', { recursive: false, regExp: /\.tsx?$/, mode: 'lazy' }),
};

export async function loadRegistry(): Promise<void> {}

export function applyRegistry(): void {}

export async function loadRemoteModule<T>(id: string): Promise<T> {
  const [remote, exposed] = id.split('/');
  const context = remote ? contexts[remote] : undefined;
  const key = context?.keys().find((k) => k.replace(/^\.\//, '').replace(/\.tsx?$/, '') === exposed);
  if (!context || !key) throw new Error(`${id} is not part of the single bundle`);
  return (await context(key)) as T;
}

export async function resetRemote(): Promise<void> {}

/** No registry: no member-area pages come from it. */
const noRegistryPages: never[] = [];
export const getRegistryPages = () => noRegistryPages;
export const subscribeRegistryPages = () => () => undefined;
