import { Link } from '@sciexperts/shared/router';
import type { Contract } from '@sciexperts/shared/member';
import { fullName, priceText } from '../format';
import { workspacePath } from '../routing';
import styles from './Workspace.module.css';

/** A contract in the workspace list, seen by one of its parties. */
export function ContractCard({ contract, viewerId }: { contract: Contract; viewerId: number | null }) {
  const asClient = contract.clientId === viewerId;
  const role = asClient ? `You hired ${fullName(contract.expert)}` : `${fullName(contract.client)} hired you`;
  const released = contract.milestones.filter((m) => m.status === 'released').length;
  return (
    <li className={styles.card}>
      <h2 className={styles.cardTitle}>
        <Link className={styles.cardLink} to={workspacePath(contract.id)}>
          {contract.projectTitle}
        </Link>
      </h2>
      <div className={styles.badges}>
        <span className={styles.badge}>{contract.status === 'active' ? 'Active' : 'Ended'}</span>
      </div>
      <p className={styles.meta}>
        {role} · {priceText(contract.priceType, contract.priceCents)} · {released} of {contract.milestones.length} milestones released
      </p>
    </li>
  );
}
