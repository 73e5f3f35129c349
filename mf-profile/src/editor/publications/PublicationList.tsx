import type { Publication } from '@sciexperts/shared';
import { formatPublicationDate, formatWorkType, safeWorkUrl } from '@sciexperts/ui';
import styles from './Publications.module.css';
import utilities from '../../ui/utilities.module.css';

/** The works as ORCID lists them: title (a link when it has a web address), type and publication date. */
export function PublicationList({ works }: { works: Publication[] }) {
  return (
    <ul className={styles.list} aria-label="Publications from ORCID">
      {works.map((work, index) => {
        const url = safeWorkUrl(work.url);
        const type = formatWorkType(work.type);
        const date = formatPublicationDate(work.publicationDate);
        return (
          // ORCID works carry no id here; the stored order is stable, so position plus title is unique enough.
          <li key={`${index}-${work.title}`} className={styles.work}>
            <h3 className={styles.workTitle}>
              {url ? (
                // A new tab keeps the editor open; noopener/noreferrer keep the other site from reaching back.
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {work.title}
                  <span className={utilities.srOnly}> (opens in a new tab)</span>
                </a>
              ) : (
                work.title
              )}
            </h3>
            {(type || date) && (
              <dl className={styles.meta}>
                {type && (
                  <div>
                    <dt>Type</dt>
                    <dd>{type}</dd>
                  </div>
                )}
                {date && (
                  <div>
                    <dt>Published</dt>
                    <dd>
                      <time dateTime={date.iso}>{date.text}</time>
                    </dd>
                  </div>
                )}
              </dl>
            )}
          </li>
        );
      })}
    </ul>
  );
}
