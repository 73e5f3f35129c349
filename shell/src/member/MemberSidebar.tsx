import { useId, useState } from 'react';
import { NavLink } from '@sciexperts/shared/router';
import { Icon } from '../ui/Icon';
import { FREELANCER_DASHBOARD, OWNER_DASHBOARD, profileHref, type AnyMemberPage } from './memberPages';
import type { DashboardMode } from './header/RoleSwitch';
import styles from './MemberSidebar.module.css';

/**
 * The sidebar is generated from the member pages, like the routes, so every link has a route. Below 768 px the list
 * collapses behind a labelled button; choosing a page closes it again.
 */
export function MemberSidebar({ pages, mode }: { pages: AnyMemberPage[]; mode: DashboardMode }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav aria-label="Profile" className={styles.sidebar}>
      <p className={styles.brand}>SciExperts</p>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        <Icon name="menu" />
        <span>Profile menu</span>
      </button>
      <ul id={listId} className={open ? `${styles.list} ${styles.open}` : styles.list}>
        {pages
          .filter((page) => page.navLabel)
          .map((page) => {
            // "Dashboard" follows the Freelancer / Project Owner switch.
            const path = page.path === FREELANCER_DASHBOARD && mode === 'owner' ? OWNER_DASHBOARD : page.path;
            return (
              <li key={page.path}>
                {/* A page with pages below it stays the current one on them (a contract in the workspace). */}
                <NavLink end={!page.subPages} to={profileHref(path)} className={styles.link} onClick={() => setOpen(false)}>
                  {page.navLabel}
                </NavLink>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
