import { createStore } from 'zustand/vanilla';
import type { RuntimeConfig } from '../contracts';

const defaultConfig: RuntimeConfig = {
  apiBaseUrl: 'http://localhost:3000',
  socketUrl: 'http://localhost:3000',
  oidc: null,
  orcid: null,
};

/** One instance for the shell and every remote (the shared package is a federation singleton). */
export const runtimeConfigStore = createStore<RuntimeConfig>(() => defaultConfig);

export function configureRuntime(config: Partial<RuntimeConfig>): void {
  runtimeConfigStore.setState({ ...runtimeConfigStore.getState(), ...config }, true);
}

export function getRuntimeConfig(): RuntimeConfig {
  return runtimeConfigStore.getState();
}
