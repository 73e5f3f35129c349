import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { logOut, useAuth } from '@sciexperts/shared';
import { ProfileHeader } from '../header/ProfileHeader';
import { FREELANCER_DASHBOARD, OWNER_DASHBOARD, pageForPath, profileHref } from './profilePages';
import { ProfileFooter } from './ProfileFooter';
import { Sidebar } from './Sidebar';
import { useDashboardMode } from './useDashboardMode';
import styles from './ProfileLayout.module.css';

/**
 * The frame of every /profile page. It makes no API call itself: the greeting comes from the stored
 * user, so the header renders even when the server is unreachable or the token has expired.
 */
export function ProfileLayout() {
  const firstName = useAuth((state) => state.user?.firstName ?? '');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const mode = useDashboardMode(pathname);
  const title = pageForPath(pathname)?.title ?? 'Profile';

  const logout = async () => {
    // Server session, local session and, for identity-provider members, the provider's session (shared logOut).
    await logOut();
    navigate('/');
  };

  return (
    <div className={styles.layout}>
      <Sidebar mode={mode} />
      <div className={styles.content}>
        <ProfileHeader
          title={title}
          firstName={firstName}
          mode={mode}
          onModeChange={(next) => navigate(profileHref(next === 'owner' ? OWNER_DASHBOARD : FREELANCER_DASHBOARD))}
          menuItems={[
            { label: 'View Profile', onSelect: () => navigate('/profile') },
            { label: 'Settings', onSelect: () => navigate('/profile/settings') },
            { label: 'Logout', onSelect: () => void logout() },
          ]}
        />
        <main className={styles.main}>
          <Outlet />
        </main>
        <ProfileFooter />
      </div>
    </div>
  );
}
