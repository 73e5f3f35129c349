import { useId, useState } from 'react';
import { Icon } from '../../ui/Icon';
import styles from './MemberHeader.module.css';

// There is no notification feed yet; the button says so instead of doing nothing.
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={styles.popoverRoot}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <Icon name="bell" />
      </button>
      <div id={panelId} hidden={!open} className={styles.popover}>
        You have no notifications yet.
      </div>
    </div>
  );
}
