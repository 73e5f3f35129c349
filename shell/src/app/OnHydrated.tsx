import { useEffect, useState, type ReactNode } from 'react';
import { releaseEarlyInteractions } from './earlyInteractions';

/**
 * Wraps the hydrating page. After the root's hydrating commit it marks the document `data-hydrated`, the moment
 * the page became interactive (for monitoring and the e2e tests), and replays the clicks and submissions held
 * meanwhile. React may still be hydrating a part (a Suspense boundary) then; an event on such a part makes
 * React hydrate it first and replays it itself.
 *
 * The replay waits one render: the page's fields hand what was typed before hydration to their state in the
 * hydrating commit's effects (useEarlyInput), which run before this one's, and this component's own update
 * renders in the same pass as theirs. Replayed at once, a search typed and sent before hydration was sent with
 * the empty state the page hydrated with.
 */
export function OnHydrated({ children }: { children: ReactNode }) {
  const [fieldsSettled, setFieldsSettled] = useState(false);
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
    setFieldsSettled(true);
  }, []);
  useEffect(() => {
    if (fieldsSettled) releaseEarlyInteractions();
  }, [fieldsSettled]);
  return children;
}
