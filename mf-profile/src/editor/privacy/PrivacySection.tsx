import { useState } from 'react';
import { type User } from '@sciexperts/shared';
import { userApi } from '@sciexperts/shared/member';
import { StatusMessage, type StatusTone } from '../../ui/StatusMessage';
import styles from './PrivacySection.module.css';

/** A real setting (the spec's placeholder), saved at once through the update call's isProfilePublic. */
export function PrivacySection({ user, onUserUpdated }: { user: User; onUserUpdated: (user: User) => void }) {
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ text: string; tone: StatusTone } | null>(null);
  const isPublic = user.isProfilePublic === true;

  const toggle = async () => {
    setSaving(true);
    setStatus(null);
    try {
      const body = { isProfilePublic: !isPublic };
      const updated = user.authProvider === 'oidc' ? await userApi.updateIdentityUser(body) : await userApi.update(user.id, body);
      onUserUpdated(updated);
      setStatus({ text: updated.isProfilePublic ? 'Your profile is now in the expert directory and visible to visitors.' : 'Your profile is now hidden from the expert directory and from visitors.', tone: 'success' });
    } catch {
      setStatus({ text: 'Failed to save the privacy setting. Please try again.', tone: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div>
      <div className={styles.row}>
        <span id="privacy-public-label">Show my profile in the expert directory and to visitors</span>
        <button
          type="button"
          role="switch"
          aria-checked={isPublic}
          aria-labelledby="privacy-public-label"
          className={isPublic ? `${styles.track} ${styles.on}` : styles.track}
          disabled={saving}
          onClick={() => void toggle()}
        >
          <span className={styles.thumb} />
          <span className={styles.state} aria-hidden="true">
            {isPublic ? 'On' : 'Off'}
          </span>
        </button>
      </div>
      <StatusMessage message={status?.text ?? null} tone={status?.tone} />
    </div>
  );
}
