import type { ReactNode } from 'react';
import { Outlet } from '@sciexperts/shared/router';
import { defineIsland, ReadOnly } from '@sciexperts/ui';
import { SiteFooter } from './SiteFooter';
import styles from './PublicLayout.module.css';

/**
 * The header's menus, drawer and sign-in button: an island (decision 0020, "Round three"), hydrated once its code
 * has loaded; it is in view on every page, so that starts as soon as the page is hydrated.
 */
const SiteHeaderIsland = defineIsland('site-header', () => import(/* webpackChunkName: "island-site-header" */ './header/SiteHeader').then((m) => m.SiteHeader));

/** `children`: for a screen shown in the public frame outside the public routes (the identity return). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.layout}>
      <a className={styles.skipLink} href="#main-content">
        Skip to content
      </a>
      <SiteHeaderIsland />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <ReadOnly>
        <SiteFooter />
      </ReadOnly>
    </div>
  );
}
