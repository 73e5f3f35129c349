import { useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import { expertTypes } from '../content/experts';
import { EXPERT_TYPE_ROTATION_MS } from '../motion/timings';
import { usePauseOnInteraction } from '../motion/usePauseOnInteraction';
import { usePrefersReducedMotion } from '../motion/usePrefersReducedMotion';
import { useRotation } from '../motion/useRotation';
import layout from '../ui/layout.module.css';
import { RotationControls } from '../ui/RotationControls';
import styles from './Home.module.css';
import { VisuallyHidden } from '@sciexperts/ui';

/** "Hire <expert type>" with the type rotating; screen readers get the whole list once instead. */
export function ExpertTypesRotation() {
  const { interacting, handlers } = usePauseOnInteraction();
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotation = useRotation(expertTypes.length, EXPERT_TYPE_ROTATION_MS, interacting || stopped);

  return (
    <section className={layout.band} aria-labelledby="expert-types-title" {...handlers}>
      <div className={`${layout.section} ${styles.expertTypes}`}>
        <h2 id="expert-types-title" className={layout.sectionTitle}>
          <span aria-hidden="true">
            Hire{' '}
            <span key={rotation.index} className={styles.rotatingWord} data-testid="expert-type">
              {expertTypes[rotation.index]}
            </span>
          </span>
          <VisuallyHidden>Hire {expertTypes.join(', ')} and more</VisuallyHidden>
        </h2>
        <p className={layout.sectionLead}>Whatever the subject, there is a vetted expert for it, matched within 24 hours.</p>
        <div className={styles.expertTypesActions}>
          <Link to="/create-project" className={layout.buttonPrimary}>
            Post a project
          </Link>
          <RotationControls
            itemName="expert type"
            onPrevious={rotation.previous}
            onNext={rotation.next}
            stopped={stopped}
            onToggleStopped={() => setStopped((value) => !value)}
            canPause={!reducedMotion}
          />
        </div>
      </div>
    </section>
  );
}
