import { useMemo } from 'react';
import { Link, useParams } from '@sciexperts/shared/router';
import { PageMeta, ReadOnly } from '@sciexperts/ui';
import { SEARCH_PATH, subjectPath } from '../routing';
import { SearchView, type LockedFilters } from '../search/SearchView';
import { findSubject, SUBJECTS } from './subjects';
import styles from '../search/Search.module.css';

/** /find-an-expert/subject/:slug: what the subject covers, then the search narrowed to its service. */
export function SubjectPage() {
  const { slug } = useParams();
  const subject = findSubject(slug);
  const locked = useMemo<LockedFilters>(() => ({ service: subject?.service }), [subject]);

  if (!subject) {
    return (
      <div className={styles.page}>
        <PageMeta title="Subject not found" description="We have no page for this subject. Search the whole directory of freelance scientific experts, or choose one of our subjects." path={SEARCH_PATH} noIndex />
        <h1 className={styles.title}>We have no page for this subject</h1>
        <p className={styles.lead}>
          The link may be old or mistyped. You can <Link to={SEARCH_PATH} className={styles.textLink}>search the whole directory</Link> or choose a subject below.
        </p>
        <nav aria-label="Subjects">
          <ul className={styles.subjectList}>
            {SUBJECTS.map((s) => (
              <li key={s.slug}>
                <Link to={subjectPath(s.slug)} className={styles.textLink}>
                  {s.heading}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageMeta title={subject.title} description={subject.description} path={subjectPath(subject.slug)} />
      <ReadOnly>
        <h1 className={styles.title}>{subject.heading}</h1>
        {subject.intro.map((paragraph) => (
          <p key={paragraph.slice(0, 24)} className={styles.lead}>
            {paragraph}
          </p>
        ))}
      </ReadOnly>
      <SearchView locked={locked} />
      <ReadOnly>
      <nav className={styles.related} aria-label="Related subjects">
        <h2>Related subjects</h2>
        <ul>
          {subject.related.map((slug) => {
            const related = findSubject(slug);
            return related ? (
              <li key={slug}>
                <Link to={subjectPath(slug)} className={styles.textLink}>
                  {related.heading}
                </Link>
              </li>
            ) : null;
          })}
          <li>
            <Link to={SEARCH_PATH} className={styles.textLink}>
              All experts
            </Link>
          </li>
        </ul>
      </nav>
      </ReadOnly>
    </div>
  );
}
