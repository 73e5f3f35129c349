import { useRef, useState } from 'react';
import type { ReconciliationDifferenceKind, ReconciliationView } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import { dateTime, formatCents } from './format';
import { csvHref, reconciliationCsv } from './reconciliationCsv';
import css from './console.module.css';

const KIND_LABELS: Record<ReconciliationDifferenceKind, string> = {
  amount: 'Amount differs',
  status: 'Outcome differs',
  'missing-in-ledger': 'Not in the ledger',
  'missing-at-provider': 'Not at the provider',
};
const cents = (value: number | null) => (value === null ? '—' : formatCents(value));

/** Finance runs the reconciliation of the ledger with the payment provider's records and reads every difference. */
export function Reconciliation() {
  const [report, setReport] = useState<ReconciliationView | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const summary = useRef<HTMLParagraphElement>(null);

  async function run() {
    setRunning(true);
    setError(null);
    try {
      setReport(await adminApi.reconcile());
      // The result is announced and takes the focus, so a keyboard or screen-reader user lands on it.
      requestAnimationFrame(() => summary.current?.focus());
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : 'The reconciliation could not be run.');
    } finally {
      setRunning(false);
    }
  }

  const provider = report?.provider === 'stripe' ? 'Stripe' : 'the payment stand-in';
  return (
    <section className={css.section} aria-labelledby="reconciliation-title">
      <h2 id="reconciliation-title">Reconciliation with the payment provider</h2>
      <p>Compares every charge, refund and payout in the ledger with the provider’s own records, and lists each difference. Each run is recorded in the audit log.</p>
      <button type="button" className={css.button} onClick={() => void run()} disabled={running}>
        {running ? 'Comparing…' : report ? 'Run the reconciliation again' : 'Run the reconciliation'}
      </button>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      {report && (
        <>
          <p ref={summary} tabIndex={-1} role="status">
            {report.differences.length === 0 ? <strong>No differences. </strong> : <strong>{report.differences.length === 1 ? '1 difference. ' : `${report.differences.length} differences. `}</strong>}
            {report.matched} of {report.ledgerCount} ledger movements agree with the {report.providerCount} records of {provider} ({dateTime(report.ranAt)}).
          </p>
          {report.differences.length > 0 && (
            <>
              <div className={css.tableWrap} role="region" aria-labelledby="reconciliation-caption" tabIndex={0}>
                <table className={css.table}>
                  <caption id="reconciliation-caption">Differences between the ledger and {provider}, the oldest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Difference</th>
                      <th scope="col">What</th>
                      <th scope="col">Ledger</th>
                      <th scope="col">Provider</th>
                      <th scope="col">When</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.differences.map((d, i) => (
                      <tr key={`${d.kind}-${d.movement}-${d.ourId ?? ''}-${d.providerId ?? ''}-${i}`}>
                        <td>{KIND_LABELS[d.kind]}</td>
                        <td>{d.description}</td>
                        <td>
                          {cents(d.ledgerCents)}
                          {d.ledgerStatus ? `, ${d.ledgerStatus}` : ''}
                        </td>
                        <td>
                          {cents(d.providerCents)}
                          {d.providerStatus ? `, ${d.providerStatus}` : ''}
                        </td>
                        <td>{dateTime(d.at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p>
                <a className={css.linkButton} href={csvHref(reconciliationCsv(report))} download={`reconciliation-${report.ranAt.slice(0, 10)}.csv`}>
                  Download CSV
                </a>
              </p>
            </>
          )}
        </>
      )}
    </section>
  );
}
