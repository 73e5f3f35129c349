import { useState } from 'react';
import { rollingWords } from '../content/howItWorks';
import { ROLLING_WORD_MS } from '../motion/timings';
import { usePauseOnInteraction } from '../motion/usePauseOnInteraction';
import { usePrefersReducedMotion } from '../motion/usePrefersReducedMotion';
import { useRotation } from '../motion/useRotation';
import { RotationControls } from '../ui/RotationControls';
import styles from './HowItWorks.module.css';
import { VisuallyHidden } from '@sciexperts/ui';

/** The page banner: the h1 and a word that rolls every 2 seconds (0.5 s animation). */
export function RollingWordBanner() {
  const { interacting, handlers } = usePauseOnInteraction();
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotation = useRotation(rollingWords.length, ROLLING_WORD_MS, interacting || stopped);

  return (
    <section className={styles.banner} aria-labelledby="how-title" {...handlers}>
      <div className={styles.bannerInner}>
        <h1 id="how-title" className={styles.bannerTitle}>
          How it Works
        </h1>
        <p className={styles.bannerLead}>
          <span aria-hidden="true">
            Find the right{' '}
            <span key={rotation.index} className={styles.rollingWord} data-testid="rolling-word">
              {rollingWords[rotation.index]}
            </span>{' '}
            for your project
          </span>
          <VisuallyHidden>Find the right {rollingWords.join(', ')} or other expert for your project</VisuallyHidden>
        </p>
        <RotationControls
          itemName="word"
          onPrevious={rotation.previous}
          onNext={rotation.next}
          stopped={stopped}
          onToggleStopped={() => setStopped((value) => !value)}
          canPause={!reducedMotion}
        />
      </div>
    </section>
  );
}
