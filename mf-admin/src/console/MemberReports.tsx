import { REPORT_REASON_LABELS, type AdminMemberView } from '@sciexperts/shared/member';
import { dateTime } from './format';
import css from './console.module.css';

type Report = NonNullable<AdminMemberView['reports']>['about'][number];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function statusOf(r: Report): string {
  if (r.status === 'open') return 'Open';
  const when = r.closedAt ? ` ${dateTime(r.closedAt)}` : '';
  return r.status === 'dismissed' ? `Dismissed${when}` : `Acted on${when}`;
}

/**
 * On a member's page: the reports about them (what they wrote or own), open and closed, newest first, and how many
 * they filed. Nothing for a role that does not read reports (the server sends none).
 */
export function MemberReports({ member }: { member: AdminMemberView }) {
  const reports = member.reports;
  if (!reports) return null;
  const headingId = `reports-of-${member.id}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Reports</h3>
      <p>
        {plural(reports.aboutCount, 'report', 'reports')} about {member.name}
        {reports.aboutCount > reports.about.length ? ` (the newest ${reports.about.length} below)` : ''}; {plural(reports.filed, 'report', 'reports')} filed by them.
      </p>
      {reports.about.length > 0 && (
        <div className={css.tableWrap}>
          <table className={css.table}>
            <caption>Reports about {member.name} (newest first)</caption>
            <thead>
              <tr>
                <th scope="col">Reported</th>
                <th scope="col">Reason</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {reports.about.map((r) => (
                <tr key={r.id}>
                  <td>
                    Their {r.targetType}: “{r.target}”
                  </td>
                  <td>
                    {REPORT_REASON_LABELS[r.reason]}
                    {r.note ? ` (${r.note})` : ''}
                  </td>
                  <td>{dateTime(r.createdAt)}</td>
                  <td>{statusOf(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
