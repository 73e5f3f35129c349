import { useSyncExternalStore } from 'react';
import { isServerRendering } from '@sciexperts/shared';

const subscribeNever = () => () => undefined;

/**
 * True while React hydrates the calling component's part of a server-rendered page, false in a render React makes
 * on its own (a page the browser renders, a later navigation). React answers a store's server snapshot while it
 * hydrates and its client snapshot otherwise, which is exactly this question; on the server it is always true.
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(subscribeNever, answerClient, answerServer);
}

function answerClient(): boolean {
  return false;
}

function answerServer(): boolean {
  return true;
}

/**
 * True while the browser hydrates the calling component's part of a server-rendered page: the moment an island
 * waits for its trigger and a read-only part keeps the server's HTML. False on the shell's server, which renders
 * both in full (`setServerRendering`), and in every render the browser makes on its own.
 */
export function useIsBrowserHydrating(): boolean {
  const hydrating = useIsHydrating();
  return hydrating && !isServerRendering();
}
