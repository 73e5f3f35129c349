import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from '@sciexperts/shared/router';
import { openLoginModal, signIn } from '@sciexperts/shared';
import { completeIdentityRedirect } from './completeIdentityRedirect';
import { SecondFactorNeeded } from './exchangeProviderToken';
import { IdentityCodeStep } from './IdentityCodeStep';
import { describeIdentityError, IDENTITY_LOGIN_FAILED_MESSAGE } from './describeIdentityError';
import formStyles from '../forms/Form.module.css';
import styles from './IdentityCallback.module.css';

export const SIGNING_IN_TEXT = 'Signing you in…';

/**
 * The screen the shell shows when the identity provider sends the browser back with `code` and `state`.
 * Success stores the session and goes to / (which sends members on to their dashboard), replacing the
 * return URL so the single-use code never stays in the address bar or history. Failure signs nothing in.
 */
export function IdentityCallback() {
  const navigate = useNavigate();
  const headingId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    completeIdentityRedirect().then(
      (session) => {
        if (!current) return;
        // Stored and navigated in one tick: the shell's guard would otherwise show the dashboard at the
        // return URL (code and state still in it) before this screen could move on.
        signIn(session.token, session.user, 'identity');
        void navigate(session.returnTo ?? '/', { replace: true });
      },
      (error: unknown) => {
        if (!current) return;
        // The provider vouched for the member, who turned two-step verification on: the code finishes the sign-in.
        if (error instanceof SecondFactorNeeded) {
          setChallengeToken(error.challengeToken);
          setReturnTo(error.returnTo);
        }
        else setFailure(describeIdentityError(error));
        // Drop the refused code and state from the address bar (the router keeps this screen until the
        // member moves on); a reload then simply lands signed out.
        window.history.replaceState(window.history.state, '', window.location.pathname);
      },
    );
    return () => {
      current = false;
    };
  }, [navigate]);

  if (challengeToken) {
    return (
      <section className={styles.page} aria-labelledby={headingId}>
        <h1 id={headingId} className={styles.title}>
          Sign in
        </h1>
        <IdentityCodeStep
          challengeToken={challengeToken}
          onSignedIn={(session) => {
            signIn(session.token, session.user, 'identity');
            void navigate(returnTo ?? '/', { replace: true });
          }}
        />
      </section>
    );
  }

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <h1 id={headingId} className={styles.title}>
        Sign in
      </h1>
      {/* Both live regions stay in the page so the change from one to the other is announced. */}
      <p role="status" className={styles.working}>
        {failure === null ? SIGNING_IN_TEXT : null}
      </p>
      <div role="alert" className={styles.failure}>
        {failure !== null && (
          <>
            <p className={formStyles.error}>{IDENTITY_LOGIN_FAILED_MESSAGE}</p>
            <p className={styles.reason}>{failure}</p>
          </>
        )}
      </div>
      {failure !== null && (
        <div className={styles.actions}>
          <button type="button" className={formStyles.submit} onClick={() => openLoginModal('login')}>
            Try again
          </button>
          <Link className={styles.home} to="/" replace>
            Back to the home page
          </Link>
        </div>
      )}
    </section>
  );
}
