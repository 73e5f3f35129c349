import { useId, useState, type FormEvent } from 'react';
import { ApiError, signOut, useAuth } from '@sciexperts/shared';
import { ACCOUNT_SETTINGS_MESSAGES as M, accountSettingsApi } from '@sciexperts/shared/member';
import { ConfirmDialog, saveBlob } from '@sciexperts/ui';
import { dangerConfirmClassNames } from '../editor/records/dangerConfirmClassNames';
import { StatusMessage } from '../ui/StatusMessage';
import { TextField } from './TextField';
import styles from './Settings.module.css';


/**
 * The member's data and the end of the account, both behind the current password (members of the identity
 * provider: a recent sign-in). Deleting asks once more, and the server says why when it cannot yet (an active
 * contract, money in escrow, earnings to withdraw).
 */
export function DataSection({ id }: { id?: string }) {
  const headingId = useId();
  const userId = useAuth((state) => state.user?.id ?? 0);
  const withPassword = useAuth((state) => state.signInMethod !== 'identity');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  /** The password is needed first; the server's refusal of it shows by the field. */
  function ready(): boolean {
    if (withPassword && !password) {
      setPasswordError(M.currentPasswordRequired);
      return false;
    }
    setPasswordError(undefined);
    return true;
  }

  function failed(error: unknown) {
    const byField = error instanceof ApiError ? error.body?.details?.find((d) => d.field === 'currentPassword')?.message : undefined;
    if (byField) setPasswordError(byField);
    else setStatus({ text: error instanceof Error ? error.message : String(error), tone: 'error' });
  }

  async function download(event: FormEvent) {
    event.preventDefault();
    if (busy || !ready()) return;
    setBusy('export');
    setStatus(null);
    try {
      saveBlob(await accountSettingsApi.exportData(withPassword ? password : undefined), `sciexperts-data-${userId}.json`);
      setStatus({ text: 'Your data is downloaded.', tone: 'success' });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('delete');
    setStatus(null);
    try {
      const { message } = await accountSettingsApi.deleteAccount(withPassword ? password : undefined);
      setAsking(false);
      // Every session has ended; the shell shows the reason on its way out of the member area.
      signOut(message);
    } catch (error) {
      setAsking(false);
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section id={id} tabIndex={id ? -1 : undefined} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Your data and your account
      </h2>
      <p className={styles.lead}>
        Download everything you gave SciExperts or wrote on it as one file. Deleting your account removes your profile and personal data at once; messages you
        sent stay with the people you sent them to, signed “Deleted member”, and payment records stay for the accounts, without your name.
      </p>
      <form className={styles.form} noValidate onSubmit={(event) => void download(event)} aria-busy={busy !== null}>
        {withPassword ? (
          <TextField label="Current password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={passwordError} />
        ) : null}
        <button type="submit" className={styles.secondary} aria-disabled={busy !== null || undefined}>
          {busy === 'export' ? 'Preparing…' : 'Download my data'}
        </button>
        <button type="button" className={styles.danger} aria-disabled={busy !== null || undefined} onClick={() => busy === null && ready() && setAsking(true)}>
          Delete my account
        </button>
        <StatusMessage message={status?.text ?? null} tone={status?.tone} />
      </form>
      {asking ? (
        <ConfirmDialog
          message="Delete your SciExperts account for good? This cannot be undone."
          confirmLabel="Delete my account"
          busyLabel="Deleting…"
          busy={busy === 'delete'}
          onConfirm={() => void remove()}
          onCancel={() => setAsking(false)}
          classNames={dangerConfirmClassNames}
        />
      ) : null}
    </section>
  );
}
