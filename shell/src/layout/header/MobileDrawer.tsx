import { NavLink } from '@sciexperts/shared/router';
import { Modal } from '@sciexperts/ui';
import { isMenu, navigation, requestServiceLink } from './navigation';
import styles from './MobileDrawer.module.css';

interface Props {
  id: string;
  signedIn: boolean;
  onLogin: () => void;
  onLogout: () => void;
  onClose: () => void;
}

/** The mobile menu: a modal dialog repeating the navigation, with Login/Logout and Request a service; a press on the backdrop closes it. */
export function MobileDrawer({ id, signedIn, onLogin, onLogout, onClose }: Props) {
  return (
    <Modal id={id} aria-label="Site menu" className={styles.backdrop} onDismiss={onClose} dismissOnBackdrop>
      <div className={styles.drawer}>
        <button type="button" className={styles.close} aria-label="Close menu" onClick={onClose}>
          ×
        </button>
        <nav aria-label="Mobile">
          <ul className={styles.list}>
            {navigation.map((entry) =>
              isMenu(entry) ? (
                <li key={entry.label}>
                  <span className={styles.groupLabel}>{entry.label}</span>
                  <ul className={styles.subList}>
                    {entry.items.map((item) => (
                      <li key={item.to}>
                        <NavLink to={item.to} className={styles.link} onClick={onClose}>
                          {item.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={entry.to}>
                  <NavLink to={entry.to} className={styles.link} onClick={onClose}>
                    {entry.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className={styles.actions}>
          <NavLink to={requestServiceLink.to} className={styles.cta} onClick={onClose}>
            {requestServiceLink.label}
          </NavLink>
          {signedIn ? (
            <button type="button" className={styles.session} onClick={() => { onClose(); onLogout(); }}>
              Logout
            </button>
          ) : (
            <button type="button" className={styles.session} onClick={() => { onClose(); onLogin(); }}>
              Login
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}
