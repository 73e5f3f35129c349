// Stands in for the chat's runtime (/sciexperts-chat-runtime.js) in the loader's tests: records what the loader mounts.
import type { DirectMessageProps } from '../../../shared/src/contracts/exposes';

export const mounts: Array<{ chatOrigin: string; element: Element; options: DirectMessageProps; unmounted: boolean }> = [];

export async function mountChat(chatOrigin: string, element: Element, options: DirectMessageProps): Promise<() => void> {
  const entry = { chatOrigin, element, options, unmounted: false };
  mounts.push(entry);
  element.textContent = 'chat';
  return () => {
    entry.unmounted = true;
  };
}
