import { Link, useLocation } from '@sciexperts/shared/router';
import { PageMeta } from '../head/PageMeta';
import styles from './Page.module.css';

export interface Suggestion {
  label: string;
  path: string;
}

/**
 * What a page shows for a slug it does not know: inside the page (the shell matched the route), with the
 * pages that do exist, and kept out of search indexes.
 */
export function InPageNotFound({ what, suggestions, suggestionsTitle }: { what: string; suggestions: Suggestion[]; suggestionsTitle: string }) {
  const { pathname } = useLocation();
  return (
    <>
      <PageMeta title={`${what} not found`} description={`There is no ${what.toLowerCase()} at this address.`} path={pathname} noIndex />
      <section className={styles.intro} aria-labelledby="not-found-title">
        <div className={styles.introInner}>
          <h1 id="not-found-title" className={styles.title}>
            {what} not found
          </h1>
          <p className={styles.lead}>
            There is no {what.toLowerCase()} at <code>{pathname}</code>. The link may be mistyped, or the page may have moved.
          </p>
        </div>
      </section>
      <div className={styles.body}>
        <section className={styles.block} aria-labelledby="not-found-suggestions">
          <h2 id="not-found-suggestions">{suggestionsTitle}</h2>
          <ul className={styles.list}>
            {suggestions.map((suggestion) => (
              <li key={suggestion.path}>
                <Link to={suggestion.path}>{suggestion.label}</Link>
              </li>
            ))}
          </ul>
          <p>
            Or go to the <Link to="/">home page</Link>, or ask our <Link to="/concierge">concierge team</Link> to find the right expert for you.
          </p>
        </section>
      </div>
    </>
  );
}
