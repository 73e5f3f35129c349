import type { ProjectStatus, ProposalStatus } from '@sciexperts/shared/member';
import { PROJECT_STATUS_LABELS, PROPOSAL_STATUS_LABELS } from '../format';
import styles from './Ui.module.css';

/** A project's or proposal's status in words (never by colour alone). */
export function StatusBadge({ status, kind }: { status: ProjectStatus | ProposalStatus; kind: 'project' | 'proposal' }) {
  const label = kind === 'project' ? PROJECT_STATUS_LABELS[status as ProjectStatus] : PROPOSAL_STATUS_LABELS[status as ProposalStatus];
  return <span className={styles.badge}>{label ?? status}</span>;
}
