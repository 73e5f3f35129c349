import { Suspense, use, type ReactNode } from 'react';
import { ISLAND } from '@sciexperts/shared';
import { useIsBrowserHydrating } from './useIsHydrating';
import styles from './hydration.module.css';

/** Settles never: a part that waits on it keeps its server HTML for good. */
const NEVER: Promise<never> = new Promise<never>(() => undefined);

/**
 * Keeps the server's HTML: while React hydrates, the part waits on a promise that never settles, so React leaves
 * the dehydrated boundary around it as the server rendered it. Anywhere else (the server, a page the browser
 * renders, a later navigation, or React rendering the part again because something above it changed) it renders
 * its children.
 */
function ServerHtmlKept({ children }: { children: ReactNode }) {
  if (useIsBrowserHydrating()) use(NEVER);
  return children;
}

/**
 * A part of a public page that is only read (text, pictures, plain links): React does not hydrate it on the page's
 * first load, so its components cost no script time there; the shell routes the links inside it (decision 0020,
 * "Round three"). It must hold nothing a person operates with script: an island goes beside it, not inside.
 */
export function ReadOnly({ children }: { children: ReactNode }) {
  return (
    <div {...{ [ISLAND.readOnlyAttribute]: '' }} className={styles.contents}>
      <Suspense fallback={null}>
        <ServerHtmlKept>{children}</ServerHtmlKept>
      </Suspense>
    </div>
  );
}
