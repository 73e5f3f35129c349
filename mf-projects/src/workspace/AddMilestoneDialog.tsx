import { useId, useRef, useState } from 'react';
import { type ApiError } from '@sciexperts/shared';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES, type NewMilestoneInput } from '@sciexperts/shared/member';
import { dialogLook, FieldError, fieldErrorProps, LiveMessage, Modal } from '@sciexperts/ui';
import { centsFromInput } from '../format';
import dialog from '../ui/Dialog.module.css';
import styles from './Workspace.module.css';

type Field = 'title' | 'amountCents' | 'dueDate';
type Errors = Partial<Record<Field, string>>;

const AMOUNT_INVALID = 'Please enter an amount in US dollars, such as 500 or 499.50.';

/** Today as 'YYYY-MM-DD' in the member's own calendar (the earliest due date the form offers). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

interface Props {
  expertName: string;
  busy: boolean;
  /** The server's refusal: its per-field details go next to their fields, the rest below the form. */
  error: ApiError | null;
  onConfirm: (input: NewMilestoneInput) => void;
  onCancel: () => void;
}

/** The client proposes one more milestone; the expert accepts it before it can be funded. */
export function AddMilestoneDialog({ expertName, busy, error, onConfirm, onCancel }: Props) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const titleRef = useRef<HTMLInputElement>(null);
  const ids = { title: `${id}-title-field`, amountCents: `${id}-amount`, dueDate: `${id}-due` };

  const serverErrors: Errors = {};
  const unplaced: string[] = [];
  for (const detail of error?.body?.details ?? []) {
    if (detail.field === 'title' || detail.field === 'amountCents' || detail.field === 'dueDate') serverErrors[detail.field] ??= detail.message;
    else unplaced.push(detail.message);
  }
  const shown: Errors = { ...serverErrors, ...errors };
  const generalError = error && !error.body?.details?.length ? error.message : unplaced.join(' ') || null;

  return (
    <Modal aria-labelledby={`${id}-heading`} className={dialogLook.layer} busy={busy} onDismiss={onCancel} initialFocus={titleRef}>
      <form
        className={dialogLook.box}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          const amountCents = centsFromInput(amount);
          const found: Errors = {};
          if (title.trim() === '') found.title = PAYMENT_MESSAGES.titleRequired;
          if (amountCents === null) found.amountCents = AMOUNT_INVALID;
          if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) found.dueDate = PAYMENT_MESSAGES.dateInvalid;
          else if (dueDate < today()) found.dueDate = PAYMENT_MESSAGES.dateInPast;
          setErrors(found);
          const first = (['title', 'amountCents', 'dueDate'] as const).find((field) => found[field]);
          if (first) {
            document.getElementById(ids[first])?.focus();
            return;
          }
          onConfirm({ title: title.trim(), amountCents: amountCents ?? 0, dueDate });
        }}
      >
        <h2 id={`${id}-heading`} className={dialogLook.title}>
          Add a milestone
        </h2>
        <p className={dialog.message}>{expertName} accepts it before you can fund it. The contract’s price does not change.</p>
        <div className={styles.field}>
          <label htmlFor={ids.title} className={styles.label}>
            Title
          </label>
          <input
            ref={titleRef}
            {...fieldErrorProps(ids.title, shown.title)}
            className={styles.input}
            maxLength={PAYMENT_LIMITS.milestoneTitleMax}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <FieldError controlId={ids.title} error={shown.title} className={styles.fieldError} />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.amountCents} className={styles.label}>
            Amount (USD)
          </label>
          <input
            {...fieldErrorProps(ids.amountCents, shown.amountCents)}
            className={styles.input}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <FieldError controlId={ids.amountCents} error={shown.amountCents} className={styles.fieldError} />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.dueDate} className={styles.label}>
            Due date
          </label>
          <input
            {...fieldErrorProps(ids.dueDate, shown.dueDate)}
            className={styles.input}
            type="date"
            min={today()}
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
          />
          <FieldError controlId={ids.dueDate} error={shown.dueDate} className={styles.fieldError} />
        </div>
        <LiveMessage role="alert" className={styles.error} message={generalError} />
        <div className={dialog.actions}>
          <button type="submit" className={dialog.confirm} aria-disabled={busy || undefined}>
            {busy ? 'Adding…' : 'Add milestone'}
          </button>
          <button type="button" className={dialog.cancel} aria-disabled={busy || undefined} onClick={() => !busy && onCancel()}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
