import '@sciexperts/shared/styles/tokens.css';
import { createRoot } from 'react-dom/client';
import { configureRuntime, startAuthSync, type RuntimeConfig } from '@sciexperts/shared';
import { loadRegistry } from './federation/remoteRegistry';
import { registerIdentitySignOut } from './federation/identitySession';
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
  registerIdentitySignOut();
  const [config] = await Promise.all([fetchRuntimeConfig(), loadRegistry().catch(() => undefined)]);
  if (config) configureRuntime(config);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(<App />);
}

void start();
