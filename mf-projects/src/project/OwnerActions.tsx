import { useId, useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import { type ApiError } from '@sciexperts/shared';
import { projectsApi, type Project, type Proposal } from '@sciexperts/shared/member';
import { ConfirmDialog, LiveMessage } from '@sciexperts/ui';
import { fullName, priceText } from '../format';
import { chatPath, editDraftPath, expertPath } from '../routing';
import { confirmClassNames, dangerConfirmClassNames } from '../ui/dialogClassNames';
import ui from '../ui/Ui.module.css';
import { useAction } from './useAction';
import styles from './Project.module.css';

type Confirming = 'cancel' | 'complete' | null;

interface Props {
  project: Project;
  /** The project's proposals once loaded (the hire summary names the expert hired). */
  proposals: readonly Proposal[] | null;
  onDone: (message: string, options?: { focus?: boolean }) => void;
  onConflict: (error: ApiError) => void;
}

/** Where the project stands and the owner's next step: publish a draft, cancel, or mark the work completed. */
export function OwnerActions({ project, proposals, onDone, onConflict }: Props) {
  const id = useId();
  const { busy, run } = useAction();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [error, setError] = useState<string | null>(null);
  const hired = proposals?.find((p) => p.status === 'hired') ?? null;
  const { status } = project;

  const act = async (task: () => Promise<unknown>, success: string) => {
    setError(null);
    const result = await run(task);
    if (!result) return;
    setConfirming(null);
    // The button that acted goes with the old status: focus goes to the outcome.
    if (result.ok) onDone(success, { focus: true });
    else if (result.error.status === 409) onConflict(result.error);
    else setError(result.error.message);
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.sectionTitle}>
        Manage this project
      </h2>
      {status === 'draft' ? <p>This draft is visible only to you. Publish it to receive proposals.</p> : null}
      {status === 'open' ? (
        <p>{project.visibility === 'invite-only' ? 'Your project is open to proposals from the experts you invite.' : 'Your project is open to proposals.'}</p>
      ) : null}
      {hired && (status === 'in-progress' || status === 'completed') ? (
        <p>
          You hired{' '}
          <Link className={ui.textLink} to={expertPath(hired.expert)}>
            {fullName(hired.expert)}
          </Link>{' '}
          for {priceText(hired.priceType, hired.priceCents)}. {status === 'completed' ? 'The project is completed.' : 'The contract is active.'}{' '}
          <Link className={ui.textLink} to={chatPath(hired.expertId)}>
            Message {hired.expert.firstName}
          </Link>
        </p>
      ) : null}
      {status === 'cancelled' ? <p>This project was cancelled.</p> : null}

      <div className={styles.actions}>
        {status === 'draft' ? (
          <>
            <Link className={ui.secondary} to={editDraftPath(project.id)}>
              Edit draft
            </Link>
            <button type="button" className={ui.primary} disabled={busy} onClick={() => void act(() => projectsApi.publish(project.id), 'Your project is published. Invite experts to get quotes sooner.')}>
              {busy && confirming === null ? 'Publishing…' : 'Publish'}
            </button>
          </>
        ) : null}
        {status === 'draft' || status === 'open' ? (
          <button type="button" className={ui.danger} disabled={busy} onClick={() => setConfirming('cancel')}>
            Cancel project
          </button>
        ) : null}
        {status === 'in-progress' ? (
          <button type="button" className={ui.primary} disabled={busy} onClick={() => setConfirming('complete')}>
            Mark as completed
          </button>
        ) : null}
      </div>
      <LiveMessage role="alert" className={styles.inlineError} message={error} />

      {confirming === 'cancel' ? (
        <ConfirmDialog
          message="Cancel this project? It will no longer accept proposals, and this cannot be undone."
          confirmLabel="Cancel project"
          busyLabel="Cancelling…"
          cancelLabel="Keep project"
          busy={busy}
          onConfirm={() => void act(() => projectsApi.cancel(project.id), 'The project is cancelled.')}
          onCancel={() => setConfirming(null)}
          classNames={dangerConfirmClassNames}
        />
      ) : null}
      {confirming === 'complete' ? (
        <ConfirmDialog
          message="Mark this project as completed? Do this once the work has been delivered."
          confirmLabel="Mark as completed"
          busyLabel="Saving…"
          busy={busy}
          onConfirm={() => void act(() => projectsApi.complete(project.id), 'The project is marked as completed.')}
          onCancel={() => setConfirming(null)}
          classNames={confirmClassNames}
        />
      ) : null}
    </section>
  );
}
