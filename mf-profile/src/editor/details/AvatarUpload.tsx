import { useState } from 'react';
import { type User } from '@sciexperts/shared';
import { userApi } from '@sciexperts/shared/member';
import { StatusMessage, type StatusTone } from '../../ui/StatusMessage';
import styles from './ProfileDetails.module.css';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Checked here for a quick, clear answer; the server checks the bytes again and is the one that decides. */
export function avatarProblem(file: File): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'Please choose a PNG, JPEG or WebP image.';
  if (file.size > AVATAR_MAX_BYTES) return 'The image is larger than 2 MB. Please choose a smaller one.';
  return null;
}

export function AvatarUpload({ user, onUploaded }: { user: User; onUploaded: (user: User) => void }) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; tone: StatusTone } | null>(null);
  const fullName = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
  const initials = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.toUpperCase();

  const upload = async (file: File) => {
    const problem = avatarProblem(file);
    if (problem) {
      setStatus({ text: problem, tone: 'error' });
      return;
    }
    setBusy(true);
    setStatus({ text: 'Uploading photo...', tone: 'info' });
    try {
      const updated = await userApi.uploadProfileImage(user.id, file);
      onUploaded(updated);
      setStatus({ text: 'Profile photo updated.', tone: 'success' });
    } catch (error) {
      setStatus({ text: `Failed to upload photo: ${(error as Error).message}`, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.avatarRow}>
      {user.profImgUrl ? (
        <img className={styles.avatar} src={user.profImgUrl} width={96} height={96} alt={`Profile photo of ${fullName || 'you'}`} />
      ) : (
        <span className={`${styles.avatar} ${styles.avatarEmpty}`} aria-hidden="true">
          {initials}
        </span>
      )}
      <div>
        <label htmlFor="profile-avatar" className={styles.fileLabel}>
          Profile photo (PNG, JPEG or WebP, up to 2 MB)
        </label>
        <input
          id="profile-avatar"
          type="file"
          accept={AVATAR_TYPES.join(',')}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Clearing the value lets the member pick the same file again after a failure.
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <StatusMessage message={status?.text ?? null} tone={status?.tone} />
      </div>
    </div>
  );
}
