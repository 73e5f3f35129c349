import type { Proposal } from '@sciexperts/shared/member';
import { formatDate, formatMoney } from '../format';
import styles from './Project.module.css';

/** A fixed-price proposal's plan: what is delivered, for how much, by when, and the total. */
export function MilestoneTable({ milestones, caption = 'Milestone plan' }: { milestones: Proposal['milestones']; caption?: string }) {
  const total = milestones.reduce((sum, m) => sum + m.amountCents, 0);
  return (
    <div className={styles.tableScroll}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Milestone</th>
            <th scope="col" className={styles.number}>
              Amount
            </th>
            <th scope="col">Due</th>
          </tr>
        </thead>
        <tbody>
          {milestones.map((m, i) => (
            <tr key={i}>
              <td>{m.title}</td>
              <td className={styles.number}>{formatMoney(m.amountCents)}</td>
              <td>{formatDate(m.dueDate)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className={styles.number}>{formatMoney(total)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
