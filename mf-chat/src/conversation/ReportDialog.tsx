import { useId, useState, type FormEvent } from 'react';
import { ADMIN_LIMITS, REPORT_REASONS, REPORT_REASON_LABELS, REPORTS_PATH, request, type ReportReason } from '@sciexperts/shared';
import { Modal } from '@sciexperts/ui';
import styles from './MessageItem.module.css';

/** 'Report' on a message: a reason from the list and an optional note, sent to SciExperts' operators. */
export function ReportDialog({ messageId, onClose }: { messageId: number; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setError('Choose a reason.');
    setBusy(true);
    setError(null);
    try {
      const answer = await request<{ id: number; message: string }>('post', REPORTS_PATH, {
        json: { targetType: 'message', targetId: messageId, reason, ...(note.trim() ? { note } : {}) },
        fallbackError: 'The report could not be sent. Try again.',
      });
      setSent(answer.message);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The report could not be sent. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal aria-labelledby={`${id}-title`} className={styles.layer} onDismiss={onClose} busy={busy}>
      <div className={styles.box}>
        <h2 id={`${id}-title`}>Report this message</h2>
        {sent ? (
          <>
            <p role="status">{sent}</p>
            <button type="button" className={styles.retry} onClick={onClose}>
              Close
            </button>
          </>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <fieldset className={styles.reasons}>
              <legend>Why are you reporting it?</legend>
              {REPORT_REASONS.map((r) => (
                <label key={r} className={styles.reason}>
                  <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} />
                  {REPORT_REASON_LABELS[r]}
                </label>
              ))}
            </fieldset>
            <label htmlFor={`${id}-note`}>Anything we should know (optional)</label>
            <textarea id={`${id}-note`} className={styles.note} rows={3} maxLength={ADMIN_LIMITS.reportNoteMax} value={note} onChange={(e) => setNote(e.target.value)} />
            {error && (
              <p role="alert" className={styles.failed}>
                {error}
              </p>
            )}
            <div className={styles.dialogActions}>
              <button type="submit" className={styles.retry} aria-disabled={busy || undefined}>
                Send report
              </button>
              <button type="button" className={styles.retry} onClick={onClose}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
