import { useState } from 'react';
import { ExpertCard } from '../cards/ExpertCard';
import { heroExperts } from '../content/experts';
import { EXPERT_CARD_ROTATION_MS } from '../motion/timings';
import { usePauseOnInteraction } from '../motion/usePauseOnInteraction';
import { usePrefersReducedMotion } from '../motion/usePrefersReducedMotion';
import { useRotation } from '../motion/useRotation';
import { RotationControls } from '../ui/RotationControls';
import styles from './Home.module.css';

/** The hero's featured expert, changing every 4 seconds. */
export function RotatingExpertCard() {
  const { interacting, handlers } = usePauseOnInteraction();
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotation = useRotation(heroExperts.length, EXPERT_CARD_ROTATION_MS, interacting || stopped);
  const expert = heroExperts[rotation.index] ?? heroExperts[0];
  if (!expert) return null;

  const onKeyDown = (key: string) => {
    if (key === 'ArrowRight') rotation.next();
    if (key === 'ArrowLeft') rotation.previous();
  };

  return (
    <div
      className={styles.featured}
      role="region"
      aria-roledescription="carousel"
      aria-label="Featured experts"
      onKeyDown={(event) => onKeyDown(event.key)}
      {...handlers}
    >
      {/* Announce the new card only when the visitor changed it, not on every automatic turn. */}
      <div aria-live={rotation.running ? 'off' : 'polite'} aria-atomic="true">
        <div key={expert.id} className={styles.featuredCard} aria-roledescription="slide" aria-label={`${rotation.index + 1} of ${heroExperts.length}`} role="group">
          <ExpertCard expert={expert} eager nameAs="p" />
        </div>
      </div>
      <RotationControls
        itemName="expert"
        onPrevious={rotation.previous}
        onNext={rotation.next}
        stopped={stopped}
        onToggleStopped={() => setStopped((value) => !value)}
        canPause={!reducedMotion}
      />
    </div>
  );
}
