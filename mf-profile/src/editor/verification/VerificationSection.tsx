import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, VETTING_MESSAGES, type MyVettingView, type User, type VettingRequestView } from '@sciexperts/shared';
import { vettingApi } from '@sciexperts/shared/member';
import { VerifiedBadge } from '@sciexperts/ui';
import { VerificationForm } from './VerificationForm';
import styles from './Verification.module.css';

const day = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

/**
 * The expert asks to be verified (identity and credentials) and follows the request: waiting, approved (the
 * badge), or not approved with the operator's reason and the form to ask again. Only experts (a headline) may ask.
 */
export function VerificationSection({ user }: { user: User }) {
  const [state, setState] = useState<MyVettingView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [justSent, setJustSent] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);

  const load = useCallback(() => {
    setError(null);
    vettingApi
      .mine()
      .then(setState)
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : 'Failed to load your verification. Please try again.'));
  }, []);
  useEffect(load, [load]);

  const sent = (request: VettingRequestView) => {
    setState((current) => (current ? { ...current, status: 'pending', request } : current));
    setJustSent(true);
  };
  // Focus moves to the outcome once the form is gone, so a keyboard or screen reader user hears it.
  useEffect(() => {
    if (justSent) statusRef.current?.focus();
  }, [justSent]);

  if (error) {
    return (
      <div>
        <p role="alert">{error}</p>
        <button type="button" className={styles.secondary} onClick={load}>
          Retry
        </button>
      </div>
    );
  }
  if (!state) return <p>Loading your verification…</p>;

  if (state.verified) {
    return (
      <p className={styles.state}>
        Your profile is verified <VerifiedBadge />. Changing your first or last name sends it back to review.
      </p>
    );
  }
  if (state.status === 'pending' && state.request) {
    return (
      <p ref={statusRef} tabIndex={-1} className={styles.state}>
        {justSent ? `${VETTING_MESSAGES.sent} ` : ''}
        {state.request.reReview
          ? `You changed your name after your profile was verified, so an operator reviews it again (since ${day(state.request.createdAt)}).`
          : `Your request of ${day(state.request.createdAt)} is waiting for review.`}
      </p>
    );
  }
  if (!user.headline?.trim()) return <p className={styles.state}>{VETTING_MESSAGES.expertsOnly}</p>;
  return (
    <div>
      <p className={styles.intro}>Verified experts show a “Verified” badge on their profile, directory card and proposals, and clients can search for them.</p>
      {state.status === 'rejected' && state.request ? (
        <p className={styles.rejected}>
          Your request of {day(state.request.createdAt)} was not approved: {state.request.decisionReason}. You can ask again.
        </p>
      ) : null}
      <VerificationForm orcidId={state.orcidId} onSent={sent} />
    </div>
  );
}
