import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@sciexperts/shared/router';
import { StatusMessage } from '../../ui/StatusMessage';
import { goToSection, headingId } from '../sections';
import { OrcidConnectLink } from './OrcidConnectLink';
import { forgetOrcidState, pendingOrcidState, readOrcidReturn, withoutOrcidParams } from './orcidReturn';
import { PublicationList } from './PublicationList';
import { useOrcidAuthorization } from './useOrcidAuthorization';
import { usePublications } from './usePublications';
import styles from './Publications.module.css';

export const NO_PUBLICATIONS = 'No publications found in your ORCID profile.';
export const NOT_CONNECTED = 'Connect your ORCID record to list your publications here.';

const syncedMessage = (count: number) => `Synced ${count} ${count === 1 ? 'publication' : 'publications'} from ORCID.`;

/**
 * The profile's Publications section. 'Connect to ORCID' leaves for ORCID's authorization page; ORCID returns to
 * /profile with ?code=…&state=…, the API exchanges the code and stores the works, and the URL is cleaned.
 * Later visits show the stored works; syncing again repeats the round trip.
 */
export function PublicationsSection({ userId, onCountChange }: { userId: number; onCountChange?: (count: number) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: after the URL is cleaned, re-renders must not see (or replay) the return.
  const [returned] = useState(() => readOrcidReturn(location.search, pendingOrcidState()));
  const [view, reload] = usePublications(userId, returned, onCountChange);
  const authorization = useOrcidAuthorization();

  useEffect(() => {
    if (returned.kind === 'none') return;
    forgetOrcidState();
    // Replace, not push: Back must not return to a URL with a spent code. No reload: the router just updates.
    navigate({ pathname: location.pathname, search: withoutOrcidParams(location.search), hash: location.hash }, { replace: true });
    // The member comes back at the top of the page; bring them to the section they started from.
    goToSection('publication');
    // Once, at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { phase, works, synced, failure } = view;
  const retry = () => {
    // A spent or refused code cannot be tried again: a new one comes from ORCID.
    if (failure?.cause === 'sync' && authorization.href) {
      authorization.go();
      return;
    }
    reload();
    // The button goes away while loading; keep focus in the section.
    document.getElementById(headingId('publication'))?.focus();
  };

  const hasWorks = (works?.length ?? 0) > 0;
  const status =
    phase === 'syncing' ? 'Syncing your publications from ORCID...' : phase === 'loading' ? 'Loading your publications...' : synced && works ? syncedMessage(works.length) : null;

  return (
    <div>
      <p className={styles.intro}>Your publications are read from your ORCID record.</p>
      <div className={styles.actions}>
        <OrcidConnectLink href={authorization.href} label={hasWorks || synced ? 'Sync again with ORCID' : 'Connect to ORCID'} onFollow={authorization.remember} />
      </div>
      <StatusMessage message={status} tone={status && synced ? 'success' : 'info'} />
      {failure && phase === 'idle' && (
        <div className={styles.failure}>
          <div role="alert">
            <p className={styles.error}>{failure.message}</p>
            {failure.detail && <p className={styles.detail}>{failure.detail}</p>}
          </div>
          <button type="button" className={styles.retry} onClick={retry}>
            Retry
          </button>
        </div>
      )}
      <div aria-busy={phase !== 'idle'}>
        {phase === 'idle' && works && (hasWorks ? <PublicationList works={works} /> : <p className={styles.empty}>{synced ? NO_PUBLICATIONS : NOT_CONNECTED}</p>)}
      </div>
    </div>
  );
}
