// The integrator example's only script (no inline code, so a strict CSP holds): it loads the chat the way an
// integrator would, through the federation runtime and the remote's manifest, and mounts it into #chat.
import { createInstance } from '@module-federation/enhanced/runtime';
import type { DirectMessageProps, ExposedModuleExports } from '@sciexperts/shared';

type MountModule = ExposedModuleExports['mf_chat/mount'];

const here = new URL(document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : document.baseURI);
const manifest = new URL('mf-manifest.json', here).href;
const federation = createInstance({ name: 'chat_embed_example', remotes: [{ name: 'mf_chat', entry: manifest }] });

const form = document.getElementById('chat-settings') as HTMLFormElement | null;
const target = document.getElementById('chat');
const status = document.getElementById('chat-status');
let unmount: (() => void) | null = null;

function readOptions(source: URLSearchParams): DirectMessageProps {
  const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  return {
    apiBaseUrl: source.get('api') || undefined,
    socketUrl: source.get('socket') || source.get('api') || undefined,
    token: source.get('token') || undefined,
    userId: num(source.get('user')),
    counterpartId: num(source.get('with')),
  };
}

async function start(params: URLSearchParams): Promise<void> {
  if (!target) return;
  const options = readOptions(params);
  if (!options.token || options.userId === undefined) {
    if (status) status.textContent = 'Enter an API address, a token and your member id to start.';
    return;
  }
  if (status) status.textContent = 'Loading the chat…';
  try {
    const mod = await federation.loadRemote<MountModule>('mf_chat/mount');
    if (!mod) throw new Error('mf_chat/mount is not exposed');
    unmount?.();
    unmount = mod.mount(target, options);
    if (status) status.textContent = '';
  } catch (error) {
    if (status) status.textContent = `The chat could not be loaded: ${(error as Error).message}`;
  }
}

if (form) {
  const params = new URLSearchParams(window.location.search);
  for (const name of ['api', 'token', 'user', 'with']) {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement && params.get(name)) input.value = params.get(name) ?? '';
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === 'string' && value.trim()) values.set(key, value.trim());
    window.history.replaceState(null, '', `?${values.toString()}`);
    void start(values);
  });
  void start(params);
}
