import { useState } from 'react';
import { projectsApi, type Project } from '@sciexperts/shared/member';
import { ConfirmDialog, LiveMessage } from '@sciexperts/ui';
import { dangerConfirmClassNames } from '../ui/dialogClassNames';
import ui from '../ui/Ui.module.css';
import { useAction } from './useAction';
import styles from './Project.module.css';

interface Props {
  project: Project;
  invitationId: number;
  onDeclined: () => void;
  /** The Decline button goes with the invitation: where focus goes then. */
  onFocusLost: () => void;
}

/** The owner invited this expert: answer with the proposal form beside it, or decline. */
export function InvitationNote({ project, invitationId, onDeclined, onFocusLost }: Props) {
  const { busy, run } = useAction();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inviteOnly = project.visibility === 'invite-only';

  const decline = async () => {
    setError(null);
    const result = await run(() => projectsApi.declineInvitation(invitationId));
    if (!result) return;
    setConfirming(false);
    if (result.ok) onDeclined();
    else setError(result.error.message);
  };

  return (
    <div className={styles.invitation}>
      <p className={styles.invitationText}>{project.owner.firstName} invited you to send a proposal.</p>
      <button type="button" className={ui.quiet} disabled={busy} onClick={() => setConfirming(true)}>
        Decline invitation
      </button>
      <LiveMessage role="alert" className={styles.inlineError} message={error} />
      {confirming ? (
        <ConfirmDialog
          message={
            inviteOnly
              ? `Decline ${project.owner.firstName}’s invitation? This project is invite-only, so you will no longer see it.`
              : `Decline ${project.owner.firstName}’s invitation? You can still send a proposal while the project is open.`
          }
          confirmLabel="Decline invitation"
          busyLabel="Declining…"
          cancelLabel="Keep invitation"
          busy={busy}
          onConfirm={() => void decline()}
          onCancel={() => setConfirming(false)}
          onFocusLost={onFocusLost}
          classNames={dangerConfirmClassNames}
        />
      ) : null}
    </div>
  );
}
