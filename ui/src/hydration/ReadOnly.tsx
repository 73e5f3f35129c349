import { Suspense, use, useMemo, type HTMLAttributes, type ReactNode } from 'react';
import { ISLAND, islandsReleased } from '@sciexperts/shared';
import { useIsBrowserHydrating } from './useIsHydrating';
import styles from './hydration.module.css';

/**
 * Keeps the server's HTML: while React hydrates, the part waits until the page starts changing (`islandsReleased`,
 * the shell's first navigation), so React leaves the dehydrated boundary around it as the server rendered it. Then
 * it hydrates, which the navigation needs (a transition waits for every part it reaches to be hydrated). Anywhere
 * else (the server, a page the browser renders, a later navigation) it renders its children.
 */
function ServerHtmlKept({ children }: { children: ReactNode }) {
  if (useIsBrowserHydrating()) use(islandsReleased);
  return children;
}

/**
 * A part of a public page that is only read (text, pictures, plain links): React does not hydrate it on the page's
 * first load, so its components cost no script time there; the shell routes the links inside it (decision 0020,
 * "Round three"). It must hold nothing a person operates with script: an island goes beside it, not inside.
 *
 * `element`: the attributes of an element of the page's own to hold the part (an accordion's answer region, whose
 * `hidden` changes), instead of a wrapper with no box: that element is hydrated, what is inside it is not. Its
 * children must then be the same object from one render to the next (memoised by the caller).
 */
export function ReadOnly({ children, element }: { children: ReactNode; element?: HTMLAttributes<HTMLDivElement> }) {
  // Kept while `children` is the same object: an update that reached the part before it is hydrated would make React
  // render it afresh, so a caller whose element's attributes change passes the same children (see `element`).
  const part = useMemo(
    () => (
      <Suspense fallback={null}>
        <ServerHtmlKept>{children}</ServerHtmlKept>
      </Suspense>
    ),
    [children],
  );
  return (
    <div {...element} {...{ [ISLAND.readOnlyAttribute]: '' }} className={element ? element.className : styles.contents}>
      {part}
    </div>
  );
}
