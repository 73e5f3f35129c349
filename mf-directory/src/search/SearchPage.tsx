import { Link, useSearchParams } from '@sciexperts/shared/router';
import { PageMeta, ReadOnly } from '@sciexperts/ui';
import { SEARCH_PATH, subjectPath } from '../routing';
import { SUBJECTS } from '../subjects/subjects';
import { parseSearch, serialiseSearch } from './searchState';
import { SearchView } from './SearchView';
import styles from './Search.module.css';

export const SEARCH_DESCRIPTION =
  'Search vetted freelance scientists and research experts by subject, service, practice area, hourly fee and country, then message them directly.';

/** /find-an-expert: the directory's search. Searches with a query are left out of indexes; the plain page is canonical. */
export function SearchPage() {
  const [params] = useSearchParams();
  const state = parseSearch(params);
  const narrowed = serialiseSearch(state).toString() !== '';
  const title = state.q ? `Experts for “${state.q}”` : state.service ? `${state.service} experts` : 'Find an expert';
  return (
    <div className={styles.page}>
      <PageMeta title={title} description={SEARCH_DESCRIPTION} path={SEARCH_PATH} noIndex={narrowed} />
      <ReadOnly>
        <h1 className={styles.title}>Find an expert</h1>
        <p className={styles.lead}>Search freelance scientists and research specialists, compare their services and fees, and message the one who fits your project.</p>
      </ReadOnly>
      <SearchView />
      <ReadOnly>
      <nav className={styles.related} aria-labelledby="directory-subjects">
        <h2 id="directory-subjects">Browse experts by subject</h2>
        <ul>
          {SUBJECTS.map((subject) => (
            <li key={subject.slug}>
              <Link to={subjectPath(subject.slug)} className={styles.textLink}>
                {subject.heading}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      </ReadOnly>
    </div>
  );
}
