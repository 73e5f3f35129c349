import { useAuth } from '@sciexperts/shared';
import { paymentsApi } from '@sciexperts/shared/member';
import { Loaded } from '../member/Loaded';
import { MemberPageTitle } from '../member/MemberPageTitle';
import { useLoad } from '../ui/useLoad';
import { downloadFile } from './downloadFile';
import { STATEMENT_CSV_FILENAME, statementCsv } from './statementCsv';
import { StatementTable } from './StatementTable';
import styles from './Money.module.css';

/**
 * /profile/billing: every movement of money on the member's contracts and balances (from the ledger), and the same
 * statement as a CSV file made in the browser from what is on screen.
 */
export function BillingPage() {
  const memberId = useAuth((state) => state.user?.id ?? null);
  const statement = useLoad(() => paymentsApi.statement(), `statement:${memberId ?? ''}`);
  const lines = statement.data?.lines ?? [];

  return (
    <div className={styles.page}>
      <MemberPageTitle title="Billing" />
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>Billing</h1>
          <p className={styles.lead}>Money you put into escrow, milestones released, refunds and withdrawals, with the balance after each.</p>
        </div>
        {lines.length > 0 ? (
          <button type="button" className={styles.secondaryButton} onClick={() => downloadFile(STATEMENT_CSV_FILENAME, statementCsv(lines), 'text/csv;charset=utf-8')}>
            Export CSV
          </button>
        ) : null}
      </div>
      <Loaded load={statement} rows={5}>
        {(data) => (data.lines.length === 0 ? <p className={styles.empty}>No payments yet.</p> : <StatementTable statement={data} />)}
      </Loaded>
    </div>
  );
}
