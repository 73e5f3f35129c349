import { useId, useState, type FormEvent } from 'react';
import { FIELD_MESSAGES, useAuth } from '@sciexperts/shared';
import { ACCOUNT_SETTINGS_LIMITS, ACCOUNT_SETTINGS_MESSAGES as M, accountSettingsApi } from '@sciexperts/shared/member';
import { StatusMessage } from '../ui/StatusMessage';
import { TextField } from './TextField';
import { useFieldForm } from './useFieldForm';
import styles from './Settings.module.css';

/**
 * The sign-in e-mail address. A change needs the current password (members of the identity provider: a recent
 * sign-in), and happens only when the member opens the link mailed to the new address.
 */
export function EmailSection() {
  const headingId = useId();
  const email = useAuth((state) => state.user?.email ?? '');
  const withPassword = useAuth((state) => state.signInMethod !== 'identity');
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useFieldForm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!newEmail.trim()) local.newEmail = FIELD_MESSAGES.emailRequired;
    if (withPassword && !password) local.currentPassword = M.currentPasswordRequired;
    if (await form.send(() => accountSettingsApi.changeEmail({ newEmail: newEmail.trim(), ...(withPassword ? { currentPassword: password } : {}) }), local)) {
      setNewEmail('');
      setPassword('');
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        E-mail address
      </h2>
      <p className={styles.lead}>
        You sign in with <strong>{email}</strong>. We send a link to a new address; it replaces this one when you open the link within{' '}
        {ACCOUNT_SETTINGS_LIMITS.emailTokenHours} hours.
      </p>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy}>
        <TextField label="New e-mail address" type="email" autoComplete="email" value={newEmail} onChange={setNewEmail} error={form.errors.newEmail} />
        {withPassword ? (
          <TextField label="Current password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={form.errors.currentPassword} />
        ) : (
          <p className={styles.hint}>You sign in through your identity provider: sign in again there first if it has been more than {ACCOUNT_SETTINGS_LIMITS.recentSignInMinutes} minutes.</p>
        )}
        <button type="submit" className={styles.save} aria-disabled={form.busy || undefined}>
          {form.busy ? 'Sending…' : 'Send the confirmation link'}
        </button>
        <StatusMessage message={form.failure ?? form.done} tone={form.failure ? 'error' : 'success'} />
      </form>
    </section>
  );
}
