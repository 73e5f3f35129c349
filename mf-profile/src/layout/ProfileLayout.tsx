import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { accountApi, signOut, useAuth } from '@sciexperts/shared';
import { profilePages } from './profilePages';
import styles from './ProfileLayout.module.css';

// Skeleton layout: sidebar and a minimal header; the profile issue completes header, toggle and menus.
export function ProfileLayout() {
  const firstName = useAuth((state) => state.user?.firstName ?? '');
  const navigate = useNavigate();
  const logout = async () => {
    await accountApi.logout().catch(() => undefined);
    signOut();
    navigate('/');
  };
  return (
    <div className={styles.layout}>
      <nav aria-label="Profile" className={styles.sidebar}>
        <ul>
          {profilePages
            .filter((page) => page.navLabel)
            .map((page) => (
              <li key={page.path}>
                <NavLink end to={`/profile${page.path ? `/${page.path}` : ''}`}>
                  {page.navLabel}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <header className={styles.header}>
          <span>Hi, {firstName}!</span>
          <button type="button" onClick={() => void logout()}>
            Logout
          </button>
        </header>
        <main className={styles.main}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
