import { hiddenBySciExperts, type Project } from '@sciexperts/shared/member';
import { ReportButton } from '@sciexperts/ui';
import { ExpertView } from './ExpertView';
import { OwnerView } from './OwnerView';
import { ProjectDetails } from './ProjectDetails';
import { ProjectMeta } from './ProjectMeta';
import styles from './Project.module.css';
import { LoadFailed } from '../ui/LoadFailed';

interface Props {
  project: Project;
  path: string;
  /** A reload is under way (the page stays, marked busy). */
  reloading: boolean;
  /** The last reload failed (the page keeps what it showed). */
  reloadError: string | null;
  reload: () => void;
  /** Puts a project the client already knows in place of the shown one (no round trip). */
  replaceProject: (project: Project) => void;
}

/** The project in full, then what the member can do on it: the owner manages it, anyone else may propose. */
export function ProjectView({ project, path, reloading, reloadError, reload, replaceProject }: Props) {
  return (
    <div className={styles.page} aria-busy={reloading}>
      <ProjectMeta title={project.title} path={path} />
      {reloadError ? (
        <LoadFailed message={reloadError} onRetry={reload} />
      ) : null}
      {project.hiddenBySciExperts ? (
        <p className={styles.hiddenNotice} role="note">
          <strong>{hiddenBySciExperts(project.hiddenBySciExperts.reason)}</strong> The project is out of the project list and search, and only you (and an expert you hired on it) can open
          this page. To appeal, answer the e-mail we sent you.
        </p>
      ) : null}
      <ProjectDetails project={project} />
      {project.viewer.isOwner ? null : (
        <div className={styles.reportLine}>
          <ReportButton targetType="project" targetId={project.id} what="this project" />
        </div>
      )}
      {project.viewer.isOwner ? (
        <OwnerView project={project} reloadProject={reload} />
      ) : (
        <ExpertView project={project} reloadProject={reload} replaceProject={replaceProject} />
      )}
    </div>
  );
}
