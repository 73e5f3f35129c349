import { useState } from 'react';
import { type User } from '@sciexperts/shared';
import { COUNTRIES } from '@sciexperts/shared/countries';
import { userApi } from '@sciexperts/shared/member';
import { StatusMessage, type StatusTone } from '../../ui/StatusMessage';
import { AvatarUpload } from './AvatarUpload';
import { HeadlineField } from './HeadlineField';
import { HourlyFeeInput } from './HourlyFeeInput';
import { buildUpdateBody, isDetailsChanged, isDetailsValid, valuesFromUser, type DetailsValues } from './detailsForm';
import styles from './ProfileDetails.module.css';

export const SAVED_MESSAGE = 'Profile saved successfully!';
export const SAVE_FAILED_MESSAGE = 'Failed to save profile. Please try again.';
export const CANCELED_MESSAGE = 'All changes have been canceled.';

interface Props {
  user: User;
  /** Completed mandatory items / 5, from computeCompletion (the same numbers as the chips). */
  percent: number;
  onUserUpdated: (user: User) => void;
}

export function ProfileDetails({ user, percent, onUserUpdated }: Props) {
  const original = valuesFromUser(user);
  const originalKey = JSON.stringify(original);
  const [values, setValues] = useState(original);
  const [syncedKey, setSyncedKey] = useState(originalKey);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ text: string; tone: StatusTone } | null>(null);

  // When the saved profile changes (after Save, or a photo upload elsewhere), the form follows it.
  // Compared by content so an unrelated store update (services, photo) keeps unsaved edits.
  if (originalKey !== syncedKey) {
    setSyncedKey(originalKey);
    setValues(original);
  }

  const set = (key: keyof DetailsValues) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const showActions = isDetailsValid(values) && isDetailsChanged(values, original);

  const save = async () => {
    setSaving(true);
    setStatus(null);
    try {
      const body = buildUpdateBody(values, user.profImgUrl, user.country ?? null);
      const updated = user.authProvider === 'oidc' ? await userApi.updateIdentityUser(body) : await userApi.update(user.id, body);
      onUserUpdated(updated);
      setStatus({ text: SAVED_MESSAGE, tone: 'success' });
    } catch {
      setStatus({ text: SAVE_FAILED_MESSAGE, tone: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    setValues(original);
    setStatus({ text: CANCELED_MESSAGE, tone: 'info' });
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (showActions && !saving) void save();
      }}
    >
      <div className={styles.progress}>
        <label htmlFor="profile-completion">Profile {percent}% complete</label>
        <progress id="profile-completion" max={100} value={percent}>
          {percent}%
        </progress>
      </div>
      <AvatarUpload user={user} onUploaded={onUserUpdated} />
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor="profile-first-name">First name</label>
          <input id="profile-first-name" className={styles.input} autoComplete="given-name" value={values.firstName} onChange={(event) => set('firstName')(event.target.value)} />
        </div>
        <div className={styles.field}>
          <label htmlFor="profile-last-name">Last name</label>
          <input id="profile-last-name" className={styles.input} autoComplete="family-name" value={values.lastName} onChange={(event) => set('lastName')(event.target.value)} />
        </div>
      </div>
      <HeadlineField value={values.headline} onChange={set('headline')} />
      <div className={styles.field}>
        <label htmlFor="profile-summary">Summary</label>
        <textarea id="profile-summary" className={styles.input} rows={6} value={values.profileSummary} onChange={(event) => set('profileSummary')(event.target.value)} />
      </div>
      <HourlyFeeInput value={values.hourlyFee} onChange={set('hourlyFee')} />
      <div className={styles.field}>
        <label htmlFor="profile-country">Country (optional)</label>
        <select id="profile-country" className={styles.input} autoComplete="country" value={values.country} onChange={(event) => set('country')(event.target.value)}>
          <option value="">Not specified</option>
          {COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      {showActions && (
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
          <button type="button" className={styles.secondary} disabled={saving} onClick={cancel}>
            Cancel
          </button>
        </div>
      )}
      <StatusMessage message={status?.text ?? null} tone={status?.tone} />
    </form>
  );
}
