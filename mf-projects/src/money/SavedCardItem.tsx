import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError } from '@sciexperts/shared';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES, paymentsApi, type SavedCard } from '@sciexperts/shared/member';
import { ConfirmDialog, errorIdOf, fieldErrorProps, LiveMessage } from '@sciexperts/ui';
import { useAction } from '../project/useAction';
import { dangerConfirmClassNames } from '../ui/dialogClassNames';
import { fieldMessage } from '../ui/fieldMessage';
import { cardExpiryText, cardNumberText } from './cardText';
import styles from './Money.module.css';

export interface SavedCardItemProps {
  card: SavedCard;
  onRenamed: (card: SavedCard) => void;
  onRemoved: (card: SavedCard) => void;
  /** Focus has nowhere to go back to once the card is gone. */
  onFocusLost: () => void;
}

/** One saved card: what the provider says of it, the member's name for it, renamed in place, removed after a question. */
export function SavedCardItem({ card, onRenamed, onRemoved, onFocusLost }: SavedCardItemProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const inputId = `${id}-name`;
  const number = cardNumberText(card);
  const { busy, run } = useAction();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(card.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  // After the form closes, the Rename button that opened it takes the focus back (not on the first render).
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      renameRef.current?.focus();
    }
  }, [editing]);

  function startEditing() {
    setName(card.name ?? '');
    setError(null);
    setEditing(true);
  }

  function stopEditing() {
    returnFocus.current = true;
    setEditing(false);
    setError(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (name.trim().length > PAYMENT_LIMITS.cardNameMax) {
      setError(PAYMENT_MESSAGES.cardNameTooLong);
      inputRef.current?.focus();
      return;
    }
    const result = await run(() => paymentsApi.renameCard(card.id, name));
    if (!result) return;
    if (result.ok) {
      onRenamed(result.value);
      stopEditing();
    } else {
      setError(fieldMessage(result.error, 'name') ?? result.error.message);
      inputRef.current?.focus();
    }
  }

  async function remove() {
    setRemoveError(null);
    const result = await run(() => paymentsApi.removeCard(card.id));
    if (!result) return;
    setConfirming(false);
    if (result.ok) onRemoved(card);
    else setRemoveError(result.error instanceof ApiError ? result.error.message : String(result.error));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Escape leaves the name as it was, as Cancel does.
    if (event.key === 'Escape') {
      event.preventDefault();
      stopEditing();
    }
  }

  return (
    <li className={styles.savedCard}>
      <div className={styles.savedCardText}>
        <p id={titleId} className={styles.savedCardTitle}>
          {card.name ?? number}
        </p>
        <p className={styles.muted}>
          {card.name ? `${number} · ` : ''}Expires {cardExpiryText(card)}
        </p>
      </div>
      {editing ? (
        <form className={styles.form} onSubmit={save} noValidate>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={inputId}>
              Name for {number}
            </label>
            <input
              ref={inputRef}
              className={styles.nameInput}
              type="text"
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={onKeyDown}
              {...fieldErrorProps(inputId, error)}
            />
          </div>
          <button type="submit" className={styles.primaryButton} disabled={busy}>
            {busy ? 'Saving…' : 'Save name'}
          </button>
          <button type="button" className={styles.secondaryButton} onClick={stopEditing} disabled={busy}>
            Cancel
          </button>
          <LiveMessage role="alert" id={errorIdOf(inputId)} className={styles.fieldError} message={error} />
        </form>
      ) : (
        <div className={styles.cardActions}>
          <button ref={renameRef} type="button" className={styles.secondaryButton} aria-describedby={titleId} onClick={startEditing}>
            Rename
          </button>
          <button type="button" className={styles.dangerButton} aria-describedby={titleId} onClick={() => setConfirming(true)}>
            Remove
          </button>
        </div>
      )}
      <LiveMessage role="alert" className={styles.fieldError} message={removeError} />
      {confirming ? (
        <ConfirmDialog
          message={`Remove ${card.name ? `“${card.name}” (${number})` : number}? The payment provider forgets it: to pay with it again, you would enter it again.`}
          confirmLabel="Remove card"
          busyLabel="Removing…"
          cancelLabel="Keep it"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
          onFocusLost={onFocusLost}
          classNames={dangerConfirmClassNames}
        />
      ) : null}
    </li>
  );
}
