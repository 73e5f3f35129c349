import { Link } from '@sciexperts/shared/router';
import type { Contract } from '@sciexperts/shared/member';
import { fullName, priceText } from '../format';
import { countOf } from '../list/countText';
import { projectPath } from '../routing';
import styles from './Member.module.css';

/** A contract seen by one of its parties: the project, who is on the other side, the agreed price and the plan. */
export function ContractRow({ contract, as }: { contract: Contract; as: 'client' | 'expert' }) {
  const other = as === 'client' ? `Expert: ${fullName(contract.expert)}` : `Client: ${fullName(contract.client)}`;
  const plan = contract.priceType === 'fixed' ? ` · ${countOf(contract.milestones.length, 'milestone')}` : '';
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <Link className={styles.rowTitle} to={projectPath(contract.projectId)}>
          {contract.projectTitle}
        </Link>
        <p className={styles.meta}>
          {other} · {priceText(contract.priceType, contract.priceCents)}
          {plan}
        </p>
      </div>
    </li>
  );
}
