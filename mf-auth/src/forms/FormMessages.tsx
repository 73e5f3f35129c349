import { LiveMessage } from '@sciexperts/ui';
import styles from './Form.module.css';

interface Props {
  status?: string | null;
  error?: string | null;
}

/** The two live regions of a form (the shared `LiveMessage`): in the page while empty, so their text is announced. */
export function FormMessages({ status = null, error = null }: Props) {
  return (
    <>
      <LiveMessage className={styles.status} message={status} />
      <LiveMessage role="alert" className={styles.error} message={error} />
    </>
  );
}
