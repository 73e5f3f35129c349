import { useId, useState, type FormEvent } from 'react';
import { ADMIN_LIMITS, REPORT_REASONS, REPORT_REASON_LABELS, REPORTS_PATH, request, type ReportReason, type ReportTarget } from '@sciexperts/shared';
import { Modal } from '../dialog/Modal';
import styles from './ReportDialog.module.css';

export interface ReportDialogProps {
  targetType: ReportTarget;
  targetId: number;
  /** Names the dialog: 'Report this message', 'Report this project', … */
  title: string;
  onClose: () => void;
}

const FAILED = 'The report could not be sent. Try again.';

/**
 * 'Report': a reason from the fixed list and an optional note, sent to SciExperts' operators (POST /api/Reports).
 * The one dialog for every kind of target (a message, a profile, a project, a proposal); the server checks the
 * member may see the target and that it is not their own, and answers the words shown once it is sent.
 */
export function ReportDialog({ targetType, targetId, title, onClose }: ReportDialogProps) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!reason) return setError('Choose a reason.');
    setBusy(true);
    setError(null);
    try {
      const answer = await request<{ id: number; message: string }>('post', REPORTS_PATH, {
        json: { targetType, targetId, reason, ...(note.trim() ? { note } : {}) },
        fallbackError: FAILED,
      });
      setSent(answer.message);
    } catch (err) {
      setError(err instanceof Error ? err.message : FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal aria-labelledby={`${id}-title`} className={styles.layer} onDismiss={onClose} busy={busy}>
      <div className={styles.box}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        {sent ? (
          <>
            <p role="status">{sent}</p>
            <div className={styles.actions}>
              <button type="button" className={styles.button} onClick={onClose}>
                Close
              </button>
            </div>
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
            <div className={styles.actions}>
              <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
                Send report
              </button>
              <button type="button" className={styles.button} onClick={onClose}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
