import { useState } from 'react';
import { getRuntimeConfig } from '@sciexperts/shared';
import { orcidAuthorizeUrl } from '@sciexperts/shared/member';
import { leaveSiteFor } from './leaveSite';
import { newOrcidState, rememberOrcidState } from './orcidReturn';

export interface OrcidAuthorization {
  /** ORCID's authorization page for this site, or null when ORCID is not configured. */
  href: string | null;
  /** Remembers this request's state for the return trip; call it just before the browser leaves. */
  remember: () => void;
  /** remember() and go (for a button, such as Retry after a failed sync). */
  go: () => void;
}

export function useOrcidAuthorization(): OrcidAuthorization {
  // One state per mounted section: the link stays a real link (copyable, keyboard-friendly) with it in the href.
  const [state] = useState(newOrcidState);
  const orcid = getRuntimeConfig().orcid;
  const href = orcid ? orcidAuthorizeUrl(orcid, state, window.location.origin) : null;
  const remember = () => rememberOrcidState(state);
  return {
    href,
    remember,
    go: () => {
      if (!href) return;
      remember();
      leaveSiteFor(href);
    },
  };
}
