import { useId } from 'react';
import { reviewsApi } from '@sciexperts/shared';
import type { Project } from '@sciexperts/shared/member';
import { RatingSummary, ReviewList, useReviewPages } from '@sciexperts/ui';
import { LoadFailed } from '../ui/LoadFailed';
import styles from './Project.module.css';
import ui from '../ui/Ui.module.css';

/** What experts who worked for the project's owner wrote of them as a client, newest first, a page at a time. */
export function OwnerReviews({ project }: { project: Project }) {
  const id = useId();
  const { owner } = project;
  const { reviews, state, hasMore, more, retry } = useReviewPages((page) => reviewsApi.ofProjectOwner(project.id, page), `owner-of:${project.id}`);
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} aria-busy={state.status === 'loading'}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        Reviews of {owner.firstName} as a client
      </h2>
      <p className={ui.muted}>
        <RatingSummary average={owner.ratingAverage} count={owner.reviewCount} />
      </p>
      <ReviewList reviews={reviews} subjectFirstName={owner.firstName} label={`Reviews of ${owner.firstName} from experts`} />
      {state.status === 'loading' && reviews.length === 0 ? <p className={ui.muted}>Loading the reviews…</p> : null}
      {state.status === 'error' ? <LoadFailed message={state.error} onRetry={retry} /> : null}
      {hasMore ? (
        <p>
          <button type="button" className={ui.secondary} onClick={more}>
            Show more reviews
          </button>
        </p>
      ) : null}
    </section>
  );
}
