import { useId, useState, type ReactElement } from 'react';
import { paymentsApi, type SavedCard, type Workspace, type WorkspaceMilestone } from '@sciexperts/shared/member';
import { ConfirmDialog, LiveMessage } from '@sciexperts/ui';
import { formatDate, formatMoney } from '../format';
import { useAction } from '../project/useAction';
import { confirmClassNames, dangerConfirmClassNames } from '../ui/dialogClassNames';
import { browser } from '../ui/browser';
import { DisputeStatements } from './DisputeStatements';
import { FundingChoice, fundInputOf, type FundingMethod } from './FundingChoice';
import { MILESTONE_STATUS_LABELS } from './labels';
import { NoteDialog } from './NoteDialog';
import { useIntentKey } from './useIntentKey';
import styles from './Workspace.module.css';

type Step = 'fund' | 'accept' | 'approve' | 'refund' | 'submit' | 'changes' | 'dispute';

interface Props {
  workspace: Workspace;
  milestone: WorkspaceMilestone;
  /** The workspace the server answered after the change, and what to tell the member. */
  onChanged: (workspace: Workspace, message: string) => void;
  /** Focus has nowhere to go back to (the button that opened a dialog went with the old state). */
  onFocusLost: () => void;
  /** The client's saved cards, offered when funding (none while they load). */
  savedCards?: SavedCard[];
}

const BUSY_LABELS: Record<Step, string> = {
  fund: 'Opening checkout…',
  accept: 'Accepting…',
  approve: 'Releasing…',
  refund: 'Refunding…',
  submit: 'Submitting…',
  changes: 'Sending…',
  dispute: 'Opening the dispute…',
};

