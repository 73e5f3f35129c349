import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '@sciexperts/shared/router';
import { type PublicExpertProfile } from '@sciexperts/shared';
import { projectsApi, type Project } from '@sciexperts/shared/member';
import { LiveMessage, Modal } from '@sciexperts/ui';
import { postProjectPath, projectPath } from '../routing';
import styles from './InviteToProject.module.css';

/** The project states the server accepts an invitation for (later ones answer 409 notOpen). */
const INVITABLE_STATUS_LABELS = { draft: 'Draft', open: 'Open' } as const;
type InvitableProject = Project & { status: keyof typeof INVITABLE_STATUS_LABELS };

function canTakeInvitation(project: Project): project is InvitableProject {
  return project.status === 'draft' || project.status === 'open';
}

/** Only for a failure that is not an ApiError (projectsApi gives those its own or the server's message). */
const LOAD_FAILED = 'Could not load your projects. Please try again.';
const INVITE_FAILED = 'Failed to send the invitation. Please try again.';

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

type Load = { status: 'loading' } | { status: 'ready'; projects: InvitableProject[] } | { status: 'error'; message: string };

export interface InviteToProjectDialogProps {
  expert: Pick<PublicExpertProfile, 'id' | 'firstName' | 'offeredServices'>;
  onClose: () => void;
}

/**
 * The member picks one of their draft or open projects and invites the expert to it. Focus starts on the title
 * (the list is still loading) and moves to the confirmation once sent; the server's refusals (already invited,
 * not listed) are shown in the dialog and the member may pick another project.
 */
export function InviteToProjectDialog({ expert, onClose }: InviteToProjectDialogProps) {
  const id = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const confirmationRef = useRef<HTMLParagraphElement>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invitedTo, setInvitedTo] = useState<InvitableProject | null>(null);

  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    projectsApi.mine().then(
      (list) => {
        if (!current) return;
        const projects = list.results.filter(canTakeInvitation);
        setLoad({ status: 'ready', projects });
        setChosenId(projects[0]?.id ?? null);
      },
      (failure: unknown) => {
        if (current) setLoad({ status: 'error', message: messageOf(failure, LOAD_FAILED) });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  useEffect(() => {
    if (invitedTo) confirmationRef.current?.focus();
  }, [invitedTo]);

  const retry = useCallback(() => {
    // The Retry button goes away with the error: keep focus inside the dialog.
    titleRef.current?.focus();
    setAttempt((n) => n + 1);
  }, []);

  const close = () => {
    if (!sending) onClose();
  };

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || load.status !== 'ready') return;
    const project = load.projects.find((p) => p.id === chosenId);
    if (!project) return;
    setSending(true);
    setError(null);
    try {
      await projectsApi.invite(project.id, expert.id);
      setInvitedTo(project);
    } catch (failure) {
      setError(messageOf(failure, INVITE_FAILED));
    } finally {
      setSending(false);
    }
  };

  const titleId = `${id}-title`;
  return (
    <Modal aria-labelledby={titleId} className={styles.backdrop} onDismiss={onClose} busy={sending} initialFocus={titleRef}>
      <div className={styles.box} aria-busy={load.status === 'loading' || undefined}>
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className={styles.title}>
          Invite {expert.firstName} to a project
        </h2>

        {invitedTo ? (
          <>
            <p ref={confirmationRef} tabIndex={-1} className={styles.message}>
              {expert.firstName} is invited to “
              <Link to={projectPath(invitedTo.id)} className={styles.textLink}>
                {invitedTo.title}
              </Link>
              ”.
            </p>
            <div className={styles.actions}>
              <button type="button" className={styles.secondaryButton} onClick={onClose}>
                Close
              </button>
            </div>
          </>
        ) : load.status === 'loading' ? (
          <>
            <p role="status" className={styles.message}>
              Loading your projects…
            </p>
            <div className={styles.actions}>
              <button type="button" className={styles.secondaryButton} onClick={onClose}>
                Cancel
              </button>
            </div>
          </>
        ) : load.status === 'error' ? (
          <>
            <p role="alert" className={styles.error}>
              {load.message}
            </p>
            <div className={styles.actions}>
              <button type="button" className={styles.primaryButton} onClick={retry}>
                Retry
              </button>
              <button type="button" className={styles.secondaryButton} onClick={onClose}>
                Cancel
              </button>
            </div>
          </>
        ) : load.projects.length === 0 ? (
          <>
            <p className={styles.message}>You have no open projects yet.</p>
            <div className={styles.actions}>
              <Link to={postProjectPath(expert.offeredServices[0]?.service.name)} className={styles.primaryButton}>
                Post a project
              </Link>
              <button type="button" className={styles.secondaryButton} onClick={onClose}>
                Cancel
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={(event) => void invite(event)} noValidate>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Your projects</legend>
              <ul className={styles.options}>
                {load.projects.map((project) => (
                  <li key={project.id}>
                    <label className={styles.option}>
                      <input
                        type="radio"
                        name={`${id}-project`}
                        value={project.id}
                        checked={chosenId === project.id}
                        onChange={() => setChosenId(project.id)}
                        aria-describedby={`${id}-status-${project.id}`}
                      />
                      <span className={styles.optionTitle}>{project.title}</span>
                      {/* Read as the radio's description, after its name (the title), not as part of the name. */}
                      <span id={`${id}-status-${project.id}`} className={styles.optionStatus} aria-hidden="true">
                        {INVITABLE_STATUS_LABELS[project.status]}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <LiveMessage role="alert" className={styles.error} message={error} />
            <div className={styles.actions}>
              <button type="submit" className={styles.primaryButton} aria-disabled={sending || undefined}>
                {sending ? 'Inviting…' : 'Invite'}
              </button>
              <button type="button" className={styles.secondaryButton} aria-disabled={sending || undefined} onClick={close}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
