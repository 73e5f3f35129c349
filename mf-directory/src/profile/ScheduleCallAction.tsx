import { CALL_TEXT, requestCall, useAuth, useExpertCalendar, type PublicExpertProfile } from '@sciexperts/shared';
import { useLocation } from '@sciexperts/shared/router';
import styles from './Profile.module.css';

/**
 * 'Schedule a call' beside Message: opens the slot picker (the shell mounts mf-profile's; a visitor signs in first
 * and comes back to it). Until the expert opens their calendar it says so, and Message beside it stays the way in.
 */
export function ScheduleCallAction({ profile }: { profile: PublicExpertProfile }) {
  const me = useAuth((state) => state.user?.id);
  const calendar = useExpertCalendar(profile.id);
  const here = useLocation();
  if (me === profile.id) return null;
  if (calendar === 'closed') {
    return (
      <p className={styles.callNote}>
        {profile.firstName} {CALL_TEXT.noCalendar}.
      </p>
    );
  }
  return (
    <button type="button" className={styles.secondaryButton} onClick={() => requestCall(profile.id, here)}>
      {CALL_TEXT.schedule}
    </button>
  );
}
