import { NavLink } from '@sciexperts/shared/router';
import { FREELANCER_DASHBOARD, OWNER_DASHBOARD, profileHref, type AnyMemberPage } from './memberPages';
import type { DashboardMode } from './header/RoleSwitch';

interface Props {
  pages: AnyMemberPage[];
  mode: DashboardMode;
  listClassName?: string;
  linkClassName?: string;
  /** After a link is chosen (the phone drawer closes). */
  onNavigate?: () => void;
}

/**
 * The member pages' links, generated from the page list like the routes, so every link has a route. The desktop
 * sidebar and the phone drawer both render it, each in its own look.
 */
export function MemberNavList({ pages, mode, listClassName, linkClassName, onNavigate }: Props) {
  return (
    <ul className={listClassName}>
      {pages
        .filter((page) => page.navLabel)
        .map((page) => {
          // "Dashboard" follows the Freelancer / Project Owner switch.
          const path = page.path === FREELANCER_DASHBOARD && mode === 'owner' ? OWNER_DASHBOARD : page.path;
          return (
            <li key={page.path}>
              {/* A page with pages below it stays the current one on them (a contract in the workspace). */}
              <NavLink end={!page.subPages} to={profileHref(path)} className={linkClassName} onClick={onNavigate}>
                {page.navLabel}
              </NavLink>
            </li>
          );
        })}
    </ul>
  );
}
