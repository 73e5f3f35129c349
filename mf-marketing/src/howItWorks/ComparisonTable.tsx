import { comparisonRows } from '../content/howItWorks';
import layout from '../ui/layout.module.css';
import styles from './HowItWorks.module.css';

export function ComparisonTable() {
  return (
    <section className={layout.band} aria-labelledby="comparison-title">
      <div className={layout.section}>
        <h2 id="comparison-title" className={layout.sectionTitle}>
          Consulting firms or freelancers?
        </h2>
        <table className={styles.table}>
          <caption className={styles.caption}>Consulting firms compared with freelance experts on SciExperts</caption>
          <thead>
            <tr>
              <th scope="col">Aspect</th>
              <th scope="col">Consulting firms</th>
              <th scope="col">Freelancers on SciExperts</th>
            </tr>
          </thead>
          <tbody>
            {comparisonRows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.aspect}</th>
                <td>{row.consultingFirms}</td>
                <td>{row.freelancers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
