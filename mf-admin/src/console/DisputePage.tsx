import { useCallback, useState, type FormEvent } from 'react';
import { Link, useParams } from '@sciexperts/shared/router';
import { ADMIN_LIMITS, MILESTONE_EVENT_LABELS, MILESTONE_STATUS_LABELS, mayDo, type DisputeDetailView, type DisputeOutcome } from '@sciexperts/shared/member';
import { ConfirmDialog, dialogLook } from '@sciexperts/ui';
import { adminApi } from './api';
import { dateTime, formatCents } from './format';
import { useSession } from './session';
import { useDecisionPage } from './useDecisionPage';
import { FormError } from './FormError';
import { OutcomeChoice } from './OutcomeChoice';
import css from './console.module.css';

const OUTCOMES: Array<{ value: DisputeOutcome; label: string }> = [
  { value: 'release', label: 'Release all to the expert' },
  { value: 'refund', label: 'Refund all to the client' },
  { value: 'split', label: 'Split: part to the expert, the rest back to the client' },
];

/** Dollars typed ('600' or '600.50') as cents; null when it is not an amount. */
function toCents(text: string): number | null {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text.trim())) return null;
  return Math.round(Number(text.trim()) * 100);
}

/** What each party receives, in dollars: the sentence the confirmation asks the operator to agree to. */
function whoReceives(outcome: DisputeOutcome, expertCents: number, amountCents: number, parties: { client: string; expert: string }): string {
  const verb = outcome === 'release' ? 'Release all to the expert' : outcome === 'refund' ? 'Refund all to the client' : 'Split the milestone';
  return `${verb}? ${parties.expert} (expert) receives ${formatCents(expertCents)} and ${parties.client} (client) gets ${formatCents(amountCents - expertCents)} back, of the ${formatCents(amountCents)} in escrow. The money moves at once and both parties are told the reason.`;
}

/**
 * One dispute: both sides, read-only, and the decision, kept in view beside the statements on a desktop (a sticky
 * column) and after them on a phone; states and events in the words the parties read in their workspace. The decision
 * form starts with no outcome chosen and, once complete, asks for a confirmation that states what each party receives
 * before any money moves. A role that may not settle disputes (support) reads the dispute without the form; the server
 * refuses it too.
 */
