import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { isMenu, navigation, requestServiceLink } from './navigation';
import styles from './MobileDrawer.module.css';

interface Props {
  id: string;
  signedIn: boolean;
  onLogin: () => void;
  onLogout: () => void;
  onClose: () => void;
}

/** The mobile menu: a modal dialog repeating the navigation, with Login/Logout and Request a service. */
export function MobileDrawer({ id, signedIn, onLogin, onLogout, onClose }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  // The parent passes a new onClose each render; a ref keeps focus from jumping back to the first link.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      // Keep focus inside the open drawer.
      const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>('a, button'));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        id={id}
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Site menu"
        className={styles.drawer}
        onClick={(event) => event.stopPropagation()}
      >
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
    </div>
  );
}
