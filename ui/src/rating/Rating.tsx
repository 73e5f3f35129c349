import { formatRating, ratingLabel, REVIEW_LIMITS, reviewCountText, starsLabel } from '@sciexperts/shared';
import styles from './Rating.module.css';
import { VisuallyHidden } from '../a11y/VisuallyHidden';

export interface RatingSummaryProps {
  /** The mean of the published reviews (null without any). */
  average: number | null;
  count: number;
  className?: string;
}

/**
 * A member's rating as a card or a header shows it: '★ 4.8 (12 reviews)' on screen, 'Rated 4.8 out of 5 from
 * 12 reviews' for a screen reader (the star and the brackets read badly). Nothing without reviews.
 */
export function RatingSummary({ average, count, className }: RatingSummaryProps) {
  if (average === null || count === 0) return null;
  return (
    <span className={className ? `${styles.summary} ${className}` : styles.summary}>
      <span aria-hidden="true">
        <span className={styles.star}>★</span> {formatRating(average)} ({reviewCountText(count)})
      </span>
      <VisuallyHidden>{ratingLabel(average, count)}</VisuallyHidden>
    </span>
  );
}

/** One review's stars: '★★★★☆' on screen, '4 out of 5 stars' for a screen reader. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const full = Math.max(0, Math.min(REVIEW_LIMITS.ratingMax, Math.round(rating)));
  return (
    <span className={className}>
      <span aria-hidden="true" className={styles.stars}>
        {'★'.repeat(full)}
        {'☆'.repeat(REVIEW_LIMITS.ratingMax - full)}
      </span>
      <VisuallyHidden>{starsLabel(full)}</VisuallyHidden>
    </span>
  );
}
