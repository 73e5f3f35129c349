import { ProjectMeta } from './ProjectMeta';
import styles from './Project.module.css';

/** While the project loads: a title that says so, and blocks that keep the page's shape. */
export function LoadingState({ path }: { path: string }) {
  return (
    <div className={styles.page} aria-busy="true">
      <ProjectMeta title="Project" path={path} />
      <h1 className={styles.title}>Loading the project…</h1>
      <div className={styles.skeleton} aria-hidden="true" />
      <div className={styles.skeletonShort} aria-hidden="true" />
    </div>
  );
}
