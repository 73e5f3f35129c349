import { useCallback, useState, type FormEvent } from 'react';
import { Link, useParams } from '@sciexperts/shared/router';
import { ADMIN_LIMITS } from '@sciexperts/shared/member';
import type { VettingDetailView, VettingFileView, VettingOutcome } from '@sciexperts/shared';
import { saveBlob } from '@sciexperts/ui';
import { AdminApiError, adminApi } from './api';
import { dateTime, waited } from './format';
import { useDecisionPage } from './useDecisionPage';
import { FormError } from './FormError';
import { OutcomeChoice } from './OutcomeChoice';
import css from './console.module.css';

const OUTCOMES: Array<{ value: VettingOutcome; label: string }> = [
  { value: 'approve', label: 'Approve: the expert shows the Verified badge' },
  { value: 'reject', label: 'Reject: the expert reads the reason and may ask again' },
];

/** One verification request: the documents (operators only), the credentials, the ORCID iD, and the decision. */
export function VettingPage() {
  const id = Number(useParams().requestId);
  const fetchRequest = useCallback(() => adminApi.vettingRequest(id), [id]);
  const { detail, error, formError, setFormError, done, doneRef, busy, decide } = useDecisionPage<VettingDetailView>(fetchRequest, 'The request could not be loaded.');
  const [outcome, setOutcome] = useState<VettingOutcome | null>(null);
  const [reason, setReason] = useState('');

  if (error)
    return (
      <p role="alert" className={css.error}>
        {error}
      </p>
    );
  if (!detail) return <p role="status">Loading the request…</p>;
  const { request: r, expert } = detail;

  async function fetchFile(file: VettingFileView) {
    setFormError(null);
    try {
      saveBlob(await adminApi.vettingFile(r.id, file.id), file.name);
    } catch (err) {
      setFormError(err instanceof AdminApiError ? err.message : 'The document could not be downloaded.');
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!outcome) return setFormError('Choose approve or reject.');
    if (!reason.trim()) return setFormError('Give a reason (1–2,000 characters).');
    await decide(async () => {
      const answer = await adminApi.decideVetting(r.id, { outcome, reason });
      return answer.request.status === 'approved' ? `Approved: ${expert.firstName} ${expert.lastName} is verified and was told.` : `Rejected: ${expert.firstName} ${expert.lastName} was told the reason.`;
    });
  }

  const fileButton = (file: VettingFileView, what: string) => (
    <button type="button" className={css.secondary} onClick={() => void fetchFile(file)}>
      Download {what}: {file.name} ({Math.ceil(file.size / 1024)} KB)
    </button>
  );

  return (
    <article aria-labelledby="vetting-request-title">
      <p>
        <Link to="/admin/vetting">Back to the vetting queue</Link>
      </p>
      <h1 id="vetting-request-title">
        Verify {expert.firstName} {expert.lastName}
        {r.reReview ? ' (re-review after a change of name)' : ''}
      </h1>
      <dl>
        <dt>Expert</dt>
        <dd>
          {expert.firstName} {expert.lastName} ({expert.email}), “{expert.headline}” —{' '}
          <a href={expert.profilePath} target="_blank" rel="noreferrer">
            public profile (opens in a new tab)
          </a>
        </dd>
        <dt>Asked</dt>
        <dd>
          {dateTime(r.createdAt)}, waited {waited(detail.waitingSeconds)}
        </dd>
        <dt>Legal name on the document</dt>
        <dd>{r.legalName}</dd>
        <dt>Degree</dt>
        <dd>
          {r.degree.title}, {r.degree.institution}, {r.degree.year}
        </dd>
        <dt>Affiliation</dt>
        <dd>
          {r.affiliation.role}, {r.affiliation.institution}
        </dd>
        <dt>ORCID iD</dt>
        <dd>
          {r.orcidId ? (
            <a href={`https://orcid.org/${r.orcidId}`} target="_blank" rel="noreferrer">
              {r.orcidId} (opens in a new tab)
            </a>
          ) : (
            'None linked to the profile'
          )}
        </dd>
      </dl>

      <section className={css.section} aria-labelledby="documents-title">
        <h2 id="documents-title">Documents</h2>
        <ul className={css.list}>
          <li>{fileButton(r.identityFile, 'the identity document')}</li>
          <li>{r.degree.file ? fileButton(r.degree.file, 'the degree certificate') : 'No degree certificate was attached.'}</li>
        </ul>
      </section>

      <section className={css.section} aria-labelledby="vetting-decision-title">
        <h2 id="vetting-decision-title">Decision</h2>
        {done && (
          <p role="status" ref={doneRef} tabIndex={-1}>
            {done}
          </p>
        )}
        {r.status !== 'pending' ? (
          <p>
            {r.status === 'approved' ? 'Approved' : 'Rejected'} by {detail.decidedBy} at {r.decidedAt ? dateTime(r.decidedAt) : ''}. Reason: “{r.decisionReason}”
          </p>
        ) : (
          <form className={css.form} onSubmit={submit} noValidate>
            <OutcomeChoice name="vetting-outcome" options={OUTCOMES} value={outcome} onChange={setOutcome} />
            <div className={css.field}>
              <label htmlFor="vetting-reason">Reason (the expert reads it when rejected)</label>
              <textarea id="vetting-reason" rows={3} maxLength={ADMIN_LIMITS.reasonMax} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
            <FormError message={formError} />
            <button type="submit" className={css.button} disabled={busy}>
              Decide
            </button>
          </form>
        )}
        {r.status === 'pending' ? null : <FormError message={formError} />}
      </section>
    </article>
  );
}
