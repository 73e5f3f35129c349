import { useEffect, useMemo, useState } from 'react';
import { OAUTH_MESSAGE_TYPE, OAUTH_PATHS, openLoginModal, request, useAuth, type AuthorizeAnswer, type AuthorizeInfo, type AuthorizeQuery } from '@sciexperts/shared';
import { useSearchParams } from '@sciexperts/shared/router';
import { PageMeta } from '@sciexperts/ui';
import styles from './PartnerSignInPage.module.css';

const FIELDS = ['client_id', 'redirect_uri', 'response_type', 'scope', 'code_challenge', 'code_challenge_method'] as const;
const FAILED = 'This sign-in request cannot be answered. Close this window and try again from the partner’s page.';

/** The partner's request from the popup's address; null when a required field is missing. */
function readRequest(params: URLSearchParams): AuthorizeQuery | null {
  const values: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = params.get(field);
    if (!value) return null;
    values[field] = value;
  }
  const state = params.get('state');
  return { ...(values as Omit<AuthorizeQuery, 'state' | 'response_mode' | 'response_type'>), response_type: 'code', ...(state ? { state } : {}), response_mode: 'web_message' };
}

type Outcome = 'allowed' | 'denied';

/**
 * The sign-in popup a partner's page opens (docs/decisions/0050-partner-apps-and-scoped-tokens.md): on SciExperts'
 * own origin, so the member's password and second factor never reach the partner. It names the partner and what it
 * may do, signs the member in the usual way when needed, and posts the member's answer (a one-use code, or
 * access_denied) to the page that opened it, at the origin the partner registered and nowhere else.
 */
export function PartnerSignInPage() {
  const [params] = useSearchParams();
  const asked = useMemo(() => readRequest(params), [params]);
  const signedIn = useAuth((state) => state.token !== null);
  const user = useAuth((state) => state.user);
  const [info, setInfo] = useState<AuthorizeInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(asked ? null : FAILED);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!asked) return;
    let live = true;
    request<AuthorizeInfo>('get', `${OAUTH_PATHS.authorize}?${new URLSearchParams(asked)}`, { fallbackError: FAILED }).then(
      (answer) => live && setInfo(answer),
      (error: Error) => live && setProblem(error.message),
    );
    return () => {
      live = false;
    };
  }, [asked]);

  const decide = async (decision: 'allow' | 'deny') => {
    if (!asked || busy) return;
    setBusy(true);
    try {
      const answer = await request<AuthorizeAnswer>('post', OAUTH_PATHS.authorize, { json: { ...asked, decision }, fallbackError: FAILED });
      // The browser delivers it to the partner's registered origin only (the server answered which).
      const opener = window.opener as Window | null;
      opener?.postMessage({ type: OAUTH_MESSAGE_TYPE, code: answer.code, error: answer.error, state: answer.state }, answer.redirectOrigin);
      setOutcome(decision === 'allow' ? 'allowed' : 'denied');
      if (opener) window.close();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  /** Signed out, nothing was asked of the server: the refusal goes to the origin the server named for this partner. */
  const cancelSignedOut = () => {
    if (!info || !asked) return;
    const opener = window.opener as Window | null;
    opener?.postMessage({ type: OAUTH_MESSAGE_TYPE, code: null, error: 'access_denied', state: asked.state ?? null }, info.redirectOrigin);
    setOutcome('denied');
    if (opener) window.close();
  };

  const name = info?.partner.name ?? 'A partner site';
  return (
    <main className={styles.page} aria-labelledby="partner-sign-in-title">
      <PageMeta title="Sign in with SciExperts" description="Connect a partner site to your SciExperts messages." path="/oauth/authorize" noIndex />
      <h1 id="partner-sign-in-title">Sign in with SciExperts</h1>
      {problem ? (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : outcome ? (
        <p role="status">{outcome === 'allowed' ? `${name} is connected. You can close this window.` : `${name} was not connected. You can close this window.`}</p>
      ) : !info ? (
        <p role="status">Checking the request…</p>
      ) : (
        <>
          <p>
            <strong>{name}</strong> would like to {info.scopeText}.
          </p>
          <p className={styles.small}>
            It will not see your password, your payments, your projects or your settings. Messages you send through it show “via {name}”. You can
            disconnect it at any time in Account settings.
          </p>
          {signedIn ? (
            <>
              {user && (
                <p className={styles.small}>
                  Signed in as {user.firstName} {user.lastName}.
                </p>
              )}
              <div className={styles.actions}>
                <button type="button" className={styles.primary} aria-disabled={busy || undefined} onClick={() => void decide('allow')}>
                  Allow
                </button>
                <button type="button" className={styles.secondary} aria-disabled={busy || undefined} onClick={() => void decide('deny')}>
                  Cancel
                </button>
              </div>
            </>
          ) : (
            <div className={styles.actions}>
              <button type="button" className={styles.primary} onClick={() => openLoginModal('login', null, { stayAfterSignUp: true })}>
                Sign in to continue
              </button>
              <button type="button" className={styles.secondary} onClick={cancelSignedOut}>
                Cancel
              </button>
            </div>
          )}
        </>
      )}
    </main>
  );
}
