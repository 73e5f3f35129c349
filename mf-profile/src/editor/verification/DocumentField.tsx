import { useId, useState } from 'react';
import { ApiError, type VettingFileView } from '@sciexperts/shared';
import { vettingApi } from '@sciexperts/shared/member';
import { FieldError, fieldErrorProps } from '@sciexperts/ui';
import styles from './Verification.module.css';

/**
 * A document for the verification request: chosen, it is uploaded at once through the private files mechanism
 * (only the expert and the operators can read it); the field then says which file it holds.
 */
export function DocumentField({ label, hint, file, onUploaded, error }: { label: string; hint: string; file: VettingFileView | null; onUploaded: (file: VettingFileView) => void; error?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setBusy(true);
    setFailed(null);
    try {
      onUploaded(await vettingApi.upload(chosen, chosen.name));
    } catch (err) {
      setFailed(err instanceof ApiError ? err.message : 'Failed to upload the document. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const shown = failed ?? error;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      <input type="file" accept=".pdf,image/*" disabled={busy} onChange={(event) => void choose(event.target.files?.[0])} {...fieldErrorProps(id, shown, hintId)} />
      <p className={styles.uploaded} aria-live="polite">
        {busy ? 'Uploading…' : file ? `${file.name} is uploaded.` : ''}
      </p>
      <FieldError controlId={id} error={shown} className={styles.fieldError} />
    </div>
  );
}
