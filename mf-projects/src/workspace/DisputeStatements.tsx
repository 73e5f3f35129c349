import { useEffect, useId, useState, type FormEvent } from 'react';
import { ADMIN_LIMITS, ADMIN_MESSAGES, type DisputeStatementView, type Workspace, type WorkspaceMilestone } from '@sciexperts/shared/member';
import { LiveMessage } from '@sciexperts/ui';
import { formatDate } from '../format';
import { disputeApi } from './disputeApi';
import { WorkspaceFileChoice } from './WorkspaceFileChoice';
import styles from './Workspace.module.css';

/**
 * While a milestone is disputed, each party tells SciExperts their side: statements with files shared in this
 * workspace. Both parties read both sides; the operator who settles the dispute reads them too.
 */
export function DisputeStatements({ workspace, milestone }: { workspace: Workspace; milestone: WorkspaceMilestone }) {
  const id = useId();
  const [statements, setStatements] = useState<DisputeStatementView[] | null>(null);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    disputeApi
      .list(milestone.id)
      .then((answer) => setStatements(answer.statements))
      .catch(() => setStatements([]));
  }, [milestone.id]);

  const { client, expert } = workspace.contract;
  const nameOf = (s: DisputeStatementView) => (s.role === 'client' ? `${client.firstName} ${client.lastName}` : `${expert.firstName} ${expert.lastName}`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    if (!text.trim()) return setError(ADMIN_MESSAGES.statementRequired);
    setBusy(true);
    setError(null);
    try {
      const answer = await disputeApi.add(milestone.id, { text, ...(chosen.size > 0 ? { fileIds: [...chosen] } : {}) });
      setStatements(answer.statements);
      setText('');
      setChosen(new Set());
      setSent('Your statement was added. SciExperts reads both sides before deciding.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Your statement could not be sent. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Statements for SciExperts</h4>
      {statements === null ? (
        <p className={styles.meta}>Loading the statements…</p>
      ) : statements.length === 0 ? (
        <p className={styles.meta}>No statements yet.</p>
      ) : (
        <ol>
          {statements.map((s) => (
            <li key={s.id}>
              <p className={styles.meta}>
                {nameOf(s)} ({s.role}), {formatDate(s.createdAt)}
              </p>
              <p className={styles.note}>{s.text}</p>
              {s.files.length > 0 ? <p className={styles.meta}>Files: {s.files.map((f) => f.name).join(', ')}</p> : null}
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-text`} className={styles.label}>
            Your statement (required)
          </label>
          <textarea
            id={`${id}-text`}
            className={styles.textarea}
            rows={4}
            maxLength={ADMIN_LIMITS.statementMax}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </div>
        {workspace.files.length > 0 ? (
          <WorkspaceFileChoice
            legend="Files to attach (optional)"
            files={workspace.files}
            chosen={chosen}
            onChange={setChosen}
            max={ADMIN_LIMITS.statementFilesMax}
            hint="Files shared in this workspace (share more under Shared files first)."
          />
        ) : null}
        <LiveMessage role="alert" className={styles.error} message={error} />
        <LiveMessage role="status" className={styles.meta} message={sent} />
        <button type="submit" className={styles.secondary} aria-disabled={busy || undefined}>
          Add statement
        </button>
      </form>
    </section>
  );
}
