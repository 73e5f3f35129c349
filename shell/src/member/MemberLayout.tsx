import { Outlet, useLocation, useNavigate } from '@sciexperts/shared/router';
import { logOut, useAuth } from '@sciexperts/shared';
import { MemberHeader } from './header/MemberHeader';
import { FREELANCER_DASHBOARD, OWNER_DASHBOARD, pageForPath, profileHref, type AnyMemberPage } from './memberPages';
import { MemberFooter } from './MemberFooter';
import { MemberSidebar } from './MemberSidebar';
import { useDashboardMode } from './useDashboardMode';
import { VerifyEmailBanner } from './VerifyEmailBanner';
import styles from './MemberLayout.module.css';

/**
 * The frame of every /profile page. It makes no API call itself: the greeting comes from the stored
 * user, so the header renders even when the server is unreachable or the token has expired. It loads no
 * remote either: each page loads its own, so a remote that is down costs its page, never the frame.
 */
export function MemberLayout({ pages }: { pages: AnyMemberPage[] }) {
  const firstName = useAuth((state) => state.user?.firstName ?? '');
  const userId = useAuth((state) => state.user?.id);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [mode, chooseMode] = useDashboardMode(pathname, userId);
  const title = pageForPath(pages, pathname)?.title ?? 'Profile';

  const logout = async () => {
    // Server session, local session and, for identity-provider members, the provider's session (shared logOut).
    await logOut();
    navigate('/');
  };

  return (
    <div className={styles.layout}>
      <MemberSidebar pages={pages} mode={mode} />
      <div className={styles.content}>
        <MemberHeader
          title={title}
          firstName={firstName}
          pages={pages}
          mode={mode}
          onModeChange={(next) => {
            chooseMode(next);
            navigate(profileHref(next === 'owner' ? OWNER_DASHBOARD : FREELANCER_DASHBOARD));
          }}
          menuItems={[
            // The member's public profile as visitors see it (the directory's page says when it is hidden).
            { label: 'View Profile', onSelect: () => navigate(userId ? `/experts/${userId}` : '/profile') },
            { label: 'Settings', onSelect: () => navigate('/profile/settings') },
            { label: 'Logout', onSelect: () => void logout() },
          ]}
        />
        <main className={styles.main}>
          <VerifyEmailBanner />
          <Outlet />
        </main>
        <MemberFooter />
      </div>
    </div>
  );
}
