import { Link } from '@sciexperts/shared/router';
import styles from './SiteFooter.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <nav aria-label="Footer">
        <ul className={styles.links}>
          <li><Link to="/how-it-works">How it Works</Link></li>
          <li><Link to="/join-expert">Join as expert</Link></li>
          <li><Link to="/concierge">Concierge Services</Link></li>
          <li><Link to="/blog">Blog</Link></li>
          <li><Link to="/faq">FAQ</Link></li>
          <li><Link to="/developers">Developers</Link></li>
          <li><Link to="/terms">User Agreement</Link></li>
          <li><Link to="/privacy-policy">Privacy Policy</Link></li>
          <li><Link to="/cookie-policy">Cookie Policy</Link></li>
        </ul>
      </nav>
      <p className={styles.copy}>© {new Date().getFullYear()} SciExperts</p>
    </footer>
  );
}
