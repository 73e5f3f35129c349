import '@sciexperts/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { configureRuntime, startAuthSync, type RuntimeConfig } from '@sciexperts/shared';
import { loadRegistry } from './federation/remoteRegistry';
import { registerIdentitySignOut } from './federation/identitySession';
import { retryPlugin } from './federation/retryPlugin';
import { App } from './app/App';

async function fetchRuntimeConfig(): Promise<Partial<RuntimeConfig> | null> {
  try {
    const response = await fetch('/runtime-config.json', { cache: 'no-cache' });
    return response.ok ? ((await response.json()) as Partial<RuntimeConfig>) : null;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  startAuthSync();
  // Before the first remote loads: a dropped manifest or chunk is fetched again before any error region shows.
  registerPlugins([retryPlugin()]);
  registerIdentitySignOut();
  const [config] = await Promise.all([fetchRuntimeConfig(), loadRegistry().catch(() => undefined)]);
  if (config) configureRuntime(config);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(<App />);
}

void start();
