import { useState } from 'react';
import { marqueeKeywords } from '../content/experts';
import { usePrefersReducedMotion } from '../motion/usePrefersReducedMotion';
import controlStyles from '../ui/RotationControls.module.css';
import styles from './KeywordMarquee.module.css';
import { visuallyHidden } from '@sciexperts/ui';

/**
 * Subjects scrolling sideways. The list is rendered twice so the CSS loop is seamless; the copy is hidden
 * from assistive technology. CSS pauses it on hover and focus and stops it under reduced motion.
 */
export function KeywordMarquee() {
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <section className={styles.marquee} aria-labelledby="marquee-title" data-stopped={stopped || undefined}>
      <h2 id="marquee-title" className={visuallyHidden}>
        Subjects our experts cover
      </h2>
      <div className={styles.viewport}>
        <div className={styles.track}>
          <ul className={styles.list}>
            {marqueeKeywords.map((keyword) => (
              <li key={keyword}>{keyword}</li>
            ))}
          </ul>
          <ul className={styles.list} aria-hidden="true">
            {marqueeKeywords.map((keyword) => (
              <li key={keyword}>{keyword}</li>
            ))}
          </ul>
        </div>
      </div>
      {!reducedMotion && (
        <button type="button" className={`${controlStyles.button} ${styles.toggle}`} onClick={() => setStopped((value) => !value)} aria-label={stopped ? 'Resume subject scrolling' : 'Pause subject scrolling'}>
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
        </button>
      )}
    </section>
  );
}
