import { useEffect, useRef, useState } from 'react';
import { ApiError, ORCID_SYNC_FAILED, PUBLICATIONS_LOAD_FAILED, type OrcidCallbackResponse, type Publication } from '@sciexperts/shared';
import { publicationsApi } from '@sciexperts/shared/member';
import type { OrcidReturn } from './orcidReturn';

export const ORCID_DENIED_DETAIL = 'Access was not granted on ORCID.';
export const ORCID_MISMATCH_DETAIL = 'This answer from ORCID does not match a request from this browser tab. Please connect again.';

export interface PublicationsFailure {
  /** 'sync': the ORCID round trip failed (Retry goes back to ORCID); 'load': the stored list could not be read. */
  cause: 'sync' | 'load';
  message: string;
  /** The server's reason when it says more than the headline (e.g. a code that was already used). */
  detail: string | null;
}

export interface PublicationsView {
  phase: 'loading' | 'syncing' | 'idle';
  /** null until the stored list (or a sync) has answered. */
  works: Publication[] | null;
  /** true when `works` came from a sync just now, so an empty list means ORCID has none. */
  synced: boolean;
  failure: PublicationsFailure | null;
}

function failure(cause: PublicationsFailure['cause'], error: unknown): PublicationsFailure {
  const message = cause === 'sync' ? ORCID_SYNC_FAILED : PUBLICATIONS_LOAD_FAILED;
  const said = error instanceof ApiError && error.status > 0 ? error.message : null;
  return { cause, message, detail: said && said !== message ? said : null };
}

/**
 * On a return from ORCID, exchanges the code (through the API, which stores the works); otherwise, or when
 * that fails, shows what the last sync stored. `reload()` reads the stored list again.
 */
export function usePublications(userId: number, returned: OrcidReturn, onCount?: (count: number) => void): [PublicationsView, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<PublicationsView>(() => ({ phase: returned.kind === 'code' ? 'syncing' : 'loading', works: null, synced: false, failure: null }));
  // A code is good once: React's development double-run of effects must reuse the first exchange, not repeat it.
  const exchanges = useRef(new Map<string, Promise<OrcidCallbackResponse>>());
  const countRef = useRef(onCount);
  countRef.current = onCount;

  useEffect(() => {
    let live = true;
    const task: OrcidReturn = attempt === 0 ? returned : { kind: 'none' };
    void (async () => {
      let failed: PublicationsFailure | null = null;
      if (task.kind === 'code') {
        let exchange = exchanges.current.get(task.code);
        if (!exchange) {
          exchange = publicationsApi.syncFromOrcid(task.code);
          exchanges.current.set(task.code, exchange);
        }
        try {
          const works = (await exchange).user.works;
          if (!live) return;
          setView({ phase: 'idle', works, synced: true, failure: null });
          countRef.current?.(works.length);
          return;
        } catch (error) {
          failed = failure('sync', error);
        }
      } else if (task.kind === 'denied') {
        failed = { cause: 'sync', message: ORCID_SYNC_FAILED, detail: ORCID_DENIED_DETAIL };
      } else if (task.kind === 'mismatch') {
        failed = { cause: 'sync', message: ORCID_SYNC_FAILED, detail: ORCID_MISMATCH_DETAIL };
      }
      if (!live) return;
      // A failed sync still shows what the last good one stored.
      setView((current) => ({ ...current, phase: 'loading', failure: failed }));
      try {
        const works = await publicationsApi.list(userId);
        if (!live) return;
        setView({ phase: 'idle', works, synced: false, failure: failed });
        countRef.current?.(works.length);
      } catch (error) {
        if (!live) return;
        setView({ phase: 'idle', works: null, synced: false, failure: failed ?? failure('load', error) });
      }
    })();
    return () => {
      live = false;
    };
    // `returned` is read once, at mount: later renders never replay the return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, userId]);

  const reload = () => {
    setView((current) => ({ ...current, phase: 'loading', failure: null }));
    setAttempt((n) => n + 1);
  };
  return [view, reload];
}
