import { useAuth } from '@sciexperts/shared';
import { LIVE_PROPOSAL_STATUSES, projectsApi, type ProposalStatus } from '@sciexperts/shared/member';
import { BROWSE_PROJECTS_PATH, MY_PROJECTS_PATH, PROPOSALS_PATH } from '../routing';
import { useLoad } from '../ui/useLoad';
import { ContractRow } from './ContractRow';
import { EmptyState } from './EmptyState';
import { InvitationRow } from './InvitationRow';
import { Loaded } from './Loaded';
import { MatchingProjectRow } from './MatchingProjectRow';
import { NextCallPanel } from './NextCallPanel';
import { MemberPageTitle } from './MemberPageTitle';
import { MemberSection } from './MemberSection';
import { RatingPanel } from './RatingPanel';
import { SentProposalRow } from './SentProposalRow';
import { ShortList } from './ShortList';
import styles from './Member.module.css';

const isLive = (status: ProposalStatus) => (LIVE_PROPOSAL_STATUSES as readonly string[]).includes(status);

/**
 * /profile/freelancer-dashboard: what needs the expert's attention (invitations to answer, proposals awaiting a
 * decision, work under contract) and new projects for their services. Each section loads on its own, so one
 * that fails keeps the others.
 */
export function FreelancerDashboard() {
  const memberId = useAuth((state) => state.user?.id ?? null);
  const firstName = useAuth((state) => state.user?.firstName ?? '');
  const lastName = useAuth((state) => state.user?.lastName ?? '');
  // The stored user may predate the field (sessions kept from older releases), so its absence reads as none.
  const offersServices = useAuth((state) => (state.user?.offeredServices?.length ?? 0) > 0);
  const key = String(memberId ?? '');
  const invitations = useLoad(() => projectsApi.myInvitations(), `invitations:${key}`);
  const proposals = useLoad(() => projectsApi.myProposals(), `proposals:${key}`);
  const contracts = useLoad(() => projectsApi.myContracts(), `contracts:${key}`);
  // Without services on the profile nothing can match: no call, a pointer to the profile instead.
  const matching = useLoad(() => (offersServices ? projectsApi.list({ matching: 'mine' }) : Promise.resolve(null)), `matching:${key}:${offersServices}`);

  const pending = invitations.data?.results.filter((item) => item.status === 'invited' && item.project.status === 'open') ?? null;
  const live = proposals.data?.results.filter((item) => isLive(item.status)) ?? null;
  const working = contracts.data?.results.filter((item) => item.status === 'active' && item.expertId === memberId) ?? null;

  return (
    <div className={styles.page}>
      <MemberPageTitle title="Freelancer Dashboard" />
      <div>
        <h1 className={styles.title}>Freelancer Dashboard</h1>
        <p className={styles.lead}>Invitations to answer, proposals waiting for a decision, your active work, your rating and new projects for your services.</p>
      </div>
      <div className={styles.dashboard}>
        <MemberSection look="panel" title="Invitations" count={pending?.length ?? null} link={{ to: `${PROPOSALS_PATH}?tab=invitations`, label: 'All invitations' }}>
          <Loaded load={invitations}>
            {() => (
              <ShortList
                items={pending ?? []}
                empty={<EmptyState text="No invitations to answer. When a client invites you to a project, it appears here." />}
                render={(invitation) => <InvitationRow key={invitation.id} invitation={invitation} />}
              />
            )}
          </Loaded>
        </MemberSection>

        <MemberSection look="panel" title="Live proposals" count={live?.length ?? null} link={{ to: PROPOSALS_PATH, label: 'All proposals' }}>
          <Loaded load={proposals}>
            {() => (
              <ShortList
                items={live ?? []}
                empty={<EmptyState text="No proposals waiting for a decision." link={{ to: BROWSE_PROJECTS_PATH, label: 'Find a project to propose on' }} />}
                render={(proposal) => <SentProposalRow key={proposal.id} proposal={proposal} />}
              />
            )}
          </Loaded>
        </MemberSection>

        <MemberSection look="panel" title="Active contracts" count={working?.length ?? null} link={{ to: MY_PROJECTS_PATH, label: 'My Projects' }}>
          <Loaded load={contracts}>
            {() => (
              <ShortList
                items={working ?? []}
                empty={<EmptyState text="No active contracts. When a client hires you, the work appears here." />}
                render={(contract) => <ContractRow key={contract.id} contract={contract} as="expert" />}
              />
            )}
          </Loaded>
        </MemberSection>

        {memberId !== null ? <RatingPanel member={{ id: memberId, firstName, lastName }} /> : null}
        <NextCallPanel memberKey={key} />

        <MemberSection
          look="panel"
          title="New projects matching your services"
          count={matching.status === 'ready' && matching.data ? matching.data.total : null}
          link={{ to: BROWSE_PROJECTS_PATH, label: 'Browse projects' }}
        >
          <Loaded load={matching}>
            {(data) =>
              data === null ? (
                <EmptyState text="Add the services you offer to your profile to see the projects that need them." link={{ to: '/profile', label: 'Add your services' }} />
              ) : (
                <ShortList
                  items={data.results}
                  empty={<EmptyState text="No open projects match your services right now." />}
                  render={(project) => <MatchingProjectRow key={project.id} project={project} />}
                />
              )
            }
          </Loaded>
        </MemberSection>
      </div>
    </div>
  );
}
