import { Link, useLocation } from '@sciexperts/shared/router';
import styles from './StatusPage.module.css';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code> yet. It may have moved, or it is still being built.
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
