import { Link } from '@sciexperts/shared/router';
import { processSteps } from '../content/steps';
import layout from '../ui/layout.module.css';
import styles from './Home.module.css';

/** The four steps from posting a project to a finished job. */
export function ProcessStepsSection() {
  return (
    <section className={layout.section} aria-labelledby="process-title">
      <h2 id="process-title" className={layout.sectionTitle}>
        How it works
      </h2>
      <ol className={styles.steps}>
        {processSteps.map((step, index) => (
          <li key={step.id} className={styles.step}>
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <h3 className={layout.cardTitle}>{step.title}</h3>
            <p className={layout.muted}>{step.description}</p>
          </li>
        ))}
      </ol>
      <Link to="/how-it-works" className={layout.textLink}>
        Learn more about how it works
      </Link>
    </section>
  );
}
