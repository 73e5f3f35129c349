// A signed-in member's cohort (docs/decisions/0049-versioned-remote-releases.md): a canary is sticky per member, on
// every browser and device, not per browser. The member's session is in this browser's storage, which the page server
// never sees, so the shell asks it once per member and browser session: `/remotes.json?sx_cohort=member` with the
// member's bearer; the page server gets the member's cohort id from the API and puts it in the cohort cookie, which
// every later page load (server render and hydration alike) is bucketed by.
import { authStore, MEMBER_COHORT_QUERY, type AuthState } from '@sciexperts/shared';

const ASKED = 'sciexperts.memberCohort';

export interface MemberCohortDeps {
  fetch?: typeof fetch;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

/** Starts following the session; returns the unsubscribe. */
export function startMemberCohort(deps: MemberCohortDeps = {}): () => void {
  const storage = deps.storage === undefined ? (globalThis.sessionStorage ?? null) : deps.storage;
  const ask = (state: AuthState) => {
    const send = deps.fetch ?? globalThis.fetch;
    if (!state.token || !state.user || !send || !storage) return;
    const key = String(state.user.id);
    if (storage.getItem(ASKED) === key) return;
    storage.setItem(ASKED, key);
    void send(`/remotes.json?${MEMBER_COHORT_QUERY}`, { headers: { authorization: `Bearer ${state.token}` }, cache: 'no-store' })
      .then((response) => response.body?.cancel())
      // Not asked after all: the next page load asks again.
      .catch(() => storage.removeItem(ASKED));
  };
  ask(authStore.getState());
  return authStore.subscribe(ask);
}
