import { ApiError, reviewsApi, type ReviewPage } from '@sciexperts/shared';
import { RatingSummary } from '@sciexperts/ui';
import { expertPath } from '../routing';
import { useLoad } from '../ui/useLoad';
import { EmptyState } from './EmptyState';
import { Loaded } from './Loaded';
import { MemberSection } from './MemberSection';
import styles from './Member.module.css';

const excerpt = (text: string) => (text.length <= 160 ? text : `${text.slice(0, 159).trimEnd()}…`);

/**
 * The expert's rating on their dashboard: the average and count of their published reviews from clients, and the
 * newest one. A member whose profile is hidden still reads their own (the API lets the owner).
 */
export function RatingPanel({ member }: { member: { id: number; firstName: string; lastName: string } }) {
  // No reviews page at all (a member the directory does not know) reads as no reviews.
  const load = useLoad(
    () => reviewsApi.ofExpert(member.id).catch((error: unknown): ReviewPage | Promise<never> => (error instanceof ApiError && error.status === 404 ? { ratingAverage: null, reviewCount: 0, page: 1, pageSize: 10, results: [] } : Promise.reject(error))),
    `rating:${member.id}`,
  );
  const count = load.data?.reviewCount ?? 0;
  return (
    <MemberSection look="panel" title="Your rating" link={count > 0 ? { to: `${expertPath(member)}#reviews`, label: 'All your reviews' } : undefined}>
      <Loaded load={load} rows={1}>
        {(data) =>
          data.reviewCount === 0 ? (
            <EmptyState text="No reviews yet. When a contract ends with released work, your client can review you, and the rating shows on your profile." />
          ) : (
            <div className={styles.rating}>
              <p className={styles.ratingFigure}>
                <RatingSummary average={data.ratingAverage} count={data.reviewCount} />
              </p>
              {data.results[0]?.text ? (
                <p className={styles.meta}>
                  Newest, from {data.results[0].reviewerFirstName}: “{excerpt(data.results[0].text)}”
                </p>
              ) : null}
            </div>
          )
        }
      </Loaded>
    </MemberSection>
  );
}
