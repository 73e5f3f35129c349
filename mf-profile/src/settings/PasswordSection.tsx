import { useEffect, useId, useState, type FormEvent } from 'react';
import { PASSWORD_RULES_TEXT, loadCommonPasswords, passwordProblem, useAuth } from '@sciexperts/shared';
import { ACCOUNT_SETTINGS_MESSAGES as M, accountSettingsApi } from '@sciexperts/shared/member';
import { StatusMessage } from '../ui/StatusMessage';
import { TextField } from './TextField';
import { useFieldForm } from './useFieldForm';
import styles from './Settings.module.css';

/** Change the password: the current one first; every other session ends (this one stays signed in). */
export function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const headingId = useId();
  // The common-password list is fetched when the form opens, not with every page (the server checks it too).
  useEffect(() => {
    void loadCommonPasswords();
  }, []);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const form = useFieldForm();
  const user = useAuth((state) => state.user);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordProblem(next, user ?? {});
    const local = { ...(current ? {} : { currentPassword: M.currentPasswordRequired }), ...(problem ? { newPassword: problem } : {}) };
    if (await form.send(() => accountSettingsApi.changePassword({ currentPassword: current, newPassword: next }), local)) {
      setCurrent('');
      setNext('');
      onChanged();
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Password
      </h2>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy}>
        <TextField label="Current password" type="password" autoComplete="current-password" value={current} onChange={setCurrent} error={form.errors.currentPassword} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          hint={`${PASSWORD_RULES_TEXT} Changing it signs you out on every other device.`}
          error={form.errors.newPassword}
        />
        <button type="submit" className={styles.save} aria-disabled={form.busy || undefined}>
          {form.busy ? 'Changing…' : 'Change password'}
        </button>
        <StatusMessage message={form.failure ?? form.done} tone={form.failure ? 'error' : 'success'} />
      </form>
    </section>
  );
}
