import { useId, useRef, useState } from 'react';
import { RATING_CHOICE_LABELS, REVIEW_LIMITS, REVIEW_MESSAGES, type ApiError, type ReviewInput } from '@sciexperts/shared';
import { FieldError, fieldErrorProps, LiveMessage } from '@sciexperts/ui';
import styles from './Workspace.module.css';

const RATINGS = Array.from({ length: REVIEW_LIMITS.ratingMax - REVIEW_LIMITS.ratingMin + 1 }, (_, i) => REVIEW_LIMITS.ratingMax - i);
const count = (n: number, max: number) => `${n.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} characters`;

/** The server's sentence for one field of a 400, if it named that field. */
export const fieldMessage = (error: ApiError | null, field: string) => error?.body?.details?.find((d) => d.field === field)?.message ?? null;

interface Props {
  /** The first name of the member reviewed. */
  firstName: string;
  busy: boolean;
  /** The server's refusal (400 by field, 409), shown in the form; what was typed stays. */
  error: ApiError | null;
  onSubmit: (input: ReviewInput) => void;
}

/** 1–5 stars as a group of real radio buttons, and an optional text with its count. Both stay as typed on a refusal. */
export function ReviewForm({ firstName, busy, error, onSubmit }: Props) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [ratingError, setRatingError] = useState<string | null>(null);
  const firstRadio = useRef<HTMLInputElement>(null);
  const textId = `${id}-text`;
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const ratingErrorId = `${id}-rating-error`;
  const shownRatingError = ratingError ?? fieldMessage(error, 'rating');
  const textError = fieldMessage(error, 'text');
  // A refusal that names no field (a 409: the window closed meanwhile) is said under the button.
  const formError = error && !error.body?.details?.some((d) => d.field === 'rating' || d.field === 'text') ? error.message : null;

  return (
    <form
      className={styles.reviewForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        if (rating === null) {
          setRatingError(REVIEW_MESSAGES.ratingInvalid);
          firstRadio.current?.focus();
          return;
        }
        setRatingError(null);
        onSubmit({ rating, text: text.trim() === '' ? null : text });
      }}
    >
      <fieldset
        role="radiogroup"
        className={styles.ratingGroup}
        aria-labelledby={`${id}-legend`}
        aria-required="true"
        aria-describedby={shownRatingError ? ratingErrorId : undefined}
        aria-invalid={shownRatingError ? true : undefined}
      >
        <legend id={`${id}-legend`} className={styles.label}>
          Your rating of {firstName} (required)
        </legend>
        {RATINGS.map((value, i) => (
          <label key={value} className={styles.choice}>
            <input
              ref={i === 0 ? firstRadio : undefined}
              type="radio"
              name={`${id}-rating`}
              value={value}
              checked={rating === value}
              onChange={() => {
                setRating(value);
                setRatingError(null);
              }}
            />
            <span aria-hidden="true" className={styles.stars}>
              {'★'.repeat(value)}
              {'☆'.repeat(REVIEW_LIMITS.ratingMax - value)}
            </span>
            {RATING_CHOICE_LABELS[value]}
          </label>
        ))}
        {shownRatingError ? (
          <p id={ratingErrorId} className={styles.fieldError}>
            {shownRatingError}
          </p>
        ) : null}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={textId} className={styles.label}>
          Your review (optional)
        </label>
        <p id={hintId} className={styles.hint}>
          What went well, and what could have gone better. {firstName} sees it only once you have both written yours, and it cannot be changed afterwards.
        </p>
        <textarea
          {...fieldErrorProps(textId, textError, `${hintId} ${countId}`)}
          className={styles.textarea}
          rows={5}
          maxLength={REVIEW_LIMITS.textMax}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <FieldError controlId={textId} error={textError} className={styles.fieldError} />
        <p id={countId} className={styles.hint}>
          {count(text.length, REVIEW_LIMITS.textMax)}
        </p>
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? 'Submitting…' : 'Submit review'}
        </button>
      </div>
      <LiveMessage role="alert" className={styles.error} message={formError} />
    </form>
  );
}

/** The reviewed member's one public answer to a published review. */
export function ReplyForm({ firstName, busy, error, onSubmit }: { firstName: string; busy: boolean; error: ApiError | null; onSubmit: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const textId = `${id}-reply`;
  const countId = `${id}-count`;
  const shown = localError ?? fieldMessage(error, 'text');
  const formError = error && !fieldMessage(error, 'text') ? error.message : null;
  return (
    <form
      className={styles.reviewForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        if (text.trim() === '') {
          setLocalError(REVIEW_MESSAGES.replyRequired);
          input.current?.focus();
          return;
        }
        setLocalError(null);
        onSubmit(text);
      }}
    >
      <div className={styles.field}>
        <label htmlFor={textId} className={styles.label}>
          Your public reply to {firstName}
        </label>
        <textarea
          ref={input}
          {...fieldErrorProps(textId, shown, countId)}
          className={styles.textarea}
          rows={3}
          maxLength={REVIEW_LIMITS.replyMax}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <FieldError controlId={textId} error={shown} className={styles.fieldError} />
        <p id={countId} className={styles.hint}>
          {count(text.length, REVIEW_LIMITS.replyMax)}. You can reply once; the reply shows under the review.
        </p>
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.secondary} disabled={busy}>
          {busy ? 'Posting…' : 'Post reply'}
        </button>
      </div>
      <LiveMessage role="alert" className={styles.error} message={formError} />
    </form>
  );
}
