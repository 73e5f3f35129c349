import { useEffect, useRef, useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import { type ApiError } from '@sciexperts/shared';
import { projectsApi, type Project, type Proposal } from '@sciexperts/shared/member';
import { ConfirmDialog, LiveMessage, ReportButton, VisuallyHidden, type NoticeState } from '@sciexperts/ui';
import { fullName, priceText } from '../format';
import { chatPath } from '../routing';
import { ScheduleCallButton } from '../ui/ScheduleCallButton';
import { confirmClassNames } from '../ui/dialogClassNames';
import { MemberBadge } from '../ui/MemberBadge';
import { StatusBadge } from '../ui/StatusBadge';
import ui from '../ui/Ui.module.css';
import { DeclineDialog } from './DeclineDialog';
import { hireFeeSentence, proposalPrice } from './proposalFee';
import { ProposalTerms } from './ProposalTerms';
import { useAction } from './useAction';
import styles from './Project.module.css';

interface Props {
  proposal: Proposal;
  projectOpen: boolean;
  /** The project's fee rate: the card and the hire confirmation say what the expert receives. */
  fee: Project['fee'];
  /** Live proposals besides this one: Hire declines them. */
  otherLiveCount: number;
  onChanged: (proposal: Proposal) => void;
  onHired: (expertName: string) => void;
  /**
   * The server refused because things changed meanwhile (409): the page says why and shows the project as it now is.
   * The page, not this card, holds that sentence: the reload can take the card away (a proposal withdrawn meanwhile).
   */
  onConflict: (error: ApiError) => void;
}

/** One proposal as the owner compares it, with the decisions still open on it. */
export function ProposalCard({ proposal, projectOpen, fee, otherLiveCount, onChanged, onHired, onConflict }: Props) {
  const cardRef = useRef<HTMLElement>(null);
  const { busy, run } = useAction();
  const [dialog, setDialog] = useState<'decline' | 'hire' | null>(null);
  const [message, setMessage] = useState<NoticeState | null>(null);
  const [declineError, setDeclineError] = useState<string | null>(null);
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) cardRef.current?.focus();
  }, [focusRequests]);

  const name = fullName(proposal.expert);
  const live = proposal.status === 'submitted' || proposal.status === 'shortlisted';
  const decidable = live && projectOpen;
  const price = priceText(proposal.priceType, proposal.priceCents);

  const failed = (error: ApiError) => {
    if (error.status === 409) onConflict(error);
    else setMessage({ text: error.message, tone: 'error' });
  };

  const shortlist = async () => {
    setMessage(null);
    const result = await run(() => projectsApi.shortlist(proposal.id));
    if (!result) return;
    if (!result.ok) return failed(result.error);
    onChanged(result.value);
    setMessage({ text: `${name} is on your shortlist.`, tone: 'success' });
    // The Shortlist button is gone: keep the place in this card.
    setFocusRequests((n) => n + 1);
  };

  const decline = async (reason: string) => {
    setDeclineError(null);
    setMessage(null);
    const result = await run(() => projectsApi.decline(proposal.id, reason.trim() || undefined));
    if (!result) return;
    if (result.ok) {
      setDialog(null);
      onChanged(result.value);
      setMessage({ text: `You declined ${name}’s proposal.`, tone: 'success' });
    } else if (result.error.status === 409) {
      setDialog(null);
      failed(result.error);
    } else {
      setDeclineError(result.error.message);
    }
  };

  const hire = async () => {
    setMessage(null);
    const result = await run(() => projectsApi.hire(proposal.id));
    if (!result) return;
    setDialog(null);
    if (result.ok) onHired(name);
    else failed(result.error);
  };

  return (
    <li className={styles.proposalItem}>
      <article ref={cardRef} tabIndex={-1} className={styles.proposal} aria-label={`Proposal from ${name}`}>
        <div className={styles.proposalHead}>
          <MemberBadge member={proposal.expert} headingLevel={3} />
          <StatusBadge status={proposal.status} kind="proposal" />
        </div>
        <ProposalTerms proposal={proposal} sentLabel="Received" fee={fee} payoutLabel={`${proposal.expert.firstName} receives`} letterHeading="h4" />
        {proposal.status === 'declined' && proposal.declineReason ? (
          <p className={styles.reason}>
            <span className={styles.reasonLabel}>Reason given: </span>
            {proposal.declineReason}
          </p>
        ) : null}

        <div className={styles.actions}>
          {decidable && proposal.status === 'submitted' ? (
            <button type="button" className={ui.secondary} disabled={busy} onClick={() => void shortlist()}>
              {busy && dialog === null ? 'Shortlisting…' : 'Shortlist'}
              <VisuallyHidden> {name}</VisuallyHidden>
            </button>
          ) : null}
          {decidable ? (
            <button type="button" className={ui.danger} disabled={busy} onClick={() => setDialog('decline')}>
              Decline<VisuallyHidden> {name}</VisuallyHidden>
            </button>
          ) : null}
          {decidable ? (
            <button type="button" className={ui.primary} disabled={busy} onClick={() => setDialog('hire')}>
              Hire<VisuallyHidden> {name}</VisuallyHidden>
            </button>
          ) : null}
          <Link className={ui.quiet} to={chatPath(proposal.expertId)}>
            Message<VisuallyHidden> {name}</VisuallyHidden>
          </Link>
          {decidable ? <ScheduleCallButton expertId={proposal.expertId} expertName={name} className={ui.quiet} /> : null}
          <ReportButton targetType="proposal" targetId={proposal.id} what={`${name}’s proposal`} className={ui.quiet} />
        </div>
        <LiveMessage role="status" className={styles.success} message={message?.tone === 'success' ? message.text : null} />
        <LiveMessage role="alert" className={styles.inlineError} message={message?.tone === 'error' ? message.text : null} />
      </article>

      {dialog === 'decline' ? (
        <DeclineDialog
          expertName={name}
          busy={busy}
          error={declineError}
          onConfirm={(reason) => void decline(reason)}
          onCancel={() => {
            setDialog(null);
            setDeclineError(null);
          }}
          onFocusLost={() => cardRef.current?.focus()}
        />
      ) : null}
      {dialog === 'hire' ? (
        <ConfirmDialog
          message={`Hire ${name} for ${price}?${hireFeeSentence(proposalPrice(proposal), fee, proposal.expert.firstName)}${otherLiveCount > 0 ? ' The other proposals will be declined.' : ''}`}
          confirmLabel="Hire"
          busyLabel="Hiring…"
          busy={busy}
          onConfirm={() => void hire()}
          onCancel={() => setDialog(null)}
          onFocusLost={() => cardRef.current?.focus()}
          classNames={confirmClassNames}
        />
      ) : null}
    </li>
  );
}
