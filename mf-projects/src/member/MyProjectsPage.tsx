import { Link } from '@sciexperts/shared/router';
import { useAuth } from '@sciexperts/shared';
import { PROJECT_STATUSES, projectsApi, type Contract, type Project, type ProjectStatus } from '@sciexperts/shared/member';
import { CREATE_PROJECT_PATH } from '../routing';
import { useLoad } from '../ui/useLoad';
import { ContractRow } from './ContractRow';
import { EmptyState } from './EmptyState';
import { Loaded } from './Loaded';
import { MemberPageTitle } from './MemberPageTitle';
import { MemberSection } from './MemberSection';
import { OwnProjectRow } from './OwnProjectRow';
import styles from './Member.module.css';

export const STATUS_GROUP_TITLES: Record<ProjectStatus, string> = {
  draft: 'Drafts',
  open: 'Open',
  'in-progress': 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

function OwnProjects({ projects }: { projects: Project[] }) {
  if (projects.length === 0) return <EmptyState text="You have not posted a project yet." link={{ to: CREATE_PROJECT_PATH, label: 'Post your first project' }} />;
  return (
    <>
      {PROJECT_STATUSES.map((status) => {
        const group = projects.filter((project) => project.status === status);
        if (group.length === 0) return null;
        return (
          <MemberSection key={status} title={STATUS_GROUP_TITLES[status]} count={group.length}>
            <ul className={styles.rows}>
              {group.map((project) => (
                <OwnProjectRow key={project.id} project={project} />
              ))}
            </ul>
          </MemberSection>
        );
      })}
    </>
  );
}

function Contracts({ contracts, memberId }: { contracts: Contract[]; memberId: number | null }) {
  const asClient = contracts.filter((contract) => contract.clientId === memberId);
  const asExpert = contracts.filter((contract) => contract.expertId === memberId);
  if (asClient.length + asExpert.length === 0) return <EmptyState text="No contracts yet. When you hire an expert, or a client hires you, the contract is listed here." />;
  return (
    <>
      {asClient.length > 0 ? (
        <MemberSection title="As client" headingLevel={3} count={asClient.length}>
          <ul className={styles.rows}>
            {asClient.map((contract) => (
              <ContractRow key={contract.id} contract={contract} as="client" />
            ))}
          </ul>
        </MemberSection>
      ) : null}
      {asExpert.length > 0 ? (
        <MemberSection title="As expert" headingLevel={3} count={asExpert.length}>
          <ul className={styles.rows}>
            {asExpert.map((contract) => (
              <ContractRow key={contract.id} contract={contract} as="expert" />
            ))}
          </ul>
        </MemberSection>
      ) : null}
    </>
  );
}

/**
 * /profile/my-projects: the member's own projects by status (drafts first, as the next thing to finish), with the
 * proposals that are new on the open ones, and then their contracts on either side.
 */
export function MyProjectsPage() {
  const memberId = useAuth((state) => state.user?.id ?? null);
  const projects = useLoad(() => projectsApi.mine(), `mine:${memberId ?? ''}`);
  const contracts = useLoad(() => projectsApi.myContracts(), `contracts:${memberId ?? ''}`);
  return (
    <div className={styles.page}>
      <MemberPageTitle title="My Projects" />
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>My Projects</h1>
          <p className={styles.lead}>The projects you posted and the contracts you are part of.</p>
        </div>
        <Link to={CREATE_PROJECT_PATH} className={styles.primaryLink}>
          Post a project
        </Link>
      </div>
      <Loaded load={projects}>{(data) => <OwnProjects projects={data.results} />}</Loaded>
      <MemberSection title="Contracts">
        <Loaded load={contracts}>{(data) => <Contracts contracts={data.results} memberId={memberId} />}</Loaded>
      </MemberSection>
    </div>
  );
}
