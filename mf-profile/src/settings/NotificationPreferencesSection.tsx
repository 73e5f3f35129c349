import { useId, useState, type FormEvent } from 'react';
import {
  EMAIL_MODES,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPE_LABELS,
  notificationsApi,
  type EmailMode,
  type NotificationType,
} from '@sciexperts/shared/member';
import { StatusMessage, type StatusTone } from '../ui/StatusMessage';
import { LoadState } from './LoadState';
import { useLoaded } from './useLoaded';
import styles from './NotificationPreferencesSection.module.css';

const MODE_LABELS: Record<EmailMode, string> = { immediately: 'Right away', daily: 'Daily digest', off: 'Off' };

type Choices = Partial<Record<NotificationType, EmailMode>>;

const readPreferences = () => notificationsApi.preferences();

/**
 * Account settings: how each kind of notification reaches the member by e-mail. The bell always shows them; this
 * only chooses the e-mail. Saves the changed rows in one call.
 */
export function NotificationPreferencesSection({ id }: { id?: string }) {
  const headingId = useId();
  const { value: saved, setValue: setSaved, loadError, reload } = useLoaded(readPreferences);
  const [choices, setChoices] = useState<Choices>({});
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ text: string; tone: StatusTone } | null>(null);

  const current = (type: NotificationType, fallback: EmailMode) => choices[type] ?? fallback;
  const changed = saved?.preferences.filter((p) => choices[p.type] !== undefined && choices[p.type] !== p.email) ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || changed.length === 0) return;
    setSaving(true);
    setStatus(null);
    try {
      const next = await notificationsApi.setPreferences({ preferences: changed.map((p) => ({ type: p.type, email: choices[p.type]! })) });
      setSaved(next);
      setChoices({});
      setStatus({ text: NOTIFICATION_MESSAGES.preferencesSaved, tone: 'success' });
    } catch (error) {
      setStatus({ text: (error as Error).message, tone: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section id={id} tabIndex={id ? -1 : undefined} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Notifications
      </h2>
      <p className={styles.lead}>Everything appears under the bell in your account. Choose which notifications also reach you by e-mail, and when.</p>
      {saved === null ? (
        <LoadState error={loadError} onRetry={reload}>
          Loading your settings…
        </LoadState>
      ) : (
        <form onSubmit={(event) => void submit(event)} aria-busy={saving}>
          <ul className={styles.rows}>
            {saved.preferences.map(({ type, email }) => {
              const id = `${headingId}-${type}`;
              return (
                <li key={type} className={styles.row}>
                  <label htmlFor={id}>{NOTIFICATION_TYPE_LABELS[type]}</label>
                  <select id={id} className={styles.select} value={current(type, email)} onChange={(event) => setChoices({ ...choices, [type]: event.target.value as EmailMode })}>
                    {EMAIL_MODES.map((mode) => (
                      <option key={mode} value={mode}>
                        {MODE_LABELS[mode]}
                      </option>
                    ))}
                  </select>
                </li>
              );
            })}
          </ul>
          <button type="submit" className={styles.save} aria-disabled={saving || changed.length === 0 || undefined}>
            {saving ? 'Saving…' : 'Save e-mail settings'}
          </button>
          <StatusMessage message={status?.text ?? null} tone={status?.tone} />
        </form>
      )}
    </section>
  );
}
