import type { ReactNode } from 'react';
import { LoadFailed } from '../ui/LoadFailed';
import { Placeholders } from '../list/Placeholders';
import type { Load } from '../ui/useLoad';
import styles from './Member.module.css';

/**
 * What a member page shows for one load: rows of placeholders while it runs (keeping the space), the server's
 * message and 'Try again' when it fails, the content once it is there.
 */
export function Loaded<T>({ load, rows = 3, children }: { load: Load<T> & { reload: () => void }; rows?: number; children: (data: T) => ReactNode }) {
  if (load.status === 'error') return <LoadFailed message={load.error.message} onRetry={load.reload} />;
  if (load.status === 'ready') return <>{children(load.data)}</>;
  // A reload keeps what was there; only a first load shows placeholders.
  if (load.data === null) {
    return (
      <div aria-busy="true">
        <p className={styles.meta}>Loading…</p>
        <Placeholders count={rows} size="row" />
      </div>
    );
  }
  return <>{children(load.data)}</>;
}
