import { Link } from '@sciexperts/shared/router';
import type { Proposal } from '@sciexperts/shared/member';
import { formatDate, priceText } from '../format';
import { projectPath } from '../routing';
import { StatusBadge } from '../ui/StatusBadge';
import styles from './Member.module.css';

/** A proposal the member sent: its project (where they edit or withdraw it), price, status, day, and why it was declined. */
export function SentProposalRow({ proposal }: { proposal: Proposal }) {
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <Link className={styles.rowTitle} to={projectPath(proposal.project.id)}>
          {proposal.project.title}
        </Link>
        <p className={styles.meta}>
          {priceText(proposal.priceType, proposal.priceCents)} · Sent {formatDate(proposal.createdAt)}
        </p>
        {proposal.status === 'declined' && proposal.declineReason ? (
          <p className={styles.reason}>
            <span className={styles.reasonLabel}>The client’s reason: </span>
            {proposal.declineReason}
          </p>
        ) : null}
      </div>
      <div className={styles.rowSide}>
        <StatusBadge status={proposal.status} kind="proposal" />
      </div>
    </li>
  );
}
