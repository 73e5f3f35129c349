import { reviewsApi } from '@sciexperts/shared';
import { RatingSummary, ReviewList, useReviewPages } from '@sciexperts/ui';
import styles from './Profile.module.css';

interface Props {
  expertId: number;
  firstName: string;
  fullName: string;
  ratingAverage: number | null;
  reviewCount: number;
}

/** The profile's Reviews section: the rating, then the clients' published reviews, newest first, a page at a time. */
export function ProfileReviews({ expertId, firstName, fullName, ratingAverage, reviewCount }: Props) {
  const { reviews, state, hasMore, more, retry } = useReviewPages((page) => reviewsApi.ofExpert(expertId, page), `expert:${expertId}`);
  return (
    <section id="reviews" className={styles.section} aria-labelledby="reviews-heading" aria-busy={state.status === 'loading'}>
      <h2 id="reviews-heading" className={styles.sectionTitle}>
        Reviews
      </h2>
      <p className={styles.itemFacts}>
        <RatingSummary average={ratingAverage} count={reviewCount} />
      </p>
      <ReviewList reviews={reviews} subjectFirstName={firstName} label={`Reviews of ${fullName}`} />
      {state.status === 'loading' && reviews.length === 0 ? <p className={styles.itemFacts}>Loading the reviews…</p> : null}
      {state.status === 'error' ? (
        <div role="alert" className={styles.alert}>
          <p>{state.error}</p>
          <button type="button" className={styles.secondaryButton} onClick={retry}>
            Retry
          </button>
        </div>
      ) : null}
      {hasMore ? (
        <p>
          <button type="button" className={styles.secondaryButton} onClick={more}>
            Show more reviews
          </button>
        </p>
      ) : null}
    </section>
  );
}
