import fs from 'node:fs';
import path from 'node:path';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { provideRuntimeCore, providedRuntimeCore, runtimeMismatchMessage, runtimeVersionGuard } from './runtimeCore';

/** The installed package's folder, found the way Node looks for it (its exports map hides package.json). */
function packageDir(name: string): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed`);
  }
}

/** `import … from "<from>"` statements of an ES module file: named imports, and whether it takes a namespace. */
function importsFrom(file: string, from: string): { names: string[]; namespace: boolean } {
  const source = fs.readFileSync(file, 'utf8');
  const names: string[] = [];
  let namespace = false;
  const quoted = from.replace(/[/.]/g, (c) => `\\${c}`);
  for (const match of source.matchAll(new RegExp(`import\\s+([^;]*?)\\s+from\\s+"${quoted}"`, 'g'))) {
    const clause = match[1] ?? '';
    if (/\*\s+as\s+/.test(clause)) namespace = true;
    for (const named of clause.match(/\{([^}]*)\}/)?.[1]?.split(',') ?? []) {
      const name = named.trim().split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return { names, namespace };
}

/** The runtime files a remote's entry evaluates: the webpack bundler runtime and the runtime subpaths it imports. */
function remoteEntryRuntimeFiles(): string[] {
  const bundlerDist = path.join(packageDir('@module-federation/webpack-bundler-runtime'), 'dist');
  const runtimeDist = path.join(packageDir('@module-federation/runtime'), 'dist');
  const files = fs.readdirSync(bundlerDist).filter((f) => f.endsWith('.js')).map((f) => path.join(bundlerDist, f));
  const subpaths = new Set<string>();
  for (const file of files) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/from\s+"@module-federation\/runtime(\/[a-z-]+)?"/g)) subpaths.add(match[1] ?? '/index');
  }
  const runtimeFiles = [...subpaths].map((subpath) => path.join(runtimeDist, `${subpath.slice(1)}.js`));
  // The runtime's entry imports its own helpers (utils.js …) by relative path.
  for (const file of [...runtimeFiles]) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/from\s+"\.\/([a-z-]+)\.js"/g)) runtimeFiles.push(path.join(runtimeDist, `${match[1]}.js`));
  }
  return [...files, ...new Set(runtimeFiles)];
}

type Guard = Required<Pick<ModuleFederationRuntimePlugin, 'loadRemoteSnapshot'>>;
const snapshotArgs = (pluginVersion?: string) =>
  ({ moduleInfo: { name: 'mf_profile' }, from: 'manifest', manifestJson: pluginVersion === undefined ? undefined : { metaData: { pluginVersion } } }) as unknown as Parameters<Guard['loadRemoteSnapshot']>[0];

describe("the shell's federation runtime core, provided to remotes", () => {
  it('provides every name of the runtime core that a remote entry reads, and never needs the whole namespace', () => {
    const files = remoteEntryRuntimeFiles();
    expect(files.length).toBeGreaterThan(2);
    const needed = new Set<string>();
    for (const file of files) {
      const { names, namespace } = importsFrom(file, '@module-federation/runtime-core');
      expect({ file: path.basename(file), namespace }).toEqual({ file: path.basename(file), namespace: false });
      for (const name of names) needed.add(name);
    }
    expect(needed.size).toBeGreaterThan(5);
    expect([...needed].filter((name) => !(name in providedRuntimeCore))).toEqual([]);
    for (const name of needed) expect(providedRuntimeCore[name as keyof typeof providedRuntimeCore]).toBeDefined();
  });

  it('puts it on the page with the version it was built with', () => {
    provideRuntimeCore('2.9.2');
    const page = globalThis as unknown as { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: unknown };
    expect(page._FEDERATION_RUNTIME_CORE).toBe(providedRuntimeCore);
    expect(page._FEDERATION_RUNTIME_CORE_FROM).toEqual({ name: 'shell', version: '2.9.2' });
  });

  it('refuses a remote built with another minor version of the runtime, with a message that says which', async () => {
    const guard = runtimeVersionGuard('2.9.2') as unknown as Guard;
    await expect(async () => guard.loadRemoteSnapshot(snapshotArgs('2.10.0'))).rejects.toThrow(runtimeMismatchMessage('mf_profile', '2.10.0', '2.9.2'));
    await expect(async () => guard.loadRemoteSnapshot(snapshotArgs('1.9.2'))).rejects.toThrow('release it again with 2.9.x');
  });

  it('lets through a patch release of the same runtime, and a manifest that names no runtime', async () => {
    const guard = runtimeVersionGuard('2.9.2') as unknown as Guard;
    for (const version of ['2.9.2', '2.9.0', '2.9.7', undefined, '']) {
      const args = snapshotArgs(version);
      await expect(Promise.resolve(guard.loadRemoteSnapshot(args))).resolves.toBe(args);
    }
  });
});
