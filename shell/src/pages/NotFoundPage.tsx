import { Link, useLocation } from '@sciexperts/shared/router';
import { PageMeta } from '@sciexperts/ui';
import styles from './StatusPage.module.css';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      {/* The tab and a search engine read it as what it is: no page here, not to be indexed. */}
      <PageMeta title="Page not found" description="There is no page at this address on SciExperts." path={pathname} noIndex />
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
