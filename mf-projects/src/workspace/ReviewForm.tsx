import { useId, useRef, useState } from 'react';
import { RATING_CHOICE_LABELS, REVIEW_LIMITS, REVIEW_MESSAGES, type ApiError, type ReviewInput } from '@sciexperts/shared';
import { LiveMessage } from '@sciexperts/ui';
import { CountedTextArea } from './CountedTextArea';
import { fieldMessage } from '../ui/fieldMessage';
import styles from './Workspace.module.css';

const RATINGS = Array.from({ length: REVIEW_LIMITS.ratingMax - REVIEW_LIMITS.ratingMin + 1 }, (_, i) => REVIEW_LIMITS.ratingMax - i);

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
      <CountedTextArea
        label="Your review (optional)"
        hint={`What went well, and what could have gone better. ${firstName} sees it only once you have both written yours, and it cannot be changed afterwards.`}
        value={text}
        onChange={setText}
        rows={5}
        maxLength={REVIEW_LIMITS.textMax}
        error={textError}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? 'Submitting…' : 'Submit review'}
        </button>
      </div>
      <LiveMessage role="alert" className={styles.error} message={formError} />
    </form>
  );
}
