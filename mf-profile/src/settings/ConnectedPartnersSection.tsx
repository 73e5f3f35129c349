import { useId } from 'react';
import { partnersApi, type ConnectedPartner } from '@sciexperts/shared/member';
import { StatusMessage } from '../ui/StatusMessage';
import utilities from '../ui/utilities.module.css';
import { LoadState } from './LoadState';
import { useLoaded } from './useLoaded';
import { useRowRemoval } from './useRowRemoval';
import styles from './Settings.module.css';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const readConnected = () => partnersApi.connected();

/**
 * The partner sites the member connected through "Sign in with SciExperts" (docs/decisions/0050-partner-apps-and-scoped-tokens.md),
 * each with what it may do and 'Disconnect', which ends its access at once, its open chat included.
 */
export function ConnectedPartnersSection({ id }: { id?: string }) {
  const headingId = useId();
  const { value: partners, setValue: setPartners, loadError, reload } = useLoaded(readConnected);
  const { heading, busy, status, remove } = useRowRemoval(setPartners);

  const disconnect = (partner: ConnectedPartner) =>
    remove(
      partner.clientId,
      () => partnersApi.disconnect(partner.clientId).then((answer) => answer.message),
      (p) => p.clientId === partner.clientId,
    );

  return (
    <section id={id} tabIndex={id ? -1 : undefined} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
        Connected partners
      </h2>
      {partners === null ? (
        <LoadState error={loadError} onRetry={reload}>
          Loading…
        </LoadState>
      ) : partners.length === 0 ? (
        <p className={styles.muted}>No partner site is connected. A partner site connects when you choose “Sign in with SciExperts” on its pages.</p>
      ) : (
        <ul className={styles.sessions}>
          {partners.map((p) => (
            <li key={p.clientId} className={styles.session}>
              <span>
                <span className={styles.device}>{p.name}</span>
                <br />
                <span className={styles.muted}>
                  May {p.scopeText}. Connected {when.format(new Date(p.connectedAt))}
                  {p.lastUsedAt ? `, last used ${when.format(new Date(p.lastUsedAt))}` : ''}.
                </span>
              </span>
              <button type="button" className={styles.textButton} aria-disabled={busy !== null || undefined} onClick={() => void disconnect(p)}>
                {busy === p.clientId ? 'Disconnecting…' : 'Disconnect'}
                <span className={utilities.srOnly}> {p.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <StatusMessage message={status?.text ?? null} tone={status?.tone} />
    </section>
  );
}