/** One milestone: what it is, where it stands, and the steps the viewer may take on it now. */
export function MilestoneItem({ workspace, milestone, onChanged, onFocusLost, savedCards = [] }: Props) {
  const id = useId();
  const titleId = `${id}-title`;
  const { busy, run } = useAction();
  const { keyFor, settle } = useIntentKey();
  const [running, setRunning] = useState<Step | null>(null);
  const [open, setOpen] = useState<Step | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [chosen, setChosen] = useState<FundingMethod>({ kind: 'new', save: false });
  // A chosen card that is no longer saved (the list changed) falls back to a new card.
  const method: FundingMethod = chosen.kind === 'saved' && !savedCards.some((c) => c.id === chosen.cardId) ? { kind: 'new', save: false } : chosen;
  const { contract, viewerRole } = workspace;
  const active = contract.status === 'active';
  const status = milestone.status;
  const label = `Milestone ${milestone.position}`;
  const expertName = contract.expert.firstName;
  const clientName = contract.client.firstName;

  const change = async (step: Step, call: (key: string) => Promise<Workspace>, message: (updated: WorkspaceMilestone) => string) => {
    setError(null);
    setRunning(step);
    const result = await run(() => call(keyFor(`${step}:${milestone.id}`)));
    setRunning(null);
    if (!result) return;
    if (result.ok) {
      settle();
      setOpen(null);
      const updated = result.value.milestones.find((m) => m.id === milestone.id) ?? milestone;
      onChanged(result.value, message(updated));
      return;
    }
    // A refusal in a note dialog stays there with the note; a confirmation closes and the milestone says why.
    if (open === 'approve' || open === 'refund') setOpen(null);
    setError(result.error.message);
  };

  const fund = async () => {
    setError(null);
    setRunning('fund');
    // The choice is part of the intent: another card (or saving it) is another attempt with its own key.
    const how = fundInputOf(method);
    const result = await run(() => paymentsApi.fund(milestone.id, keyFor(`fund:${milestone.id}:${JSON.stringify(how)}`), how));
    setRunning(null);
    if (!result) return;
    if (result.ok) {
      settle();
      setLeaving(true);
      browser.goTo(result.value.checkoutUrl);
    } else setError(result.error.message);
  };

  const buttonLabel = (step: Step, idle: string) => (running === step || (step === 'fund' && leaving) ? BUSY_LABELS[step] : idle);
  const disabled = busy || leaving;
  const failedPayment = status === 'pending' && milestone.payment?.status === 'failed' ? milestone.payment : null;

  const actions: ReactElement[] = [];
  if (active && viewerRole === 'client') {
    if (status === 'pending')
      actions.push(
        <button key="fund" type="button" className={styles.primary} aria-describedby={titleId} disabled={disabled} onClick={() => void fund()}>
          {buttonLabel('fund', `Fund ${formatMoney(milestone.amountCents)}`)}
        </button>,
      );
    if (status === 'submitted')
      actions.push(
        <button key="approve" type="button" className={styles.primary} aria-describedby={titleId} disabled={disabled} onClick={() => setOpen('approve')}>
          Approve and release
        </button>,
        <button key="changes" type="button" className={styles.secondary} aria-describedby={titleId} disabled={disabled} onClick={() => setOpen('changes')}>
          Request changes
        </button>,
        <button key="dispute" type="button" className={styles.danger} aria-describedby={titleId} disabled={disabled} onClick={() => setOpen('dispute')}>
          Open a dispute
        </button>,
      );
    if (status === 'funded')
      actions.push(
        <button key="refund" type="button" className={styles.danger} aria-describedby={titleId} disabled={disabled} onClick={() => setOpen('refund')}>
          Refund
        </button>,
      );
  }
  if (active && viewerRole === 'expert') {
    if (status === 'funded')
      actions.push(
        <button key="submit" type="button" className={styles.primary} aria-describedby={titleId} disabled={disabled} onClick={() => setOpen('submit')}>
          Submit work
        </button>,
      );
    if (status === 'proposed')
      actions.push(
        <button
          key="accept"
          type="button"
          className={styles.primary}
          aria-describedby={titleId}
          disabled={disabled}
          onClick={() =>
            void change('accept', (key) => paymentsApi.acceptMilestone(milestone.id, key), () => `${label} accepted. ${clientName} can now fund it.`)
          }
        >
          {buttonLabel('accept', 'Accept milestone')}
        </button>,
      );
  }

  return (
    <li className={styles.milestone}>
      <div className={styles.milestoneHead}>
        <h3 id={titleId} className={styles.milestoneTitle}>
          {label}: {milestone.title}
        </h3>
        <span className={styles.badge}>{MILESTONE_STATUS_LABELS[status]}</span>
      </div>
      <p className={styles.meta}>
        {formatMoney(milestone.amountCents)} · due {formatDate(milestone.dueDate)} · the expert receives {formatMoney(milestone.payoutCents)} after the{' '}
        {formatMoney(milestone.feeCents)} fee
      </p>
      {status === 'submitted' && milestone.autoReleaseAt ? (
        <p className={styles.meta}>Released automatically on {formatDate(milestone.autoReleaseAt)} unless the client answers before.</p>
      ) : null}
      {failedPayment ? <p className={styles.error}>The last payment failed{failedPayment.failureReason ? `: ${failedPayment.failureReason}` : '.'}</p> : null}
      {active && viewerRole === 'client' && status === 'pending' ? (
        <FundingChoice titleId={titleId} cards={savedCards} method={method} onChange={setChosen} disabled={disabled} />
      ) : null}
      {actions.length > 0 ? <div className={styles.actions}>{actions}</div> : null}
      {status === 'disputed' ? <DisputeStatements workspace={workspace} milestone={milestone} /> : null}
      {/* A note dialog shows its own refusal, next to the note. */}
      <LiveMessage role="alert" className={styles.error} message={open === 'submit' || open === 'changes' || open === 'dispute' ? null : error} />

      {open === 'approve' ? (
        <ConfirmDialog
          message={`Approve “${milestone.title}” and release ${formatMoney(milestone.amountCents)} to ${expertName}? ${expertName} receives ${formatMoney(milestone.payoutCents)} after the ${formatMoney(milestone.feeCents)} platform fee. This cannot be undone.`}
          confirmLabel="Approve and release"
          busyLabel={BUSY_LABELS.approve}
          busy={busy}
          onConfirm={() =>
            void change(
              'approve',
              (key) => paymentsApi.approve(milestone.id, key),
              (m) => `${label} released: ${formatMoney(m.payoutCents)} to ${expertName} (${formatMoney(m.amountCents)} less the ${formatMoney(m.feeCents)} fee).`,
            )
          }
          onCancel={() => setOpen(null)}
          onFocusLost={onFocusLost}
          classNames={confirmClassNames}
        />
      ) : null}
      {open === 'refund' ? (
        <ConfirmDialog
          message={`Refund ${formatMoney(milestone.amountCents)} for “${milestone.title}”? The money goes back to the card that paid it and the milestone closes. This cannot be undone.`}
          confirmLabel="Refund"
          busyLabel={BUSY_LABELS.refund}
          cancelLabel="Keep it in escrow"
          busy={busy}
          onConfirm={() =>
            void change('refund', (key) => paymentsApi.refund(milestone.id, key), (m) => `${label} refunded: ${formatMoney(m.amountCents)} goes back to the card that paid it.`)
          }
          onCancel={() => setOpen(null)}
          onFocusLost={onFocusLost}
          classNames={dangerConfirmClassNames}
        />
      ) : null}
      {open === 'submit' ? (
        <NoteDialog
          title={`Submit the work for “${milestone.title}”`}
          explanation={`${clientName} will review it and release the payment, or ask for changes.`}
          label="Note for the client"
          confirmLabel="Submit work"
          busyLabel={BUSY_LABELS.submit}
          busy={busy}
          error={error}
          deliverable={workspace.files.filter((file) => file.uploadedBy === workspace.contract.expert.id && file.milestoneId === null)}
          onConfirm={(note, fileIds) =>
            void change('submit', (key) => paymentsApi.submit(milestone.id, note, key, fileIds), () => `${label} submitted. ${clientName} can now review it.`)
          }
          onCancel={() => {
            setError(null);
            setOpen(null);
          }}
          onFocusLost={onFocusLost}
        />
      ) : null}
      {open === 'changes' ? (
        <NoteDialog
          title={`Request changes to “${milestone.title}”`}
          explanation={`The money stays in escrow. Tell ${expertName} what to change.`}
          label="What should change"
          confirmLabel="Request changes"
          busyLabel={BUSY_LABELS.changes}
          busy={busy}
          error={error}
          onConfirm={(note) =>
            void change('changes', (key) => paymentsApi.requestChanges(milestone.id, note, key), () => `${label} sent back to ${expertName} with your note.`)
          }
          onCancel={() => {
            setError(null);
            setOpen(null);
          }}
          onFocusLost={onFocusLost}
        />
      ) : null}
      {open === 'dispute' ? (
        <NoteDialog
          title={`Open a dispute on “${milestone.title}”`}
          explanation="The money stays in escrow and is not released automatically. SciExperts reviews the dispute and releases or refunds it."
          label="What went wrong"
          confirmLabel="Open a dispute"
          busyLabel={BUSY_LABELS.dispute}
          danger
          busy={busy}
          error={error}
          onConfirm={(note) =>
            void change('dispute', (key) => paymentsApi.dispute(milestone.id, note, key), () => `Dispute opened on ${label.toLowerCase()}. The money stays in escrow until SciExperts resolves it.`)
          }
          onCancel={() => {
            setError(null);
            setOpen(null);
          }}
          onFocusLost={onFocusLost}
        />
      ) : null}
    </li>
  );
}
