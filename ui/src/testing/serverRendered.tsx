// Test helpers for what happens to a server-rendered page before and during hydration. Tests only: never imported
// by a bundle (the package exports them as '@sciexperts/ui/testing').
import { act, startTransition, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { setServerRendering } from '@sciexperts/shared';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { EarlyInputElement } from '../field/useEarlyInput';

/** The page as the server sends it: `ui` rendered to HTML in a container in the document, with no React attached. */
export function renderAsServer(ui: ReactNode): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  return container;
}

/**
 * The page as the shell's server sends it: rendered once every lazy part has loaded (React's `prerender`, as the
 * page server), in a container in the document, with no React attached. Islands need this: their code is lazy.
 */
export async function prerenderAsServer(ui: ReactNode): Promise<HTMLElement> {
  // React's Node server schedules its work with setImmediate, which jsdom leaves out; React's client scheduler has
  // already chosen its own timer by then, so giving the server one here changes nothing else.
  const withImmediate = globalThis as { setImmediate?: (callback: () => void) => unknown };
  withImmediate.setImmediate ??= (callback) => setTimeout(callback, 0);
  setServerRendering(true);
  let prelude: ReadableStream<Uint8Array>;
  try {
    ({ prelude } = await prerender(ui));
  } finally {
    setServerRendering(false);
  }
  const html = await new Response(prelude).text();
  // React's server renderer leaves the last contexts it entered (a router's, say) set on the context objects it shares
  // with the browser renderer in this one process, and leaves them only when its next render starts: an empty one,
  // so that hydrating under the same router does not find itself "inside another router".
  await prerender(<></>);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/**
 * What a person does to a field before the page's scripts have run: the browser changes its value and fires
 * `input` and `change`, which nothing handles yet.
 */
export function typeBeforeHydration(field: EarlyInputElement, value: string): void {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Hydrates the server's markup with `ui` as the shell does (in a transition), and waits until it is committed. */
export async function hydrate(container: HTMLElement, ui: ReactNode, onRecoverableError?: (error: unknown) => void): Promise<Root> {
  // What @testing-library/react sets on import: React then expects its updates inside act() and flushes them there.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  let root: Root | undefined;
  await act(async () => {
    startTransition(() => {
      root = hydrateRoot(container, ui, onRecoverableError ? { onRecoverableError } : undefined);
    });
  });
  return root!;
}
