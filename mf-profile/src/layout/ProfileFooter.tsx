import { Link } from 'react-router-dom';
import styles from './ProfileLayout.module.css';

// These pages are not written yet; the links go to the shell, which shows its not-found page for now.
const footerLinks = [
  { to: '/faq', label: 'Frequently Asked Questions' },
  { to: '/user-agreement', label: 'User Agreement' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/blog', label: 'Blog' },
];

export function ProfileFooter() {
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
