import { useId, useState, type FormEvent } from 'react';
import { authStore, FIELD_MESSAGES, PHONE_RE, updateStoredUser, useAuth } from '@sciexperts/shared';
import { accountSettingsApi } from '@sciexperts/shared/member';
import { StatusMessage } from '../ui/StatusMessage';
import { TextField } from './TextField';
import { useFieldForm } from './useFieldForm';
import styles from './Settings.module.css';

/** The phone number SciExperts can reach the member at (checked here and by the server with one rule). */
export function PhoneSection() {
  const headingId = useId();
  const saved = useAuth((state) => state.user?.phoneNumber ?? '');
  const [phone, setPhone] = useState(saved);
  const form = useFieldForm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = phone.trim();
    const problem = !value ? FIELD_MESSAGES.phoneRequired : PHONE_RE.test(value) ? null : FIELD_MESSAGES.phoneInvalid;
    const local: Record<string, string> = problem ? { phoneNumber: problem } : {};
    if (await form.send(() => accountSettingsApi.changePhone({ phoneNumber: value }), local)) {
      const user = authStore.getState().user;
      if (user) updateStoredUser({ ...user, phoneNumber: value });
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Phone number
      </h2>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy}>
        <TextField label="Phone number" type="tel" autoComplete="tel" value={phone} onChange={setPhone} error={form.errors.phoneNumber} />
        <button type="submit" className={styles.save} aria-disabled={form.busy || undefined}>
          {form.busy ? 'Saving…' : 'Save phone number'}
        </button>
        <StatusMessage message={form.failure ?? form.done} tone={form.failure ? 'error' : 'success'} />
      </form>
    </section>
  );
}
