import { useCallback, useEffect, useState } from 'react';
import { REPORT_REASON_LABELS, type AdminReportView } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import { waited } from './format';
import { useSession } from './session';
import css from './console.module.css';

/**
 * Members' open reports, the oldest first. An operator hides the reported project, or the profile of the member
 * responsible, or suspends that member — each closes the report as acted on — or dismisses the report.
 */
export function Reports() {
  const mayAct = useSession()?.operator.role === 'operator';
  const [reports, setReports] = useState<AdminReportView[] | null>(null);
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = useCallback(() => {
    adminApi
      .reports()
      .then((r) => setReports(r.reports))
      .catch((err: unknown) => setError(err instanceof AdminApiError ? err.message : 'The reports could not be loaded.'));
  }, []);
  useEffect(load, [load]);

  async function act(report: AdminReportView, what: 'suspend' | 'dismiss' | 'hide-project' | 'hide-profile') {
    const reason = reasons[report.id] ?? '';
    setError(null);
    setDone(null);
    try {
      if (what === 'hide-project') {
        await adminApi.hideProject(report.targetId, reason, report.id);
        setDone('The project is hidden and its owner was told why by e-mail; the report is closed.');
      } else if (what === 'hide-profile' && report.subject) {
        await adminApi.hideProfile(report.subject.id, reason, report.id);
        setDone(`${report.subject.name}'s profile is hidden from the directory and they were told why by e-mail; the report is closed.`);
      } else if (what === 'suspend' && report.subject) {
        await adminApi.suspend(report.subject.id, reason);
        await adminApi.closeReport(report.id, 'actioned', reason);
        setDone(`${report.subject.name} is suspended and was told why by e-mail; the report is closed.`);
      } else {
        await adminApi.closeReport(report.id, 'dismissed', reason);
        setDone('The report is dismissed.');
      }
      load();
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : 'That did not work. Try again.');
    }
  }

  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title">Reports</h1>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      <p role="status">{done ?? ''}</p>
      {reports && reports.length === 0 && <p>No open reports.</p>}
      {reports && reports.length > 0 && (
        <ol className={css.list}>
          {reports.map((r) => (
            <li key={r.id} className={css.section}>
              <article aria-labelledby={`report-${r.id}`}>
                <h2 id={`report-${r.id}`}>
                  {REPORT_REASON_LABELS[r.reason]}: a {r.targetType} of {r.subject ? `${r.subject.name} (${r.subject.email})` : 'a removed member'}
                </h2>
                <p>
                  Reported by {r.reporter.name}, waiting {waited(r.waitingSeconds)}.
                </p>
                <p className={css.quote}>“{r.excerpt}”</p>
                {r.note && <p className={css.quote}>Note: {r.note}</p>}
                {mayAct && (
                  <div className={css.form}>
                    <div className={css.field}>
                      <label htmlFor={`reason-${r.id}`}>Reason (the member is told it when you hide or suspend)</label>
                      <textarea id={`reason-${r.id}`} rows={2} value={reasons[r.id] ?? ''} onChange={(e) => setReasons({ ...reasons, [r.id]: e.target.value })} />
                    </div>
                    {r.targetType === 'project' && (
                      <button type="button" className={css.button} onClick={() => void act(r, 'hide-project')}>
                        Hide the project
                      </button>
                    )}
                    {r.subject && (
                      <button type="button" className={css.secondary} onClick={() => void act(r, 'hide-profile')}>
                        Hide {r.subject.name}'s profile
                      </button>
                    )}
                    {r.subject && (
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
      )}
    </section>
  );
}
