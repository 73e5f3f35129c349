import { useRef, useState } from 'react';
import { Link, useLocation } from '@sciexperts/shared/router';
import { NavBar } from './NavBar';
import { MobileDrawer } from './MobileDrawer';
import { HowItWorksSubHeader } from './HowItWorksSubHeader';
import { Logo } from './Logo';
import { useScrolled } from './useScrolled';
import { useSessionActions } from './useSessionActions';
import styles from './SiteHeader.module.css';

export function SiteHeader() {
  const { pathname } = useLocation();
  const onHowItWorks = pathname === '/how-it-works';
  const scrolled = useScrolled();
  const { signedIn, login, logout } = useSessionActions();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <header className={`${styles.header} ${scrolled || onHowItWorks ? styles.scrolled : ''}`} data-scrolled={scrolled || onHowItWorks}>
      <div className={styles.topBar}>
        <button
          ref={menuButton}
          type="button"
          className={styles.hamburger}
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          aria-controls="mobile-menu"
          onClick={() => setDrawerOpen(true)}
        >
          <span aria-hidden="true" className={styles.hamburgerIcon} />
        </button>
        <Link to="/" className={styles.logoLink} aria-label="SciExperts home">
          <Logo />
        </Link>
        <div className={styles.actions}>
          <Link to="/join-expert" className={styles.joinLink}>
            Join as expert
          </Link>
          {signedIn ? (
            <button type="button" className={styles.sessionButton} onClick={() => void logout()}>
              Logout
            </button>
          ) : (
            <button type="button" className={styles.sessionButton} onClick={login}>
              Login
            </button>
          )}
        </div>
      </div>
      <NavBar />
      {onHowItWorks && <HowItWorksSubHeader />}
      {drawerOpen && (
        <MobileDrawer
          id="mobile-menu"
          signedIn={signedIn}
          onLogin={login}
          onLogout={() => void logout()}
          onClose={() => {
            setDrawerOpen(false);
            menuButton.current?.focus();
          }}
        />
      )}
    </header>
  );
}
