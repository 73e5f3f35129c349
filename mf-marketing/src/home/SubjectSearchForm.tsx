import { useId, type FormEvent } from 'react';
import { useNavigate } from '@sciexperts/shared/router';
import styles from './Home.module.css';

export const FIND_EXPERT_PATH = '/find-an-expert';

/**
 * The hero's subject search: hands the text to the expert search page. It reads the field from the form, not
 * from state, so text typed before the page was hydrated counts; without scripts the form itself goes there.
 */
export function SubjectSearchForm() {
  const inputId = useId();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(query ? `${FIND_EXPERT_PATH}?q=${encodeURIComponent(query)}` : FIND_EXPERT_PATH);
  };

  return (
    <form role="search" aria-label="Find an expert by subject" className={styles.searchForm} action={FIND_EXPERT_PATH} method="get" onSubmit={onSubmit}>
      <label htmlFor={inputId} className={styles.searchLabel}>
        What subject do you need help with?
      </label>
      <div className={styles.searchRow}>
        <input
          id={inputId}
          type="search"
          name="q"
          className={styles.searchInput}
          placeholder="e.g. biostatistics, food science"
          autoComplete="off"
        />
        <button type="submit" className={styles.searchButton}>
          Search
        </button>
      </div>
    </form>
  );
}
