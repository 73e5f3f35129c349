import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_LIMITS, REPORT_REASON_LABELS, mayDo, type AdminReportView, type AdminReportsView, type ReportSort } from '@sciexperts/shared/member';
import { ActionNotice, useActionNotice } from './ActionNotice';
import { AdminApiError, adminApi } from './api';
import { waited } from './format';
import { useSession } from './session';
import css from './console.module.css';

const SORTS: Array<{ value: ReportSort; label: string }> = [
  { value: 'oldest', label: 'Oldest first' },
  { value: 'reporters', label: 'Most reporters first' },
];

/**
 * Members' open reports, a page at a time, the oldest first or the targets the most members reported first, so a
 * report is never out of reach however many others there are. An operator hides the reported project, or the profile
 * of the member responsible, or suspends that member — each one call that also closes the report as acted on — or
 * dismisses the report. A role without those permissions is not shown the controls (the server refuses them too).
 */
export function Reports() {
  const role = useSession()?.operator.role;
  const mayClose = role !== undefined && mayDo(role, 'reports.close');
  const mayHide = role !== undefined && mayDo(role, 'moderation.hide');
  const maySuspend = role !== undefined && mayDo(role, 'members.suspend');
  const [queue, setQueue] = useState<AdminReportsView | null>(null);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ReportSort>('oldest');
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const { notice, done, failed, clear } = useActionNotice();

  /** Only the latest load is shown: an earlier page's answer may come back after a later one. */
  const latest = useRef(0);
  const load = useCallback(() => {
    const mine = (latest.current += 1);
    adminApi
      .reports(page, sort)
      .then((r) => {
        if (mine !== latest.current) return;
        setLoadError(null);
        setQueue(r);
        // The server answers the last page when the one asked is past it (its last report was closed).
        if (r.page !== page) setPage(r.page);
      })
      .catch((err: unknown) => {
        if (mine === latest.current) setLoadError(err instanceof AdminApiError ? err.message : 'The reports could not be loaded.');
      });
  }, [page, sort]);
  useEffect(load, [load]);

  async function act(report: AdminReportView, what: 'suspend' | 'dismiss' | 'hide-project' | 'hide-profile') {
    const reason = reasons[report.id] ?? '';
    clear();
    try {
      if (what === 'hide-project') {
        await adminApi.hideProject(report.targetId, reason, report.id);
        done('The project is hidden and its owner was told why by e-mail; the report is closed.');
      } else if (what === 'hide-profile' && report.subject) {
        await adminApi.hideProfile(report.subject.id, reason, report.id);
        done(`${report.subject.name}'s profile is hidden from the directory and they were told why by e-mail; the report is closed.`);
      } else if (what === 'suspend' && report.subject) {
        // One call: the server suspends and closes the report in one transaction, or does neither.
        await adminApi.suspend(report.subject.id, reason, report.id);
        done(`${report.subject.name} is suspended and was told why by e-mail; the report is closed.`);
      } else {
        await adminApi.closeReport(report.id, 'dismissed', reason);
        done('The report is dismissed.');
      }
      load();
    } catch (err) {
      failed(err instanceof AdminApiError ? err.message : 'That did not work. Try again.');
      // Closed by someone else meanwhile: show the queue as it now is, beside the server's words.
      if (err instanceof AdminApiError && err.status === 409) load();
    }
  }

  const reports = queue?.reports ?? null;
  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title">Reports</h1>
      {loadError && (
        <p role="alert" className={css.error}>
          {loadError}
        </p>
      )}
      <ActionNotice notice={notice} />
      <div className={css.form}>
        <div className={css.field}>
          <label htmlFor="reports-sort">Order</label>
          <select
            id="reports-sort"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as ReportSort);
              setPage(1);
            }}
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {reports && reports.length === 0 && <p>No open reports.</p>}
      {queue && reports && reports.length > 0 && (
        <>
          <p>
            {queue.total} open report(s); page {queue.page} of {queue.pages}, {ADMIN_LIMITS.reportsPageSize} a page.
          </p>
          <ol className={css.list}>
            {reports.map((r) => (
              <li key={r.id} className={css.section}>
                <article aria-labelledby={`report-${r.id}`}>
                  <h2 id={`report-${r.id}`}>
                    {REPORT_REASON_LABELS[r.reason]}: a {r.targetType} of {r.subject ? `${r.subject.name} (${r.subject.email})` : 'a removed member'}
                  </h2>
                  <p>
                    Reported by {r.reporter.name}
                    {r.reporters > 1 ? ` and ${r.reporters - 1} other member(s)` : ''}, waiting {waited(r.waitingSeconds)}.
                  </p>
                  <p className={css.quote}>“{r.excerpt}”</p>
                  {r.note && <p className={css.quote}>Note: {r.note}</p>}
                  {mayClose && (
                    <div className={css.form}>
                      <div className={css.field}>
                        <label htmlFor={`reason-${r.id}`}>Reason (the member is told it when you hide or suspend)</label>
                        <textarea id={`reason-${r.id}`} rows={2} value={reasons[r.id] ?? ''} onChange={(e) => setReasons({ ...reasons, [r.id]: e.target.value })} />
                      </div>
                      {mayHide && r.targetType === 'project' && (
                        <button type="button" className={css.button} onClick={() => void act(r, 'hide-project')}>
                          Hide the project
                        </button>
                      )}
                      {mayHide && r.subject && (
                        <button type="button" className={css.secondary} onClick={() => void act(r, 'hide-profile')}>
                          Hide {r.subject.name}'s profile
                        </button>
                      )}
                      {maySuspend && r.subject && (
                        <button type="button" className={css.button} onClick={() => void act(r, 'suspend')}>
                          Suspend {r.subject.name}
                        </button>
                      )}
                      <button type="button" className={css.secondary} onClick={() => void act(r, 'dismiss')}>
                        Dismiss the report
                      </button>
                    </div>
                  )}
                </article>
              </li>
            ))}
          </ol>
          {queue.pages > 1 && (
            <nav aria-label="Pages of reports" className={css.nav}>
              <button type="button" className={css.secondary} disabled={queue.page <= 1} onClick={() => setPage(queue.page - 1)}>
                Previous page
              </button>
              <button type="button" className={css.secondary} disabled={queue.page >= queue.pages} onClick={() => setPage(queue.page + 1)}>
                Next page
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
