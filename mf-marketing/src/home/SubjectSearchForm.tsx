import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styles from './Home.module.css';

export const FIND_EXPERT_PATH = '/find-an-expert';

/** The hero's subject search: hands the text to the expert search page. */
export function SubjectSearchForm() {
  const inputId = useId();
  const navigate = useNavigate();
  const [subject, setSubject] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = subject.trim();
    navigate(query ? `${FIND_EXPERT_PATH}?q=${encodeURIComponent(query)}` : FIND_EXPERT_PATH);
  };

  return (
    <form role="search" aria-label="Find an expert by subject" className={styles.searchForm} onSubmit={onSubmit}>
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
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
        />
        <button type="submit" className={styles.searchButton}>
          Search
        </button>
      </div>
    </form>
  );
}
