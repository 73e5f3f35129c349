import { useCallback, useEffect, useState } from 'react';
import { REVIEW_MESSAGES, type PublicReview, type ReviewPage } from '@sciexperts/shared';

export type ReviewPagesState = { status: 'loading' | 'ready'; error: null } | { status: 'error'; error: string };

/**
 * A member's published reviews, a page at a time: `more()` appends the next page, `retry()` asks again for the
 * page that failed. `key` names the list (a new key starts over at page 1).
 */
export function useReviewPages(load: (page: number) => Promise<ReviewPage>, key: string) {
  const [pages, setPages] = useState<{ key: string; page: number; reviews: PublicReview[]; total: number; pageSize: number }>({ key, page: 1, reviews: [], total: 0, pageSize: 0 });
  const [state, setState] = useState<ReviewPagesState>({ status: 'loading', error: null });
  const [attempt, setAttempt] = useState(0);
  const page = pages.key === key ? pages.page : 1;

  useEffect(() => {
    let current = true;
    setState({ status: 'loading', error: null });
    load(page).then(
      (answer) => {
        if (!current) return;
        setPages((shown) => {
          const before = shown.key === key && page > 1 ? shown.reviews : [];
          return { key, page, reviews: [...before, ...answer.results.filter((r) => !before.some((b) => b.id === r.id))], total: answer.reviewCount, pageSize: answer.pageSize };
        });
        setState({ status: 'ready', error: null });
      },
      (error: unknown) => {
        if (current) setState({ status: 'error', error: (error as { message?: string } | null)?.message || REVIEW_MESSAGES.loadFailed });
      },
    );
    return () => {
      current = false;
    };
    // `load` is read when the key, the page or the attempt changes: callers pass a new closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, page, attempt]);

  const reviews = pages.key === key ? pages.reviews : [];
  const hasMore = state.status === 'ready' && reviews.length < pages.total && reviews.length >= page * pages.pageSize;
  const more = useCallback(() => setPages((shown) => ({ ...shown, key, page: (shown.key === key ? shown.page : 1) + 1 })), [key]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { reviews, state, hasMore, more, retry };
}
