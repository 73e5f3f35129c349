import { useState } from 'react';
import { type ApiError } from '@sciexperts/shared';
import { paymentsApi, type Workspace } from '@sciexperts/shared/member';
import { ConfirmDialog, LiveMessage } from '@sciexperts/ui';
import { useAction } from '../project/useAction';
import { dangerConfirmClassNames } from '../ui/dialogClassNames';
import { AddMilestoneDialog } from './AddMilestoneDialog';
import { useIntentKey } from './useIntentKey';
import styles from './Workspace.module.css';

interface Props {
  workspace: Workspace;
  onChanged: (workspace: Workspace, message: string) => void;
  onFocusLost: () => void;
}

/** The client's steps on an active contract: propose one more milestone, or end the contract. */
export function ContractActions({ workspace, onChanged, onFocusLost }: Props) {
  const { busy, run } = useAction();
  const { keyFor, settle } = useIntentKey();
  const [open, setOpen] = useState<'add' | 'end' | null>(null);
  const [addError, setAddError] = useState<ApiError | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { contract } = workspace;

  const add = async (input: Parameters<typeof paymentsApi.addMilestone>[1]) => {
    setAddError(null);
    const result = await run(() => paymentsApi.addMilestone(contract.id, input, keyFor('add-milestone')));
    if (!result) return;
    if (!result.ok) {
      setAddError(result.error);
      return;
    }
    settle();
    setOpen(null);
    onChanged(result.value, `Milestone “${input.title}” added. ${contract.expert.firstName} can accept it now.`);
  };

  const end = async () => {
    setError(null);
    const result = await run(() => paymentsApi.endContract(contract.id));
    if (!result) return;
    setOpen(null);
    if (result.ok) onChanged(result.value, 'The contract has ended. Milestones that were never funded are cancelled.');
    // 409 when a milestone still holds money: the server's sentence says what to do first.
    else setError(result.error.message);
  };

  return (
    <section className={styles.section} aria-labelledby="workspace-contract-actions">
      <h2 id="workspace-contract-actions" className={styles.sectionTitle}>
        Manage the contract
      </h2>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={() => {
            setAddError(null);
            setOpen('add');
          }}
        >
          Add a milestone
        </button>
        <button type="button" className={styles.danger} disabled={busy} onClick={() => setOpen('end')}>
          End contract
        </button>
      </div>
      <LiveMessage role="alert" className={styles.error} message={error} />
      {open === 'add' ? (
        <AddMilestoneDialog expertName={contract.expert.firstName} busy={busy} error={addError} onConfirm={(input) => void add(input)} onCancel={() => setOpen(null)} />
      ) : null}
      {open === 'end' ? (
        <ConfirmDialog
          message="End this contract? Milestones that were never funded are cancelled, and the project is marked as completed. This cannot be undone."
          confirmLabel="End contract"
          busyLabel="Ending…"
          cancelLabel="Keep it active"
          busy={busy}
          onConfirm={() => void end()}
          onCancel={() => setOpen(null)}
          onFocusLost={onFocusLost}
          classNames={dangerConfirmClassNames}
        />
      ) : null}
    </section>
  );
}
