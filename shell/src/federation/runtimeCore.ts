import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The names of the runtime core a remote's entry reads from the page (its `@module-federation/runtime` and the
 * webpack bundler runtime import exactly these; runtimeCore.test.ts checks them against the installed runtime).
 * Handing remotes the whole namespace, as the runtime's own `provideExternalRuntime` does, would undo the tree
 * shaking of the shell's build: named imports keep the shell's cost to this object (decision 0021).
 */
export const providedRuntimeCore = {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

interface RuntimeCoreGlobal {
  _FEDERATION_RUNTIME_CORE?: unknown;
  _FEDERATION_RUNTIME_CORE_FROM?: { name: string; version: string };
}

/**
 * Makes the shell's runtime core the page's: remotes built with `experiments.externalRuntime` read it from this
 * global instead of each carrying a copy (about 10 KB brotli per remote entry). Call before any remote loads.
 */
export function provideRuntimeCore(version: string): void {
  const global = CurrentGlobal as unknown as RuntimeCoreGlobal;
  global._FEDERATION_RUNTIME_CORE = providedRuntimeCore;
  global._FEDERATION_RUNTIME_CORE_FROM = { name: 'shell', version };
}

/** `major.minor` of a version string; a patch release keeps the runtime core's interface. */
const minorOf = (version: string) => version.split('.').slice(0, 2).join('.');

export const runtimeMismatchMessage = (remote: string, built: string, provided: string) =>
  `${remote} was built with federation runtime ${built}, but this page provides ${provided}: release it again with ${minorOf(provided)}.x`;

/**
 * Refuses, before its entry is fetched, a remote built with another minor version of the federation runtime:
 * its entry would call the page's runtime core through an interface that may have changed. The error reaches
 * the remote's region like any load failure. A manifest that names no version (a hand-written container
 * uses no runtime core) passes.
 */
export function runtimeVersionGuard(version: string): ModuleFederationRuntimePlugin {
  return {
    name: 'sciexperts-runtime-version-guard',
    loadRemoteSnapshot(args) {
      const built = args.manifestJson?.metaData?.pluginVersion;
      if (typeof built === 'string' && built !== '' && minorOf(built) !== minorOf(version)) {
        throw new Error(runtimeMismatchMessage(args.moduleInfo.name, built, version));
      }
      return args;
    },
  };
}
