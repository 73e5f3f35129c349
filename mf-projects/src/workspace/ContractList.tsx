import { Link } from '@sciexperts/shared/router';
import { useAuth } from '@sciexperts/shared';
import { projectsApi } from '@sciexperts/shared/member';
import { Loaded } from '../member/Loaded';
import { MemberPageTitle } from '../member/MemberPageTitle';
import { BROWSE_PROJECTS_PATH, MY_PROJECTS_PATH } from '../routing';
import { useLoad } from '../ui/useLoad';
import { ContractCard } from './ContractCard';
import styles from './Workspace.module.css';

/** /profile/workspace: every contract the member is a party to, active ones first, each opening its workspace. */
export function ContractList() {
  const viewerId = useAuth((state) => state.user?.id ?? null);
  const contracts = useLoad(() => projectsApi.myContracts(), `contracts:${viewerId ?? ''}`);
  return (
    <div className={styles.page}>
      <MemberPageTitle title="Workspace" />
      <div>
        <h1 className={styles.title}>Workspace</h1>
        <p className={styles.lead}>Your contracts: fund and release milestones, deliver work and follow what happened.</p>
      </div>
      <Loaded load={contracts}>
        {({ results }) =>
          results.length === 0 ? (
            <div className={styles.empty}>
              <p>No contracts yet. When you hire an expert or are hired, the workspace for that project opens here.</p>
              <p className={styles.links}>
                <Link className={styles.textLink} to={MY_PROJECTS_PATH}>
                  My Projects
                </Link>
                <Link className={styles.textLink} to={BROWSE_PROJECTS_PATH}>
                  Browse Projects
                </Link>
              </p>
            </div>
          ) : (
            <ul className={styles.cards} aria-label="Contracts">
              {[...results]
                // Active first; the server's order (newest first) within each group.
                .sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active'))
                .map((contract) => (
                  <ContractCard key={contract.id} contract={contract} viewerId={viewerId} />
                ))}
            </ul>
          )
        }
      </Loaded>
    </div>
  );
}
