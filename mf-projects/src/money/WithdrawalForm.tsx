import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@sciexperts/shared';
import { newIdempotencyKey, paymentsApi, type Withdrawal } from '@sciexperts/shared/member';
import { errorIdOf, fieldErrorProps, LiveMessage } from '@sciexperts/ui';
import { centsFromInput, formatMoney, inputFromCents } from '../format';
import { checkWithdrawalAmount } from './withdrawalAmount';
import styles from './Money.module.css';

/** The server's sentence for the amount (a 400 names the field), else its message. */
function messageOf(error: unknown): string {
  if (!(error instanceof ApiError)) return String(error);
  return error.body?.details?.find((detail) => detail.field === 'amountCents')?.message ?? error.message;
}

/** An answer that leaves it unknown whether the withdrawal was made: the retry must send the same key. */
function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

export interface WithdrawalFormProps {
  availableCents: number;
  onWithdrawn: (withdrawal: Withdrawal) => void;
  /**
   * The id of the sentence saying withdrawals are held (a payout account change): Withdraw is then disabled and
   * described by it. aria-disabled, not disabled, so the button stays in the tab order and says why it does nothing.
   */
  heldBy?: string;
}

/**
 * Withdraw part or all of the available balance. One idempotency key per attempt (an amount): a retry after no
 * answer sends it again, so the money can never leave twice; a refusal or a success ends the attempt.
 */
export function WithdrawalForm({ availableCents, onWithdrawn, heldBy }: WithdrawalFormProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const attempt = useRef<{ amountCents: number; key: string } | null>(null);
  const [amount, setAmount] = useState(() => inputFromCents(availableCents));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // A new balance (after a withdrawal, or a reload) starts the field again from the whole of it.
  const [shownAvailable, setShownAvailable] = useState(availableCents);
  if (shownAvailable !== availableCents) {
    setShownAvailable(availableCents);
    setAmount(inputFromCents(availableCents));
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending || heldBy) return;
    const checked = checkWithdrawalAmount(amount, availableCents);
    if ('error' in checked) {
      setError(checked.error);
      inputRef.current?.focus();
      return;
    }
    if (attempt.current?.amountCents !== checked.cents) attempt.current = { amountCents: checked.cents, key: newIdempotencyKey() };
    setSending(true);
    setError(null);
    try {
      const withdrawal = await paymentsApi.withdraw(checked.cents, attempt.current.key);
      attempt.current = null;
      onWithdrawn(withdrawal);
    } catch (caught) {
      if (!outcomeUnknown(caught)) attempt.current = null;
      setError(messageOf(caught));
      inputRef.current?.focus();
    } finally {
      setSending(false);
    }
  }

  const typedCents = centsFromInput(amount);
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={inputId}>
          Amount (USD)
        </label>
        <p id={hintId} className={styles.hint}>
          Up to {formatMoney(availableCents)}
        </p>
        <input
          ref={inputRef}
          className={styles.input}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          {...fieldErrorProps(inputId, error, hintId)}
        />
      </div>
      <button type="submit" className={styles.primaryButton} disabled={sending} aria-disabled={heldBy ? true : undefined} aria-describedby={heldBy}>
        {sending ? 'Requesting…' : typedCents !== null ? `Withdraw ${formatMoney(typedCents)}` : 'Withdraw'}
      </button>
      <LiveMessage role="alert" id={errorIdOf(inputId)} className={styles.fieldError} message={error} />
    </form>
  );
}
