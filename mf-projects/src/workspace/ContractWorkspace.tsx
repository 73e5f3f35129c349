import { useCallback, useRef } from 'react';
import { Link } from '@sciexperts/shared/router';
import { paymentsApi, type ContractFile, type Workspace } from '@sciexperts/shared/member';
import { LiveMessage, useNotice } from '@sciexperts/ui';
import { formatMoney, fullName, priceText } from '../format';
import { MemberPageTitle } from '../member/MemberPageTitle';
import { Notice } from '../project/Notice';
import { chatPath, projectPath, WORKSPACE_PATH } from '../routing';
import { ScheduleCallButton } from '../ui/ScheduleCallButton';
import { LoadFailed } from '../ui/LoadFailed';
import { useFocusOnArrival } from '../ui/useFocusOnArrival';
import { useLoad } from '../ui/useLoad';
import { ContractActions } from './ContractActions';
import { ContractNotFound } from './ContractNotFound';
import { ContractReviews } from './ContractReviews';
import { percentText } from './labels';
import { MilestoneItem } from './MilestoneItem';
import { SharedFiles } from './SharedFiles';
import { Timeline } from './Timeline';
import { useCheckoutReturn } from './useCheckoutReturn';
import { useSavedCards } from './useSavedCards';
import styles from './Workspace.module.css';

/** /profile/workspace/<id>: one contract's terms, its milestones with the viewer's next steps, and its timeline. */
export function ContractWorkspace({ contractId }: { contractId: number }) {
  const load = useLoad(() => paymentsApi.workspace(contractId), `workspace:${contractId}`);
  const { setData } = load;
  const notice = useNotice();
  const { show } = notice;
  const checkout = useCheckoutReturn(contractId, load.data, setData);
  const fundable = load.data !== null && load.data.viewerRole === 'client' && load.data.contract.status === 'active' && load.data.milestones.some((m) => m.status === 'pending');
  const savedCards = useSavedCards(fundable);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, load.data !== null);

  const onChanged = useCallback(
    (workspace: Workspace, message: string) => {
      setData(workspace);
      // The control that acted usually goes with the old state: the outcome takes the focus.
      show(message, 'success', { focus: true });
    },
    [setData, show],
  );

  const onFilesChanged = useCallback(
    (files: ContractFile[], message: string, focus: boolean) => {
      if (load.data) setData({ ...load.data, files });
      // After an upload the focus stays on the file picker; a removed file's button is gone, so the outcome takes it.
      show(message, 'success', { focus });
    },
    [load.data, setData, show],
  );

  if (load.status === 'error' && load.error.status === 404) return <ContractNotFound />;
  if (load.data === null) {
    if (load.status === 'error') {
      return (
        <div className={styles.page}>
          <MemberPageTitle title="Workspace" />
          <h1 className={styles.title}>We could not load this contract</h1>
          <LoadFailed message={load.error.message} onRetry={load.reload} />
        </div>
      );
    }
    return (
      <div className={styles.page} aria-busy="true">
        <MemberPageTitle title="Workspace" />
        <h1 className={styles.title}>Loading the contract…</h1>
      </div>
    );
  }

  const workspace = load.data;
  const { contract, viewerRole } = workspace;
  const other = viewerRole === 'client' ? contract.expert : contract.client;
  const parties = viewerRole === 'client' ? `You hired ${fullName(contract.expert)}` : `${fullName(contract.client)} hired you`;
  const active = contract.status === 'active';
  const milestones = [...workspace.milestones].sort((a, b) => a.position - b.position);

  return (
    <div className={styles.page}>
      <MemberPageTitle title={`${contract.projectTitle} · Workspace`} />
      <div>
        <p className={styles.meta}>
          <Link className={styles.textLink} to={WORKSPACE_PATH}>
            All contracts
          </Link>
        </p>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {contract.projectTitle}
        </h1>
        <p className={styles.lead}>
          {parties}. <span className={styles.badge}>{active ? 'Active' : 'Ended'}</span>
        </p>
        <p className={styles.links}>
          <Link className={styles.textLink} to={chatPath(other.id)}>
            Message {other.firstName}
          </Link>
          {viewerRole === 'client' ? <ScheduleCallButton expertId={other.id} expertName={other.firstName} className={styles.linkButton} /> : null}
          <Link className={styles.textLink} to={projectPath(contract.projectId)}>
            View the project
          </Link>
        </p>
      </div>

      <LiveMessage role="status" className={styles.status} message={checkout} />
      <Notice notice={notice.notice} noticeRef={notice.ref} />
      {load.status === 'error' ? <LoadFailed message={load.error.message} onRetry={load.reload} /> : null}

      {contract.status === 'completed' ? <ContractReviews contractId={contract.id} /> : null}

      <section className={styles.section} aria-labelledby="workspace-terms">
        <h2 id="workspace-terms" className={styles.sectionTitle}>
          Agreed terms
        </h2>
        <dl className={styles.terms}>
          <div>
            <dt>Client</dt>
            <dd>
              {fullName(contract.client)}
              {viewerRole === 'client' ? ' (you)' : ''}
            </dd>
          </div>
          <div>
            <dt>Expert</dt>
            <dd>
              {fullName(contract.expert)}
              {viewerRole === 'expert' ? ' (you)' : ''}
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{priceText(contract.priceType, contract.priceCents)}</dd>
          </div>
          <div>
            <dt>Platform fee</dt>
            <dd>{percentText(workspace.fee.basisPoints)} of each released milestone</dd>
          </div>
          <div>
            <dt>In escrow</dt>
            <dd>{formatMoney(workspace.escrowCents)}</dd>
          </div>
        </dl>
        <p className={styles.meta}>
          Submitted work is released automatically {workspace.autoReleaseDays} days after submission unless the client approves it, asks for changes or opens a
          dispute.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="workspace-milestones">
        <h2 id="workspace-milestones" className={styles.sectionTitle}>
          Milestones
        </h2>
        {savedCards.failed ? <p className={styles.meta}>Your saved cards could not be loaded: you can still pay with a new card.</p> : null}
        {milestones.length === 0 ? (
          <p className={styles.meta}>{viewerRole === 'client' ? 'No milestones yet. Add one to pay for a part of the work.' : 'No milestones yet. The client adds them.'}</p>
        ) : (
          <ol className={styles.milestones}>
            {milestones.map((milestone) => (
              <MilestoneItem
                key={milestone.id}
                workspace={workspace}
                milestone={milestone}
                onChanged={onChanged}
                onFocusLost={notice.focus}
                savedCards={savedCards.cards}
              />
            ))}
          </ol>
        )}
      </section>

      {active && viewerRole === 'client' ? <ContractActions workspace={workspace} onChanged={onChanged} onFocusLost={notice.focus} /> : null}

      <SharedFiles workspace={workspace} onFilesChanged={onFilesChanged} />

      <Timeline workspace={workspace} />
    </div>
  );
}
