import { Link } from '@sciexperts/shared/router';
import { Icon } from '../../ui/Icon';
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
}

/** The member area's header (on /profile paths it takes the place of the public one). */
export function MemberHeader({ title, firstName, mode, onModeChange, menuItems }: Props) {
  return (
    <header className={styles.header}>
      {/* Not a heading: every page renders its own h1, and two headings with one name would confuse. */}
      <p className={styles.title}>{title}</p>
      <div className={styles.tools}>
        <RoleSwitch mode={mode} onChange={onModeChange} />
        <Link to="/profile" className={styles.iconButton} aria-label="My profile">
          <Icon name="user" />
        </Link>
        <MessagesLink />
        <NotificationsButton />
        <UserMenu label={firstName ? `Hi, ${firstName}!` : 'Hi!'} items={menuItems} />
      </div>
    </header>
  );
}
