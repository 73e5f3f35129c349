import { ProjectMeta } from './ProjectMeta';
import styles from './Project.module.css';
import { LoadFailed } from '../ui/LoadFailed';

/** The project could not be loaded (server down, offline): the reason and a retry. */
export function LoadErrorState({ path, message, onRetry }: { path: string; message: string; onRetry: () => void }) {
  return (
    <div className={styles.page}>
      <ProjectMeta title="Project could not be loaded" path={path} />
      <h1 className={styles.title}>We could not load this project</h1>
      <LoadFailed message={message} onRetry={onRetry} />
    </div>
  );
}
