import { type Rating } from '../content/experts';
import styles from './RatingStars.module.css';

const MAX_RATING = 5;

/** Stars for the eye, one sentence for assistive technology ("Rated 4 out of 5"). */
export function RatingStars({ rating }: { rating: Rating }) {
  return (
    <span className={styles.rating} role="img" aria-label={`Rated ${rating} out of ${MAX_RATING}`}>
      {Array.from({ length: MAX_RATING }, (_, position) => (
        <span key={position} className={position < rating ? styles.filled : styles.empty} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}
