// The remotes' server builds, loaded at run time from where the registry says each remote lives, as the
// browser loads their remote entries: a remote's new release is rendered by the next request, and the shell
// is never rebuilt for it. Each file and manifest is revalidated on every use (a 304 costs a local round trip).
import { builtinModules } from 'node:module';
import vm from 'node:vm';
import { ISLAND, SERVER_PUBLIC_PATH_GLOBAL, type RemoteRegistryEntry, type RemoteServerBuild } from '@sciexperts/shared';

/** The modules a remote's server build is given for its shared imports: the shell server's own instances. */
export type SharedModules = Readonly<Record<string, unknown>>;

interface Cached<T> {
  etag: string | null;
  value: T;
  /** Its server said `Cache-Control: immutable` (a file named by its content's hash): never asked for again. */
  immutable?: boolean;
}

/** Where a remote's server build lives: `server/render.js` beside its manifest. */
export const serverBuildUrl = (entry: RemoteRegistryEntry): string => new URL('server/render.js', entry.entry).href;

/** Stylesheets a page server keeps in memory: every page's of several releases of every remote (a few KB each). */
export const STYLESHEETS_KEPT = 512;

interface ManifestExpose {
  path?: string;
  assets?: { css?: { sync?: string[]; async?: string[] } };
}

export class RemoteServerBuilds {
  private readonly builds = new Map<string, Cached<RemoteServerBuild | null>>();
  private readonly manifests = new Map<string, Cached<ManifestExpose[]>>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly stylesheets = new Map<string, Cached<string | null>>();

  constructor(
    private readonly shared: SharedModules,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The remote's server build, or null when the remote publishes none (its pages render in the browser). */
  build(entry: RemoteRegistryEntry): Promise<RemoteServerBuild | null> {
    const url = serverBuildUrl(entry);
    return this.revalidate(url, this.builds, (code) => this.evaluate(code, url, new URL('./', entry.entry).href), null);
  }

  /**
   * The stylesheets an exposed module needs before it paints, from the remote's manifest, as absolute URLs: its own,
   * and its islands' (chunks named `ISLAND.chunkPrefix`), whose server HTML is on screen long before their code loads
   * (decision 0020): without their styles it would show unstyled, then move when the code brought them.
   */
  async exposeStylesheets(entry: RemoteRegistryEntry, expose: string): Promise<string[]> {
    const exposes = await this.revalidate(entry.entry, this.manifests, (text) => (JSON.parse(text) as { exposes?: ManifestExpose[] }).exposes ?? [], []);
    const found = exposes.find((candidate) => candidate.path === expose);
    const islands = (found?.assets?.css?.async ?? []).filter((file) => (file.split('/').pop() ?? '').startsWith(ISLAND.chunkPrefix));
    return [...(found?.assets?.css?.sync ?? []), ...islands].map((file) => new URL(file, entry.entry).href);
  }

  /**
   * A stylesheet's text, for the page to carry inline (decision 0020, "Round five"); null when it cannot be read now
   * (the page then links it). A file its server calls immutable (named by its content's hash) is fetched once; any
   * other is revalidated on each use, as the builds and manifests are. The cache keeps the most recently used
   * `STYLESHEETS_KEPT`: each release adds files, and a long-running server would otherwise keep every release's.
   */
  async stylesheetText(url: string): Promise<string | null> {
    const kept = this.stylesheets.get(url);
    if (kept) {
      // Most recently used last: the first entry is the one to drop.
      this.stylesheets.delete(url);
      this.stylesheets.set(url, kept);
    }
    try {
      return await this.revalidate(url, this.stylesheets, (text) => text, null);
    } catch {
      return null;
    } finally {
      for (const oldest of this.stylesheets.keys()) {
        if (this.stylesheets.size <= STYLESHEETS_KEPT) break;
        this.stylesheets.delete(oldest);
      }
    }
  }

  /**
   * One conditional GET per use, none for what its server called immutable; concurrent uses of one URL share it. A
   * 404 means "none" (`missing`).
   */
  private revalidate<T>(url: string, cache: Map<string, Cached<T>>, parse: (body: string) => T, missing: T): Promise<T> {
    const kept = cache.get(url);
    if (kept?.immutable) return Promise.resolve(kept.value);
    const pending = this.inFlight.get(url) as Promise<T> | undefined;
    if (pending) return pending;
    const work = (async () => {
      const cached = cache.get(url);
      const response = await this.fetchImpl(url, {
        headers: cached?.etag ? { 'If-None-Match': cached.etag } : {},
        signal: AbortSignal.timeout(3000),
      });
      if (response.status === 304 && cached) return cached.value;
      if (response.status === 404) {
        cache.set(url, { etag: null, value: missing });
        return missing;
      }
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const value = parse(await response.text());
      cache.set(url, { etag: response.headers.get('etag'), value, immutable: /\bimmutable\b/.test(response.headers.get('cache-control') ?? '') });
      return value;
    })().finally(() => this.inFlight.delete(url));
    this.inFlight.set(url, work);
    return work;
  }

  /**
   * Runs a CommonJS server build. Its shared imports get the shell server's instances (one React renders the
   * whole page, as in the browser); Node's built-in modules are allowed; anything else is a build error.
   */
  private evaluate(code: string, filename: string, publicPath: string): RemoteServerBuild {
    const requireShared = (request: string): unknown => {
      if (Object.hasOwn(this.shared, request)) return this.shared[request];
      const builtin = request.replace(/^node:/, '');
      if (builtinModules.includes(builtin)) return process.getBuiltinModule(builtin);
      throw new Error(`${filename} requires "${request}", which is neither shared nor built into Node`);
    };
    const module = { exports: {} as Partial<RemoteServerBuild> };
    const run = vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename }) as (
      exports: object,
      require: (request: string) => unknown,
      module: { exports: object },
    ) => void;
    const globals = globalThis as Record<string, unknown>;
    globals[SERVER_PUBLIC_PATH_GLOBAL] = publicPath;
    try {
      run(module.exports, requireShared, module);
    } finally {
      delete globals[SERVER_PUBLIC_PATH_GLOBAL];
    }
    if (typeof module.exports.modules !== 'object' || module.exports.modules === null) throw new Error(`${filename} exports no modules`);
    return module.exports as RemoteServerBuild;
  }
}
