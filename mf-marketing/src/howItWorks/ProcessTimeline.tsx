import { processSteps } from '../content/steps';
import { TIMELINE_STEP_MS } from '../motion/timings';
import { usePauseOnInteraction } from '../motion/usePauseOnInteraction';
import { useStepReveal } from '../motion/useStepReveal';
import layout from '../ui/layout.module.css';
import styles from './HowItWorks.module.css';

/**
 * The four steps, revealed one every 600 ms. Hidden steps stay in the accessibility tree: the
 * reveal is decoration, the content is there from the start.
 */
export function ProcessTimeline() {
  const { interacting, handlers } = usePauseOnInteraction();
  const revealed = useStepReveal(processSteps.length, TIMELINE_STEP_MS, interacting);

  return (
    <section className={layout.section} aria-labelledby="timeline-title" {...handlers}>
      <h2 id="timeline-title" className={layout.sectionTitle}>
        From project to result in four steps
      </h2>
      <ol className={styles.timeline}>
        {processSteps.map((step, index) => (
          <li key={step.id} className={index < revealed ? styles.timelineStepShown : styles.timelineStep} data-revealed={index < revealed}>
            <span className={styles.timelineMarker} aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3 className={layout.cardTitle}>{step.title}</h3>
              <p className={layout.muted}>{step.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
