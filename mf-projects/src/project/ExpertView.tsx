import { useCallback, useId, useState, type ReactNode } from 'react';
import { Link } from '@sciexperts/shared/router';
import { type ApiError } from '@sciexperts/shared';
import { PROJECT_MESSAGES, projectsApi, type Project, type Proposal } from '@sciexperts/shared/member';
import { useNotice } from '@sciexperts/ui';
import { PROJECTS_PATH } from '../routing';
import ui from '../ui/Ui.module.css';
import { InvitationNote } from './InvitationNote';
import { MyProposal } from './MyProposal';
import { Notice } from './Notice';
import { ProposalForm } from './ProposalForm';
import styles from './Project.module.css';

interface Props {
  project: Project;
  reloadProject: () => void;
  replaceProject: (project: Project) => void;
}

/**
 * A member who is not the owner: their proposal, or the form to send one (and an invitation to answer). A declined
 * proposal stays in view with the client's reason; while the project is open a new one may follow it (the server
 * allows one live proposal per expert, and a declined one is not live), behind a button so the reason is read first.
 */
export function ExpertView({ project, reloadProject, replaceProject }: Props) {
  const id = useId();
  const { notice, show, focus, ref } = useNotice();
  // The proposal just sent, so its view needs no second round trip.
  const [sent, setSent] = useState<Proposal | null>(null);
  // Declining an invitation to an invite-only project ends this member's access to it.
  const [leftInviteOnly, setLeftInviteOnly] = useState(false);
  // After a decline: the expert chose to write a new proposal.
  const [writingAnew, setWritingAnew] = useState(false);
  const { viewer } = project;

  const onSent = useCallback(
    (proposal: Proposal) => {
      setSent(proposal);
      setWritingAnew(false);
      replaceProject({ ...project, proposalCount: project.proposalCount + 1, viewer: { ...project.viewer, proposalId: proposal.id, declinedProposalId: null } });
      show('Your proposal was sent. You can edit or withdraw it until the client decides.', 'success', { focus: true });
    },
    [project, replaceProject, show],
  );

  /** The server refused (409: a proposal already there, the project closed meanwhile): say why, show what is. */
  const onConflict = useCallback(
    (error: ApiError) => {
      show(error.message, 'error', { focus: true });
      reloadProject();
    },
    [reloadProject, show],
  );

  const onInvitationDeclined = useCallback(() => {
    if (project.visibility === 'invite-only') {
      setLeftInviteOnly(true);
      show('You declined the invitation. This invite-only project is no longer open to you.', 'success', { focus: true });
    } else {
      replaceProject({ ...project, viewer: { ...project.viewer, invitationId: null } });
      show('You declined the invitation. You can still send a proposal while the project is open.', 'success', { focus: true });
    }
  }, [project, replaceProject, show]);

  const onWithdrawn = useCallback(() => {
    setSent(null);
    show('You withdrew your proposal.', 'success', { focus: true });
    reloadProject();
  }, [reloadProject, show]);

  const declinedId = viewer.proposalId === null ? viewer.declinedProposalId : null;
  const proposalForm = (
    <>
      {viewer.invitationId !== null ? <InvitationNote project={project} invitationId={viewer.invitationId} onDeclined={onInvitationDeclined} onFocusLost={focus} /> : null}
      <section className={styles.panel} aria-labelledby={`${id}-send`}>
        <h2 id={`${id}-send`} className={styles.sectionTitle}>
          {declinedId !== null ? 'Send a new proposal' : 'Send a proposal'}
        </h2>
        <ProposalForm
          project={project}
          submitLabel="Send proposal"
          busyLabel="Sending…"
          focusOnStart={writingAnew}
          onSubmit={(input) => projectsApi.sendProposal(project.id, input)}
          onSaved={onSent}
          onConflict={onConflict}
        />
      </section>
    </>
  );

  let content: ReactNode;
  if (viewer.proposalId !== null) {
    content = (
      <MyProposal
        key={viewer.proposalId}
        project={project}
        proposalId={viewer.proposalId}
        initial={sent?.id === viewer.proposalId ? sent : null}
        onUpdated={() => show('Your proposal was updated.', 'success', { focus: true })}
        onWithdrawn={onWithdrawn}
        onConflict={onConflict}
      />
    );
  } else if (leftInviteOnly) {
    content = (
      <p>
        <Link className={ui.textLink} to={PROJECTS_PATH}>
          Browse open projects
        </Link>
      </p>
    );
  } else if (declinedId !== null) {
    content = (
      <>
        <MyProposal key={declinedId} project={project} proposalId={declinedId} initial={null} onUpdated={() => undefined} onWithdrawn={onWithdrawn} onConflict={onConflict} />
        {project.status !== 'open' ? null : writingAnew ? (
          proposalForm
        ) : (
          <div className={styles.actions}>
            <button type="button" className={ui.primary} onClick={() => setWritingAnew(true)}>
              Send a new proposal
            </button>
          </div>
        )}
      </>
    );
  } else if (project.status !== 'open') {
    content = <p>{PROJECT_MESSAGES.notOpen}</p>;
  } else {
    content = proposalForm;
  }

  return (
    <>
      <Notice notice={notice} noticeRef={ref} />
      {content}
    </>
  );
}
