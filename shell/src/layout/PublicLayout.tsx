import type { ReactNode } from 'react';
import { Outlet } from '@sciexperts/shared/router';
import { SiteHeader } from './header/SiteHeader';
import { SiteFooter } from './SiteFooter';
import styles from './PublicLayout.module.css';

/** `children`: for a screen shown in the public frame outside the public routes (the identity return). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.layout}>
      <a className={styles.skipLink} href="#main-content">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
