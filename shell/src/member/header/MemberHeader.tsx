import { useCallback, useId, useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import { Icon } from '../../ui/Icon';
import type { AnyMemberPage } from '../memberPages';
import { MemberDrawer } from './MemberDrawer';
import { MessagesLink } from './MessagesLink';
import { NotificationsButton } from '../notifications/NotificationsButton';
import { RoleSwitch, type DashboardMode } from './RoleSwitch';
import { UserMenu, type UserMenuItem } from './UserMenu';
import styles from './MemberHeader.module.css';

interface Props {
  title: string;
  firstName: string;
  mode: DashboardMode;
  onModeChange: (mode: DashboardMode) => void;
  menuItems: UserMenuItem[];
  /** For the phone drawer, which carries the sidebar's links. */
  pages: AnyMemberPage[];
}

/**
 * The member area's header (on /profile paths it takes the place of the public one). Below 768 px it is one line,
 * like the public header: the drawer button, the title and the bell; the switch, the profile and chat links, the
 * user menu and the sidebar's links are in the drawer. CSS decides which controls show, so nothing moves after the
 * first paint.
 */
export function MemberHeader({ title, firstName, mode, onModeChange, menuItems, pages }: Props) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const greeting = firstName ? `Hi, ${firstName}!` : 'Hi!';
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  return (
    <header className={styles.header}>
      <button
        type="button"
        className={styles.drawerButton}
        aria-label="Profile menu"
        aria-expanded={drawerOpen}
        aria-controls={drawerOpen ? drawerId : undefined}
        onClick={() => setDrawerOpen(true)}
      >
        <Icon name="menu" />
      </button>
      {/* Not a heading: every page renders its own h1, and two headings with one name would confuse. */}
      <p className={styles.title}>{title}</p>
      <div className={styles.tools}>
        <div className={styles.wideOnly}>
          <RoleSwitch mode={mode} onChange={onModeChange} />
          <Link to="/profile" className={styles.iconButton} aria-label="My profile">
            <Icon name="user" />
          </Link>
          <MessagesLink />
        </div>
        <NotificationsButton />
        <div className={styles.wideOnly}>
          <UserMenu label={greeting} items={menuItems} />
        </div>
      </div>
      {drawerOpen ? (
        <MemberDrawer
          id={drawerId}
          greeting={greeting}
          pages={pages}
          mode={mode}
          onModeChange={onModeChange}
          menuItems={menuItems}
          onClose={closeDrawer}
        />
      ) : null}
    </header>
  );
}
