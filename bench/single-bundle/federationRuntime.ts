// Stands in for @module-federation/enhanced/runtime in the single-bundle benchmark build, which has no federation:
// plugins have nothing to attach to, and a remote's module is a direct import (directRemotes.ts).
import { loadRemoteModule } from './directRemotes';

export function registerPlugins(): void {}

export function registerRemotes(): void {}

export function loadRemote<T>(id: string): Promise<T> {
  return loadRemoteModule<T>(id);
}

export function getInstance(): undefined {
  return undefined;
}
