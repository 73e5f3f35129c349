import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { mayDo, type PartnerSecret, type PartnerView } from '@sciexperts/shared/member';
import { VisuallyHidden } from '@sciexperts/ui';
import { ActionNotice, useActionNotice } from './ActionNotice';
import { AdminApiError, adminApi } from './api';
import { dateTime } from './format';
import { useSession } from './session';
import css from './console.module.css';

const messageOf = (err: unknown, fallback: string) => (err instanceof AdminApiError ? err.message : fallback);

/** The secret, shown once: the server keeps only its hash, so the operator passes it on now or rotates it later. */
function SecretOnce({ shown }: { shown: PartnerSecret }) {
  return (
    <div className={css.section} aria-labelledby="partner-secret-title">
      <h2 id="partner-secret-title">Secret of {shown.partner.name}: shown once</h2>
      <p>Give it to the partner now over a safe channel; SciExperts keeps only its hash. Lost, it can only be replaced (Rotate secret).</p>
      <dl>
        <dt>Client id</dt>
        <dd>
          <code>{shown.partner.clientId}</code>
        </dd>
        <dt>Client secret</dt>
        <dd>
          <code>{shown.clientSecret}</code>
        </dd>
      </dl>
    </div>
  );
}

/**
 * Partner apps (docs/decisions/0050-partner-apps-and-scoped-tokens.md): the sites that embed the chat. Operators register
 * one (its origins are allowed at once, without a restart), rotate its secret and suspend it (its members' tokens and
 * chat sockets end); support reads the list. Every change is in the audit log.
 */
export function Partners() {
  const session = useSession();
  const manage = session ? mayDo(session.operator.role, 'partners.manage') : false;
  const [partners, setPartners] = useState<PartnerView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState('');
  const [contact, setContact] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [shown, setShown] = useState<PartnerSecret | null>(null);
  const [reasonFor, setReasonFor] = useState<PartnerView | null>(null);
  const [reason, setReason] = useState('');
  const { notice, done, failed, clear } = useActionNotice();

  const load = useCallback(() => {
    adminApi
      .partners()
      .then(setPartners)
      .catch((err: unknown) => setLoadError(messageOf(err, 'The partners could not be loaded.')));
  }, []);
  useEffect(load, [load]);

  async function register(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    clear();
    try {
      const created = await adminApi.registerPartner({ name, origins: origins.split(/\s+/).filter(Boolean), contact });
      setShown(created);
      setName('');
      setOrigins('');
      setContact('');
      done(`${created.partner.name} is registered: its origins are allowed now.`);
      load();
    } catch (err) {
      const details = err instanceof AdminApiError ? err.details.map((d) => d.message) : [];
      setFormError(details.length > 1 ? details.join(' ') : messageOf(err, 'The partner could not be registered.'));
    }
  }

  async function rotate(p: PartnerView) {
    clear();
    try {
      setShown(await adminApi.rotatePartnerSecret(p.id));
      done(`${p.name} has a new secret; the old one no longer works.`);
      load();
    } catch (err) {
      failed(messageOf(err, 'The secret could not be rotated.'));
    }
  }

  async function changeStatus(event: FormEvent) {
    event.preventDefault();
    if (!reasonFor) return;
    const p = reasonFor;
    clear();
    try {
      if (p.status === 'active') await adminApi.suspendPartner(p.id, reason);
      else await adminApi.reinstatePartner(p.id, reason);
      done(p.status === 'active' ? `${p.name} is suspended: its members' tokens and open chats have ended.` : `${p.name} is reinstated: its members can connect it again.`);
      setReasonFor(null);
      setReason('');
      load();
    } catch (err) {
      failed(messageOf(err, 'The partner could not be changed.'));
      if (err instanceof AdminApiError && err.status === 409) load();
    }
  }

  return (
    <section aria-labelledby="partners-title">
      <h1 id="partners-title">Partners</h1>
      <p>Sites that embed the SciExperts chat. Their members sign in through SciExperts and get a token that opens the chat only.</p>
      {loadError && (
        <p role="alert" className={css.error}>
          {loadError}
        </p>
      )}
      <ActionNotice notice={notice} />
      {shown && <SecretOnce shown={shown} />}
      {partners && partners.length === 0 && <p>No partner is registered.</p>}
      {partners && partners.length > 0 && (
        <div className={css.tableWrap}>
          <table className={css.table}>
            <caption>Registered partners</caption>
            <thead>
              <tr>
                <th scope="col">Partner</th>
                <th scope="col">Origins</th>
                <th scope="col">State</th>
                {manage && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {partners.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.name}
                    <br />
                    <span className={css.small}>
                      <code>{p.clientId}</code> · {p.contact}
                    </span>
                  </th>
                  <td>{p.origins.join(', ')}</td>
                  <td>{p.status === 'active' ? `Active since ${dateTime(p.createdAt)}` : `Suspended ${p.suspendedAt ? dateTime(p.suspendedAt) : ''}`}</td>
                  {manage && (
                    <td>
                      <div className={css.actions}>
                        <button type="button" className={css.secondary} onClick={() => void rotate(p)}>
                          Rotate secret<VisuallyHidden> of {p.name}</VisuallyHidden>
                        </button>
                        <button
                          type="button"
                          className={css.secondary}
                          onClick={() => {
                            setReasonFor(p);
                            setReason('');
                          }}
                        >
                          {p.status === 'active' ? 'Suspend' : 'Reinstate'}
                          <VisuallyHidden> {p.name}</VisuallyHidden>
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {manage && reasonFor && (
        <form className={`${css.form} ${css.section}`} onSubmit={(e) => void changeStatus(e)} aria-labelledby="partner-status-title">
          <h2 id="partner-status-title">
            {reasonFor.status === 'active' ? 'Suspend' : 'Reinstate'} {reasonFor.name}
          </h2>
          {reasonFor.status === 'active' && <p>Its origins stop being allowed, and every member's token and open chat through it end at once.</p>}
          <div className={css.field}>
            <label htmlFor="partner-reason">Reason (kept in the audit log)</label>
            <textarea id="partner-reason" value={reason} onChange={(e) => setReason(e.target.value)} required />
          </div>
          <div className={css.actions}>
            <button type="submit" className={css.button}>
              {reasonFor.status === 'active' ? 'Suspend' : 'Reinstate'}
            </button>
            <button type="button" className={css.secondary} onClick={() => setReasonFor(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {manage && (
        <form className={`${css.form} ${css.section}`} onSubmit={(e) => void register(e)} aria-labelledby="partner-register-title">
          <h2 id="partner-register-title">Register a partner</h2>
          <div className={css.field}>
            <label htmlFor="partner-name">Name (shown to members: “via …”)</label>
            <input id="partner-name" value={name} onChange={(e) => setName(e.target.value)} required />
          </div>
          <div className={css.field}>
            <label htmlFor="partner-origins">Origins, one per line</label>
            <textarea id="partner-origins" aria-describedby="partner-origins-hint" value={origins} onChange={(e) => setOrigins(e.target.value)} required />
            <span id="partner-origins-hint" className={css.small}>
              https://host or https://host:port, no wildcards; http://localhost only outside production.
            </span>
          </div>
          <div className={css.field}>
            <label htmlFor="partner-contact">Contact e-mail</label>
            <input id="partner-contact" type="email" value={contact} onChange={(e) => setContact(e.target.value)} required />
          </div>
          {formError && (
            <p role="alert" className={css.error}>
              {formError}
            </p>
          )}
          <button type="submit" className={css.button}>
            Register
          </button>
        </form>
      )}
    </section>
  );
}
