import { PROPOSAL_STATUSES, projectsApi, type Proposal } from '@sciexperts/shared/member';
import { PROPOSAL_STATUS_LABELS } from '../format';
import { BROWSE_PROJECTS_PATH } from '../routing';
import { useLoad } from '../ui/useLoad';
import { EmptyState } from './EmptyState';
import { Loaded } from './Loaded';
import { MemberSection } from './MemberSection';
import { SentProposalRow } from './SentProposalRow';
import styles from './Member.module.css';

function ByStatus({ proposals }: { proposals: Proposal[] }) {
  if (proposals.length === 0) return <EmptyState text="You have not sent a proposal yet." link={{ to: BROWSE_PROJECTS_PATH, label: 'Browse open projects' }} />;
  return (
    <>
      {PROPOSAL_STATUSES.map((status) => {
        const group = proposals.filter((proposal) => proposal.status === status);
        if (group.length === 0) return null;
        return (
          <MemberSection key={status} title={PROPOSAL_STATUS_LABELS[status]} count={group.length}>
            <ul className={styles.rows}>
              {group.map((proposal) => (
                <SentProposalRow key={proposal.id} proposal={proposal} />
              ))}
            </ul>
          </MemberSection>
        );
      })}
    </>
  );
}

/** The proposals the member sent, by status (live ones first). */
export function SentTab({ memberKey }: { memberKey: string }) {
  const proposals = useLoad(() => projectsApi.myProposals(), `sent:${memberKey}`);
  return <Loaded load={proposals}>{(data) => <ByStatus proposals={data.results} />}</Loaded>;
}