export function DisputePage() {
  const id = Number(useParams().milestoneId);
  const role = useSession()?.operator.role;
  const mayResolve = role !== undefined && mayDo(role, 'disputes.resolve');
  const fetchDispute = useCallback(() => adminApi.dispute(id), [id]);
  const { detail, error, formError, setFormError, done, doneRef, busy, decide } = useDecisionPage<DisputeDetailView>(fetchDispute, 'The dispute could not be loaded.');
  const [outcome, setOutcome] = useState<DisputeOutcome | null>(null);
  const [expertPart, setExpertPart] = useState('');
  const [reason, setReason] = useState('');
  /** The decision the confirmation asks about (what each party receives); null while no confirmation is open. */
  const [confirming, setConfirming] = useState<{ outcome: DisputeOutcome; expertCents: number; message: string } | null>(null);

  if (error)
    return (
      <p role="alert" className={css.error}>
        {error}
      </p>
    );
  if (!detail) return <p role="status">Loading the dispute…</p>;

  const { milestone: m, contract: c } = detail;
  const partyName = (userId: number | null) => (userId === c.client.id ? `${c.client.name} (client)` : userId === c.expert.id ? `${c.expert.name} (expert)` : 'SciExperts');
  const expertCents = outcome === 'split' ? toCents(expertPart) : null;

  /** Checks the form and opens the confirmation; nothing is sent yet. */
  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!outcome) return setFormError('Choose an outcome.');
    if (outcome === 'split' && (expertCents === null || expertCents < 1 || expertCents >= m.amountCents)) {
      return setFormError(`The expert’s part must be between $0.01 and ${formatCents(m.amountCents - 1)}.`);
    }
    if (!reason.trim()) return setFormError('Give a reason (1–2,000 characters).');
    const toExpert = outcome === 'release' ? m.amountCents : outcome === 'refund' ? 0 : (expertCents ?? 0);
    setConfirming({ outcome, expertCents: toExpert, message: whoReceives(outcome, toExpert, m.amountCents, { client: c.client.name, expert: c.expert.name }) });
  }

  async function confirm() {
    if (!confirming) return;
    const chosen = confirming;
    await decide(async () => {
      const answer = await adminApi.resolve(m.id, { outcome: chosen.outcome, reason, ...(chosen.outcome === 'split' ? { expertCents: chosen.expertCents } : {}) });
      const r = answer.resolution;
      return `Resolved: ${formatCents(r.expertCents)} to the expert, ${formatCents(r.clientCents)} back to the client. Both parties are told.`;
    });
    setConfirming(null);
  }

  return (
    <article aria-labelledby="dispute-title">
      <p>
        <Link to="/admin/disputes">Back to the disputes</Link>
      </p>
      <h1 id="dispute-title">
        Dispute: {m.title} — {c.projectTitle}
      </h1>
      <dl className={css.facts}>
        <dt>Amount in escrow</dt>
        <dd>{formatCents(m.amountCents)}</dd>
        <dt>Status</dt>
        <dd>{MILESTONE_STATUS_LABELS[m.status]}</dd>
        <dt>Client</dt>
        <dd>
          {c.client.name} ({c.client.email})
        </dd>
        <dt>Expert</dt>
        <dd>
          {c.expert.name} ({c.expert.email})
        </dd>
        <dt>Contract</dt>
        <dd>
          {c.priceType === 'fixed' ? 'Fixed price' : 'Hourly'} {formatCents(c.priceCents)}, since {dateTime(c.createdAt)}; milestone due {m.dueDate}
        </dd>
        {detail.disputedAt && (
          <>
            <dt>Disputed</dt>
            <dd>{dateTime(detail.disputedAt)}</dd>
          </>
        )}
      </dl>

      <div className={css.disputeLayout}>
        <div>
          <section className={css.section} aria-labelledby="statements-title">
            <h2 id="statements-title">Statements</h2>
            {detail.statements.length === 0 ? (
              <p>No statements yet.</p>
            ) : (
              <ul className={css.list}>
                {detail.statements.map((s) => (
                  <li key={s.id}>
                    <p>
                      <strong>{s.role === 'client' ? `${c.client.name} (client)` : `${c.expert.name} (expert)`}</strong>, {dateTime(s.createdAt)}
                    </p>
                    <p className={css.quote}>{s.text}</p>
                    {s.files.length > 0 && <p>Files: {s.files.map((f) => f.name).join(', ')}</p>}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className={css.section} aria-labelledby="timeline-title">
            <h2 id="timeline-title">Timeline</h2>
            <ol className={css.list}>
              {detail.timeline.map((e) => (
                <li key={e.id}>
                  {dateTime(e.createdAt)}: {MILESTONE_EVENT_LABELS[e.kind]}
                  {e.actorId === null ? '' : ` by ${partyName(e.actorId)}`}
                  {e.note ? <span className={css.quote}> — “{e.note}”</span> : null}
                </li>
              ))}
            </ol>
          </section>

          <section className={css.section} aria-labelledby="files-title">
            <h2 id="files-title">Delivered files</h2>
            {detail.deliveredFiles.length === 0 ? (
              <p>No files were delivered with this milestone.</p>
            ) : (
              <ul className={css.list}>
                {detail.deliveredFiles.map((f) => (
                  <li key={f.id}>
                    {f.name} ({Math.ceil(f.size / 1024)} KB)
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className={css.section} aria-labelledby="messages-title">
            <h2 id="messages-title">Messages between the parties (read-only)</h2>
            {detail.messages.length === 0 ? (
              <p>No messages.</p>
            ) : (
              <ol className={css.list}>
                {detail.messages.map((msg) => (
                  <li key={msg.id}>
                    <strong>{partyName(msg.senderId)}</strong>, {dateTime(msg.createdAt)}: <span className={css.quote}>{msg.text}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section className={css.section} aria-labelledby="terms-title">
            <h2 id="terms-title">The project’s terms</h2>
            <p className={css.quote}>{c.projectDescription}</p>
          </section>
        </div>

        <section className={css.decision} aria-labelledby="decision-title">
          <h2 id="decision-title" tabIndex={-1}>
            Decision
          </h2>
          {done && (
            <p role="status" ref={doneRef} tabIndex={-1}>
              {done}
            </p>
          )}
          {detail.resolution ? (
            <>
              {/* A stale decision (409): the server's 'This dispute was resolved by … at …' stays beside what is now true. */}
              <FormError message={formError} />
              <p>
                Resolved by {detail.resolution.by} at {dateTime(detail.resolution.at)}: {formatCents(detail.resolution.expertCents)} to the expert,{' '}
                {formatCents(detail.resolution.clientCents)} back to the client. Reason: “{detail.resolution.reason}”
              </p>
            </>
          ) : m.status !== 'disputed' ? (
            <p>This milestone is not disputed.</p>
          ) : !mayResolve ? (
            <p>Your role reads disputes; an operator or finance decides them.</p>
          ) : (
            <form className={css.form} onSubmit={submit} noValidate>
              <OutcomeChoice name="outcome" options={OUTCOMES} value={outcome} onChange={setOutcome} />
              {outcome === 'split' && (
                <div className={css.field}>
                  <label htmlFor="expert-part">Expert’s part in US dollars (of {formatCents(m.amountCents)})</label>
                  <input id="expert-part" inputMode="decimal" value={expertPart} onChange={(e) => setExpertPart(e.target.value)} aria-describedby="client-part" />
                  <p id="client-part">
                    Back to the client: {expertCents !== null && expertCents <= m.amountCents ? formatCents(m.amountCents - expertCents) : '—'}
                  </p>
                </div>
              )}
              <div className={css.field}>
                <label htmlFor="reason">Reason (both parties receive it)</label>
                <textarea id="reason" rows={4} maxLength={ADMIN_LIMITS.reasonMax} value={reason} onChange={(e) => setReason(e.target.value)} />
              </div>
              <FormError message={formError} />
              <button type="submit" className={css.button} disabled={busy}>
                Resolve the dispute
              </button>
            </form>
          )}
          {confirming && (
            <ConfirmDialog
              message={confirming.message}
              confirmLabel="Move the money"
              busyLabel="Moving the money…"
              cancelLabel="Go back"
              busy={busy}
              onConfirm={() => void confirm()}
              onCancel={() => setConfirming(null)}
              // The form is gone (resolved, or resolved by someone else first): the focus goes to what the section now says.
              onFocusLost={() => (doneRef.current ?? document.getElementById('decision-title'))?.focus()}
              classNames={{ layer: dialogLook.layer, box: dialogLook.box, actions: css.actions, confirm: css.button, cancel: css.secondary }}
            />
          )}
        </section>
      </div>
    </article>
  );
}
