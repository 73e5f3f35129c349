import { Link } from '@sciexperts/shared/router';
import { useAuth } from '@sciexperts/shared';
import { projectsApi, type Project } from '@sciexperts/shared/member';
import { CREATE_PROJECT_PATH, editDraftPath, MY_PROJECTS_PATH } from '../routing';
import { useLoad } from '../ui/useLoad';
import { ContractRow } from './ContractRow';
import { EmptyState } from './EmptyState';
import { Loaded } from './Loaded';
import { MemberPageTitle } from './MemberPageTitle';
import { MemberSection } from './MemberSection';
import { NextCallPanel } from './NextCallPanel';
import { OwnProjectRow } from './OwnProjectRow';
import { ShortList } from './ShortList';
import styles from './Member.module.css';

/** Open projects, those with proposals not yet looked at first (the order is otherwise the server's, newest first). */
function openFirstNew(projects: Project[]): Project[] {
  return projects.filter((project) => project.status === 'open').sort((a, b) => Number(b.newProposalCount > 0) - Number(a.newProposalCount > 0));
}

/**
 * /profile/project-owner-dashboard: the owner's open projects with their new proposals, the work under contract,
 * the drafts to finish, and posting a new project. Projects and contracts load separately.
 */
export function OwnerDashboard() {
  const memberId = useAuth((state) => state.user?.id ?? null);
  const key = String(memberId ?? '');
  const projects = useLoad(() => projectsApi.mine(), `mine:${key}`);
  const contracts = useLoad(() => projectsApi.myContracts(), `contracts:${key}`);

  const open = projects.data ? openFirstNew(projects.data.results) : null;
  const drafts = projects.data?.results.filter((project) => project.status === 'draft') ?? null;
  const hiring = contracts.data?.results.filter((item) => item.status === 'active' && item.clientId === memberId) ?? null;

  return (
    <div className={styles.page}>
      <MemberPageTitle title="Project Owner Dashboard" />
      <div>
        <h1 className={styles.title}>Project Owner Dashboard</h1>
        <p className={styles.lead}>Your open projects and the proposals they received, the experts working for you, and your drafts.</p>
      </div>
      <div className={styles.callToAction}>
        <p>Need scientific expertise? Describe your project and receive proposals from experts.</p>
        <Link to={CREATE_PROJECT_PATH} className={styles.primaryLink}>
          Post a project
        </Link>
      </div>
      <div className={styles.dashboard}>
        <MemberSection look="panel" title="Open projects" count={open?.length ?? null} link={{ to: MY_PROJECTS_PATH, label: 'All my projects' }}>
          <Loaded load={projects}>
            {() => (
              <ShortList
                items={open ?? []}
                empty={<EmptyState text="You have no open projects. Publish one to start receiving proposals." />}
                render={(project) => <OwnProjectRow key={project.id} project={project} />}
              />
            )}
          </Loaded>
        </MemberSection>

        <NextCallPanel memberKey={key} />
        <MemberSection look="panel" title="Active contracts" count={hiring?.length ?? null} link={{ to: MY_PROJECTS_PATH, label: 'All contracts' }}>
          <Loaded load={contracts}>
            {() => (
              <ShortList
                items={hiring ?? []}
                empty={<EmptyState text="No active contracts. Hire an expert from a project's proposals to start one." />}
                render={(contract) => <ContractRow key={contract.id} contract={contract} as="client" />}
              />
            )}
          </Loaded>
        </MemberSection>

        <MemberSection look="panel" title="Drafts" count={drafts?.length ?? null} link={{ to: MY_PROJECTS_PATH, label: 'My Projects' }}>
          <Loaded load={projects}>
            {() => (
              <ShortList
                items={drafts ?? []}
                empty={<EmptyState text="No drafts. A project you start and do not publish waits here." />}
                render={(draft) => (
                  <li key={draft.id} className={styles.row}>
                    <Link className={styles.rowTitle} to={editDraftPath(draft.id)}>
                      {draft.title}
                    </Link>
                  </li>
                )}
              />
            )}
          </Loaded>
        </MemberSection>
      </div>
    </div>
  );
}
