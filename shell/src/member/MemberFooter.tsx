import { Link } from '@sciexperts/shared/router';
import styles from './MemberLayout.module.css';

// The spec's five footer links, to the content pages mf-marketing provides.
const footerLinks = [
  { to: '/faq', label: 'Frequently Asked Questions' },
  { to: '/terms', label: 'User Agreement' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/blog', label: 'Blog' },
];

export function MemberFooter() {
  return (
    <footer className={styles.footer}>
      <nav aria-label="Footer">
        <ul className={styles.footerLinks}>
          {footerLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
