import { formatMediumDate, type PublicReview } from '@sciexperts/shared';
import { Stars } from './Rating';
import styles from './Rating.module.css';

export interface ReviewListProps {
  reviews: readonly PublicReview[];
  /** The reviewed member's first name, for their replies ('Reply from Ada'). */
  subjectFirstName: string;
  /** An accessible name for the list ('Reviews of Ada Lovelace'). */
  label: string;
}

/** Published reviews, newest first: stars, the reviewer's first name, the date, the text and the reviewed member's reply. */
export function ReviewList({ reviews, subjectFirstName, label }: ReviewListProps) {
  return (
    <ul className={styles.reviews} aria-label={label}>
      {reviews.map((review) => (
        <li key={review.id} className={styles.review}>
          <p className={styles.reviewHead}>
            <Stars rating={review.rating} />
            <span className={styles.reviewer}>{review.reviewerFirstName}</span>
            <time className={styles.date} dateTime={review.publishedAt}>
              {formatMediumDate(review.publishedAt)}
            </time>
          </p>
          {review.text ? <p className={styles.text}>{review.text}</p> : null}
          {review.reply ? (
            <div className={styles.reply}>
              <p className={styles.replyTitle}>Reply from {subjectFirstName}</p>
              <p className={styles.text}>{review.reply.text}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
