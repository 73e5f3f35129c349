import { NavLink } from '@sciexperts/shared/router';
import { isMenu, navigation, requestServiceLink } from './navigation';
import { NavDropdown } from './NavDropdown';
import styles from './NavBar.module.css';

export function NavBar() {
  return (
    <nav aria-label="Main" className={styles.nav}>
      <ul className={styles.list}>
        {navigation.map((entry) =>
          isMenu(entry) ? (
            <li key={entry.label}>
              <NavDropdown menu={entry} />
            </li>
          ) : (
            <li key={entry.to}>
              <NavLink to={entry.to} className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}>
                {entry.label}
              </NavLink>
            </li>
          ),
        )}
      </ul>
      <NavLink to={requestServiceLink.to} className={styles.cta}>
        {requestServiceLink.label}
      </NavLink>
    </nav>
  );
}
