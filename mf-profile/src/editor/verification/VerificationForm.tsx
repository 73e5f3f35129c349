import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, VETTING_MESSAGES, type VettingFileView, type VettingRequestView } from '@sciexperts/shared';
import { vettingApi } from '@sciexperts/shared/member';
import { DocumentField } from './DocumentField';
import { TextInput, type Errors } from './TextInput';
import styles from './Verification.module.css';

/** The request: identity (document and legal name), degree, affiliation; the ORCID iD comes from the profile. */
export function VerificationForm({ orcidId, onSent }: { orcidId: string | null; onSent: (request: VettingRequestView) => void }) {
  const [legalName, setLegalName] = useState('');
  const [identity, setIdentity] = useState<VettingFileView | null>(null);
  const [degree, setDegree] = useState({ title: '', institution: '', year: '' });
  const [diploma, setDiploma] = useState<VettingFileView | null>(null);
  const [affiliation, setAffiliation] = useState({ institution: '', role: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by a refused submit: once the errors are rendered, the first field that needs attention gets the focus.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    if (!legalName.trim()) found.legalName = VETTING_MESSAGES.legalName;
    if (!identity) found.identityFileId = VETTING_MESSAGES.identityFile;
    if (!degree.title.trim()) found['degree.title'] = VETTING_MESSAGES.text;
    if (!degree.institution.trim()) found['degree.institution'] = VETTING_MESSAGES.text;
    if (!/^\d{4}$/.test(degree.year.trim())) found['degree.year'] = VETTING_MESSAGES.year;
    if (!affiliation.institution.trim()) found['affiliation.institution'] = VETTING_MESSAGES.text;
    if (!affiliation.role.trim()) found['affiliation.role'] = VETTING_MESSAGES.text;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !identity) {
      setRefusals((n) => n + 1);
      return;
    }
    setSending(true);
    try {
      const sent = await vettingApi.ask({
        legalName: legalName.trim(),
        identityFileId: identity.id,
        degree: { title: degree.title.trim(), institution: degree.institution.trim(), year: Number(degree.year.trim()), ...(diploma ? { fileId: diploma.id } : {}) },
        affiliation: { institution: affiliation.institution.trim(), role: affiliation.role.trim() },
      });
      onSent(sent);
    } catch (err) {
      const details = err instanceof ApiError ? (err.body?.details ?? []) : [];
      if (details.length > 0) {
        setErrors(Object.fromEntries(details.filter((d) => d.field).map((d) => [d.field, d.message])) as Errors);
        setRefusals((n) => n + 1);
      }
      setFailure(err instanceof ApiError ? err.message : 'Failed to send your request. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Ask to be verified">
      <fieldset className={styles.group}>
        <legend>Identity</legend>
        <DocumentField label="Identity document" hint="A passport, ID card or driving licence (PDF or image). Only you and the SciExperts operators can see it." file={identity} onUploaded={setIdentity} error={errors.identityFileId} />
        <TextInput field="legalName" label="Legal name, as on the document" value={legalName} onChange={setLegalName} errors={errors} autoComplete="name" />
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Degree</legend>
        <TextInput field="degree.title" label="Degree title" value={degree.title} onChange={(title) => setDegree({ ...degree, title })} errors={errors} />
        <TextInput field="degree.institution" label="Awarding institution" value={degree.institution} onChange={(institution) => setDegree({ ...degree, institution })} errors={errors} />
        <TextInput field="degree.year" label="Year awarded" value={degree.year} onChange={(year) => setDegree({ ...degree, year })} errors={errors} inputMode="numeric" />
        <DocumentField label="Degree certificate (optional)" hint="PDF or image." file={diploma} onUploaded={setDiploma} error={errors['degree.fileId']} />
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Affiliation</legend>
        <TextInput field="affiliation.institution" label="Institution" value={affiliation.institution} onChange={(institution) => setAffiliation({ ...affiliation, institution })} errors={errors} autoComplete="organization" />
        <TextInput field="affiliation.role" label="Role" value={affiliation.role} onChange={(role) => setAffiliation({ ...affiliation, role })} errors={errors} autoComplete="organization-title" />
      </fieldset>
      <p className={styles.orcid}>
        {orcidId ? `ORCID iD ${orcidId}, linked to your profile, is sent with the request.` : 'No ORCID record is linked to your profile. You can ask without one, or connect ORCID in the Publication section first.'}
      </p>
      {failure ? (
        <p role="alert" className={styles.fieldError}>
          {failure}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={sending}>
        {sending ? 'Sending…' : 'Ask to be verified'}
      </button>
    </form>
  );
}
