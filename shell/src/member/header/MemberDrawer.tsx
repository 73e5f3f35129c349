import { useEffect } from 'react';
import { Link } from '@sciexperts/shared/router';
import { Modal } from '@sciexperts/ui';
import { Icon } from '../../ui/Icon';
import { MemberNavList } from '../MemberNavList';
import type { AnyMemberPage } from '../memberPages';
import { MessagesLink } from './MessagesLink';
import { RoleSwitch, type DashboardMode } from './RoleSwitch';
import type { UserMenuItem } from './UserMenu';
import styles from './MemberDrawer.module.css';

interface Props {
  id: string;
  greeting: string;
  pages: AnyMemberPage[];
  mode: DashboardMode;
  onModeChange: (mode: DashboardMode) => void;
  menuItems: UserMenuItem[];
  onClose: () => void;
}

// The width from which the header shows everything itself (MemberHeader.module.css).
const WIDE = '(min-width: 768px)';

/**
 * The phone's member menu: what the desktop header and sidebar show, in a modal drawer (the page behind is inert,
 * Tab stays inside, Escape or a press beside it closes it, and the focus returns to the button that opened it).
 * Every choice closes it. The bell stays in the header, where its count is seen and its arrivals are announced.
 */
export function MemberDrawer({ id, greeting, pages, mode, onModeChange, menuItems, onClose }: Props) {
  // Turning a tablet to landscape past the breakpoint hides the drawer's button: close rather than leave a modal up.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(WIDE);
    const onChange = () => {
      if (wide.matches) onClose();
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [onClose]);

  return (
    <Modal id={id} aria-label="Profile menu" className={styles.backdrop} onDismiss={onClose} dismissOnBackdrop>
      <div className={styles.drawer}>
        <div className={styles.top}>
          <p className={styles.greeting}>{greeting}</p>
          <button type="button" className={styles.close} aria-label="Close menu" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className={styles.mode}>
          <RoleSwitch
            mode={mode}
            onChange={(next) => {
              onClose();
              onModeChange(next);
            }}
          />
        </div>
        <nav aria-label="Profile">
          <MemberNavList pages={pages} mode={mode} listClassName={styles.list} linkClassName={styles.link} onNavigate={onClose} />
        </nav>
        <ul className={`${styles.list} ${styles.account}`}>
          <li>
            <Link to="/profile" className={styles.link} onClick={onClose}>
              <Icon name="user" />
              <span>My profile</span>
            </Link>
          </li>
          <li>
            <MessagesLink className={styles.link} showLabel onClick={onClose} />
          </li>
          {menuItems.map((item) => (
            <li key={item.label}>
              <button
                type="button"
                className={styles.link}
                onClick={() => {
                  onClose();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
