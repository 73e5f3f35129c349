import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import { ApiError } from '@sciexperts/shared';
import { projectsApi, type Invitation } from '@sciexperts/shared/member';
import { LiveMessage } from '@sciexperts/ui';
import { ageText } from '../format';
import { projectPath } from '../routing';
import { StatusBadge } from '../ui/StatusBadge';
import styles from './Member.module.css';

const DECLINE_FAILED = 'Failed to update the invitation. Please try again.';

/**
 * An invitation to a project: who invited the member and when; while the project is open, a link to send a
 * proposal and (where `onDeclined` is given) 'Decline'. Declining moves the focus to the row's new state, since
 * the button it was on is gone.
 */
export function InvitationRow({ invitation, onDeclined }: { invitation: Invitation; onDeclined?: (updated: Invitation) => void }) {
  const titleId = useId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const stateRef = useRef<HTMLSpanElement>(null);
  const focusState = useRef(false);
  const declined = invitation.status === 'declined';
  const open = invitation.project.status === 'open';

  useEffect(() => {
    if (declined && focusState.current) {
      focusState.current = false;
      stateRef.current?.focus();
    }
  }, [declined]);

  const decline = async () => {
    if (!onDeclined) return;
    setSaving(true);
    setError('');
    try {
      const updated = await projectsApi.declineInvitation(invitation.id);
      focusState.current = true;
      onDeclined(updated);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : DECLINE_FAILED);
    } finally {
      setSaving(false);
    }
  };

  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        {declined ? (
          <span id={titleId} className={styles.rowText}>
            {invitation.project.title}
          </span>
        ) : (
          <Link id={titleId} className={styles.rowTitle} to={projectPath(invitation.project.id)}>
            {invitation.project.title}
          </Link>
        )}
        <p className={styles.meta}>
          {invitation.project.ownerFirstName} invited you {ageText(invitation.createdAt)}
        </p>
      </div>
      <div className={styles.rowSide}>
        {declined ? (
          <span ref={stateRef} tabIndex={-1} className={`${styles.badge} ${styles.status}`}>
            You declined
          </span>
        ) : !open ? (
          <StatusBadge status={invitation.project.status} kind="project" />
        ) : (
          <>
            <Link className={styles.secondaryLink} to={projectPath(invitation.project.id)} aria-describedby={titleId}>
              Send a proposal
            </Link>
            {onDeclined ? (
              <button type="button" className={styles.dangerButton} onClick={() => void decline()} disabled={saving} aria-describedby={titleId}>
                {saving ? 'Declining…' : 'Decline'}
              </button>
            ) : null}
          </>
        )}
      </div>
      <LiveMessage role="alert" className={styles.rowError} message={error} />
    </li>
  );
}
