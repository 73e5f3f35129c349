import { PROJECT_MESSAGES } from '@sciexperts/shared/member';
import { Link } from '@sciexperts/shared/router';
import ui from '../ui/Ui.module.css';
import { PROJECTS_PATH } from '../routing';
import { ProjectMeta } from './ProjectMeta';
import styles from './Project.module.css';

/** No such project, or one this member may not see (an invite-only project answers 404 to anyone not invited). */
export function NotFoundState({ path }: { path: string }) {
  return (
    <div className={styles.page}>
      <ProjectMeta title="Project not available" path={path} />
      <h1 className={styles.title}>{PROJECT_MESSAGES.notFound}</h1>
      <p>It may have been removed, or it is open to invited experts only.</p>
      <p>
        <Link to={PROJECTS_PATH} className={ui.textLink}>
          Browse open projects
        </Link>
      </p>
    </div>
  );
}
