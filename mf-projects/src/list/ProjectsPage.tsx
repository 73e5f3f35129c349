import { Link, useSearchParams } from '@sciexperts/shared/router';
import { useAuth } from '@sciexperts/shared';
import { PageMeta } from '@sciexperts/ui';
import { CREATE_PROJECT_PATH, PROJECTS_PATH } from '../routing';
import { hasFilters, parseListState } from './listState';
import { Placeholders } from './Placeholders';
import { ProjectList } from './ProjectList';
import styles from './List.module.css';

export const PROJECTS_DESCRIPTION =
  'Open scientific projects from research teams and companies: data science, statistics, medical writing and more. Find one that fits your expertise and send a proposal.';

/**
 * /projects: open public projects. Signed out, teasers and a prompt to sign in (details are for members);
 * signed in, cards that open each project. Filtered lists are left out of search indexes; the plain list is canonical.
 */
export function ProjectsPage() {
  const [params] = useSearchParams();
  const filtered = hasFilters(parseListState(params));
  const authStatus = useAuth((state) => state.status);
  const signedIn = useAuth((state) => state.token !== null);
  return (
    <div className={styles.page}>
      <PageMeta title="Projects" description={PROJECTS_DESCRIPTION} path={PROJECTS_PATH} noIndex={filtered} />
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>Projects</h1>
          <p className={styles.lead}>Open projects from research teams and companies looking for scientific expertise. Find one that fits your skills and send a proposal.</p>
        </div>
        <Link to={CREATE_PROJECT_PATH} className={styles.postLink}>
          Post a project
        </Link>
      </div>
      {/* The stored session is read once at start-up; until then neither list is the right one to ask for. */}
      {authStatus === 'loading' ? <Placeholders count={4} /> : <ProjectList audience={signedIn ? 'member' : 'public'} />}
    </div>
  );
}
