import styles from './Form.module.css';

interface Props {
  status?: string | null;
  error?: string | null;
}

/**
 * The two live regions of a form. They stay in the page while empty so that screen readers
 * announce the text the moment it appears (a region inserted together with its text is often missed).
 */
export function FormMessages({ status = null, error = null }: Props) {
  return (
    <>
      <p role="status" className={styles.status}>
        {status}
      </p>
      <p role="alert" className={styles.error}>
        {error}
      </p>
    </>
  );
}
