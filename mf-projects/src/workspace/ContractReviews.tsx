import { useCallback, useId, useState, type ReactNode } from 'react';
import { formatMediumDate, REVIEW_MESSAGES, reviewsApi, type ApiError, type ContractReview, type ContractReviews as ContractReviewsData, type ReviewInput } from '@sciexperts/shared';
import { Stars, useNotice } from '@sciexperts/ui';
import { formatDate, fullName } from '../format';
import { Notice } from '../project/Notice';
import { useAction } from '../project/useAction';
import { LoadFailed } from '../ui/LoadFailed';
import { useLoad } from '../ui/useLoad';
import { ReplyForm } from './ReplyForm';
import { ReviewForm } from './ReviewForm';
import styles from './Workspace.module.css';

/** 'Your review is saved. It will be published when Olga has written hers…': said after writing, and while it waits. */
export function pendingText(firstName: string, windowEndsAt: string | null): string {
  const when = windowEndsAt ? `, or on ${formatDate(windowEndsAt)}` : '';
  return `Your review is saved. It will be published when ${firstName} has written theirs${when}.`;
}

function ReviewCard({ title, review, replierFirstName, children }: { title: string; review: ContractReview; replierFirstName: string; children?: ReactNode }) {
  const id = useId();
  return (
    <article className={styles.review} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.reviewTitle}>
        {title}
      </h3>
      <p className={styles.reviewMeta}>
        <Stars rating={review.rating} />
        <span>{review.publishedAt ? `Published ${formatMediumDate(review.publishedAt)}` : `Written ${formatMediumDate(review.createdAt)}, not published yet`}</span>
      </p>
      {review.text ? <p className={styles.note}>{review.text}</p> : <p className={styles.meta}>No text, only the rating.</p>}
      {review.reply ? (
        <div className={styles.reviewReply}>
          <p className={styles.reviewReplyTitle}>Reply from {replierFirstName}</p>
          <p className={styles.note}>{review.reply.text}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}

/**
 * The workspace's Reviews, once the contract has ended: the form to review the other party (stars and an optional
 * text), what was written while it waits for the other review, then both reviews once published, and the reply to
 * the review of the viewer. Double-blind: the other party's review appears only when the server publishes it.
 */
export function ContractReviews({ contractId }: { contractId: number }) {
  const load = useLoad(() => reviewsApi.forContract(contractId), `reviews:${contractId}`);
  const { setData } = load;
  const write = useAction();
  const reply = useAction();
  const [writeError, setWriteError] = useState<ApiError | null>(null);
  const [replyError, setReplyError] = useState<ApiError | null>(null);
  const notice = useNotice();
  const { show } = notice;
  const headingId = useId();

  const settled = useCallback(
    (data: ContractReviewsData, message: string) => {
      setData(data);
      // The form that had the focus is gone: the outcome takes it.
      show(message, 'success', { focus: true });
    },
    [setData, show],
  );

  if (load.data === null) {
    return (
      <section className={styles.section} aria-labelledby={headingId} aria-busy={load.status === 'loading'}>
        <h2 id={headingId} className={styles.sectionTitle}>
          Reviews
        </h2>
        {load.status === 'error' ? <LoadFailed message={load.error.message} onRetry={load.reload} /> : <p className={styles.meta}>Loading the reviews…</p>}
      </section>
    );
  }

  const data = load.data;
  const { subject, mine, theirs } = data;
  const name = fullName(subject);

  const submit = async (input: ReviewInput) => {
    setWriteError(null);
    const result = await write.run(() => reviewsApi.write(contractId, input));
    if (!result) return;
    if (!result.ok) {
      // Written from another tab meanwhile, or the window closed: what the server says is the truth now. The reload
      // takes the form away, so its sentence is the section's notice, which takes the focus from the form's button.
      if (result.error.status === 409) {
        show(result.error.message, 'error', { focus: true });
        load.reload();
      } else setWriteError(result.error);
      return;
    }
    const published = result.value.mine?.publishedAt != null;
    settled(result.value, published ? `Your review is saved and published, together with ${subject.firstName}’s review of you.` : pendingText(subject.firstName, result.value.windowEndsAt));
  };

  const answer = async (text: string) => {
    if (!theirs) return;
    setReplyError(null);
    const result = await reply.run(() => reviewsApi.reply(theirs.id, text));
    if (!result) return;
    if (result.ok) settled(result.value, 'Your reply is published under the review.');
    else setReplyError(result.error);
  };

  if (data.state === 'unavailable') {
    return (
      <section className={styles.section} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.sectionTitle}>
          Reviews
        </h2>
        <p className={styles.meta}>No milestone of this contract was released, so there is nothing to review.</p>
      </section>
    );
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {data.canWrite ? `Review ${subject.firstName}` : 'Reviews'}
      </h2>
      <Notice notice={notice.notice} noticeRef={notice.ref} />
      {load.status === 'error' ? <LoadFailed message={load.error.message} onRetry={load.reload} /> : null}

      {data.canWrite ? (
        <>
          <p className={styles.meta}>
            {data.theirsWritten
              ? `${subject.firstName} has written their review of you. Write yours to see it: both are published together.`
              : `Neither of you sees the other’s review until both are written${data.windowEndsAt ? ` or ${formatDate(data.windowEndsAt)} has passed` : ''}. Then both are published at once and cannot be changed.`}
          </p>
          <ReviewForm firstName={subject.firstName} busy={write.busy} error={writeError} onSubmit={(input) => void submit(input)} />
        </>
      ) : null}

      {mine && mine.publishedAt === null ? (
        <>
          {notice.notice === null ? <p className={styles.meta}>{pendingText(subject.firstName, data.windowEndsAt)}</p> : null}
          <ReviewCard title={`Your review of ${name}`} review={mine} replierFirstName={subject.firstName} />
        </>
      ) : null}

      {theirs ? (
        <ReviewCard title={`${subject.firstName}’s review of you`} review={theirs} replierFirstName="you">
          {data.canReply ? <ReplyForm firstName={subject.firstName} busy={reply.busy} error={replyError} onSubmit={(text) => void answer(text)} /> : null}
        </ReviewCard>
      ) : null}

      {mine && mine.publishedAt !== null ? <ReviewCard title={`Your review of ${name}`} review={mine} replierFirstName={subject.firstName} /> : null}

      {data.state === 'closed' && !mine ? <p className={styles.meta}>{REVIEW_MESSAGES.windowClosed}</p> : null}
    </section>
  );
}
