// The federation side of `@sciexperts/chat-embed` (served as /sciexperts-chat-runtime.js, an ES module): the loader
// imports it only once a member is signed in, so the partner's page downloads the federation runtime and the chat
// when they are needed and never learns about either. It loads `mf_chat/mount` from this remote's manifest, the way
// the integrator example does, and mounts the chat where the loader says.
import { createInstance } from '@module-federation/enhanced/runtime';
import type { DirectMessageProps, ExposedModuleExports } from '@sciexperts/shared';

type MountModule = ExposedModuleExports['mf_chat/mount'];

let loading: Promise<MountModule> | null = null;

/** `mf_chat/mount`, loaded once per page from `chatOrigin`'s manifest. */
function loadMount(chatOrigin: string): Promise<MountModule> {
  loading ??= (async () => {
    const federation = createInstance({ name: 'sciexperts_chat_embed', remotes: [{ name: 'mf_chat', entry: new URL('/mf-manifest.json', chatOrigin).href }] });
    const mod = await federation.loadRemote<MountModule>('mf_chat/mount');
    if (!mod) throw new Error('mf_chat/mount is not exposed');
    return mod;
  })();
  loading.catch(() => {
    loading = null; // a failed load (network) may be tried again by the next mount
  });
  return loading;
}

/** Renders the chat into `element`; resolves to the function that removes it. */
export async function mountChat(chatOrigin: string, element: Element, options: DirectMessageProps): Promise<() => void> {
  const { mount } = await loadMount(chatOrigin);
  return mount(element, options);
}
