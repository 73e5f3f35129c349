import { Link } from '@sciexperts/shared/router';
import { projectsApi, type Project } from '@sciexperts/shared/member';
import { formatDate, fullName, priceText } from '../format';
import { expertPath, projectPath } from '../routing';
import { StatusBadge } from '../ui/StatusBadge';
import { useLoad } from '../ui/useLoad';
import { Loaded } from './Loaded';
import { MemberSection } from './MemberSection';
import styles from './Member.module.css';

/** One of the owner's projects with the proposals it received (withdrawn ones left out); the project page compares them. */
export function ReceivedProposals({ project }: { project: Project }) {
  const proposals = useLoad(() => projectsApi.proposals(project.id), `received:${project.id}`);
  return (
    <MemberSection title={project.title} link={{ to: projectPath(project.id), label: 'Compare on the project page' }}>
      <Loaded load={proposals} rows={2}>
        {(data) => {
          const shown = data.results.filter((proposal) => proposal.status !== 'withdrawn');
          if (shown.length === 0) return <p className={styles.meta}>No proposals yet.</p>;
          return (
            <ul className={styles.rows}>
              {shown.map((proposal) => (
                <li key={proposal.id} className={styles.row}>
                  <div className={styles.rowMain}>
                    {proposal.expert.headline ? (
                      <Link className={styles.rowTitle} to={expertPath(proposal.expert)}>
                        {fullName(proposal.expert)}
                      </Link>
                    ) : (
                      <span className={styles.rowText}>{fullName(proposal.expert)}</span>
                    )}
                    <p className={styles.meta}>
                      {priceText(proposal.priceType, proposal.priceCents)} · Sent {formatDate(proposal.createdAt)}
                    </p>
                  </div>
                  <div className={styles.rowSide}>
                    <StatusBadge status={proposal.status} kind="proposal" />
                  </div>
                </li>
              ))}
            </ul>
          );
        }}
      </Loaded>
    </MemberSection>
  );
}
