// A remote's standalone page has no shell to provide the federation runtime core its build leaves out
// (experiments.externalRuntime): this script, loaded before the page's main, provides the whole of it.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
