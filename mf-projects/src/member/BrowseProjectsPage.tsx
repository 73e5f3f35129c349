import { useAuth } from '@sciexperts/shared';
import { ProjectList } from '../list/ProjectList';
import { MemberPageTitle } from './MemberPageTitle';
import styles from './Member.module.css';

/**
 * /profile/browse-projects: the open projects for a member, narrowed by default to the services an expert offers
 * on their profile (the choice is kept in the URL, ?matching=0 or ?matching=1, once it differs from that default).
 */
export function BrowseProjectsPage() {
  // The stored user may predate the field (sessions kept from older releases), so its absence reads as none.
  const offersServices = useAuth((state) => (state.user?.offeredServices?.length ?? 0) > 0);
  return (
    <div className={styles.page}>
      <MemberPageTitle title="Browse Projects" />
      <h1 className={styles.title}>Browse Projects</h1>
      <p className={styles.lead}>
        {offersServices ? 'Open projects, starting with those for the services you offer.' : 'Open projects from research teams and companies. Open one to read the brief and send a proposal.'}
      </p>
      <ProjectList audience="member" matchingDefault={offersServices} />
    </div>
  );
}
