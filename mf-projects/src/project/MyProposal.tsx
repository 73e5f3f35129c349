import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import { type ApiError } from '@sciexperts/shared';
import { projectsApi, type Project, type Proposal } from '@sciexperts/shared/member';
import { ConfirmDialog, LiveMessage } from '@sciexperts/ui';
import { chatPath } from '../routing';
import { dangerConfirmClassNames } from '../ui/dialogClassNames';
import { LoadFailed } from '../ui/LoadFailed';
import { StatusBadge } from '../ui/StatusBadge';
import { useLoad } from '../ui/useLoad';
import ui from '../ui/Ui.module.css';
import { ProposalForm } from './ProposalForm';
import { ProposalTerms } from './ProposalTerms';
import { useAction } from './useAction';
import styles from './Project.module.css';

interface Props {
  project: Project;
  proposalId: number;
  /** The proposal as just sent, when it is this one. */
  initial: Proposal | null;
  onUpdated: () => void;
  onWithdrawn: () => void;
  onConflict: (error: ApiError) => void;
}

const STATUS_NOTES: Partial<Record<Proposal['status'], string>> = {
  submitted: 'The client has not decided yet. You can edit or withdraw your proposal until they do.',
  shortlisted: 'The client put you on their shortlist. You can still edit or withdraw your proposal.',
  hired: 'You were hired for this project. The contract is active.',
  declined: 'The client declined this proposal.',
  withdrawn: 'You withdrew this proposal.',
};

/** The expert's own proposal on this project: where it stands, and (while it is live) edit or withdraw. */
export function MyProposal({ project, proposalId, initial, onUpdated, onWithdrawn, onConflict }: Props) {
  const id = useId();
  const load = useLoad(() => (initial ? Promise.resolve(initial) : projectsApi.getProposal(proposalId)), String(proposalId));
  const { busy, run } = useAction();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const [backToEdit, setBackToEdit] = useState(0);
  // Leaving the form without saving puts focus back on the button that opened it.
  useEffect(() => {
    if (backToEdit > 0) editButtonRef.current?.focus();
  }, [backToEdit]);
  const proposal = load.data;

  const conflict = (apiError: ApiError) => {
    setEditing(false);
    load.reload();
    onConflict(apiError);
  };

  const withdraw = async () => {
    setError(null);
    const result = await run(() => projectsApi.withdraw(proposalId));
    if (!result) return;
    setConfirming(false);
    if (result.ok) {
      load.setData(result.value);
      onWithdrawn();
    } else if (result.error.status === 409) {
      conflict(result.error);
    } else {
      setError(result.error.message);
    }
  };

  const heading = (
    <h2 id={`${id}-heading`} className={styles.sectionTitle}>
      Your proposal
    </h2>
  );

  if (!proposal) {
    return (
      <section className={styles.panel} aria-labelledby={`${id}-heading`} aria-busy={load.status === 'loading'}>
        {heading}
        {load.status === 'error' ? (
          <LoadFailed message={load.error.message} onRetry={load.reload} />
        ) : (
          <p className={ui.muted}>Loading your proposal…</p>
        )}
      </section>
    );
  }

  const live = proposal.status === 'submitted' || proposal.status === 'shortlisted';
  const changeable = live && project.status === 'open';

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`} aria-busy={load.status === 'loading'}>
      <div className={styles.proposalHead}>
        {heading}
        <StatusBadge status={proposal.status} kind="proposal" />
      </div>
      <p>{STATUS_NOTES[proposal.status]}</p>
      {proposal.status === 'declined' && proposal.declineReason ? (
        <p className={styles.reason}>
          <span className={styles.reasonLabel}>The client’s reason: </span>
          {proposal.declineReason}
        </p>
      ) : null}

      {editing ? (
        <ProposalForm
          project={project}
          initial={proposal}
          submitLabel="Save changes"
          busyLabel="Saving…"
          onSubmit={(input) => projectsApi.updateProposal(proposal.id, input)}
          onSaved={(updated) => {
            load.setData(updated);
            setEditing(false);
            onUpdated();
          }}
          onConflict={conflict}
          onCancel={() => {
            setEditing(false);
            setBackToEdit((n) => n + 1);
          }}
        />
      ) : (
        <>
          <ProposalTerms proposal={proposal} sentLabel="Sent" fee={project.fee} payoutLabel="You receive" letterHeading="h3" />
          <div className={styles.actions}>
            {changeable ? (
              <>
                <button ref={editButtonRef} type="button" className={ui.secondary} disabled={busy} onClick={() => setEditing(true)}>
                  Edit proposal
                </button>
                <button type="button" className={ui.danger} disabled={busy} onClick={() => setConfirming(true)}>
                  Withdraw
                </button>
              </>
            ) : null}
            <Link className={ui.quiet} to={chatPath(project.ownerId)}>
              Message {project.owner.firstName}
            </Link>
          </div>
          <LiveMessage role="alert" className={styles.inlineError} message={error} />
        </>
      )}

      {confirming ? (
        <ConfirmDialog
          message="Withdraw your proposal? The client will no longer see it. You can send a new one while the project is open."
          confirmLabel="Withdraw"
          busyLabel="Withdrawing…"
          cancelLabel="Keep proposal"
          busy={busy}
          onConfirm={() => void withdraw()}
          onCancel={() => setConfirming(false)}
          classNames={dangerConfirmClassNames}
        />
      ) : null}
    </section>
  );
}
