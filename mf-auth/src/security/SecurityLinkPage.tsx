import { useLocation, useNavigate } from '@sciexperts/shared/router';
import { PAYOUT_CHANGE_PAGE_PATH, SECURITY_CHANGE_PAGE_PATH, SECURITY_MESSAGES as M, securityApi, signOut, type AlertEndSessionAnswer } from '@sciexperts/shared';
import { EmailLinkPage } from '../email/EmailLinkPage';

/**
 * The links of security e-mails (docs/decisions/0034-second-factor.md, 0042), asked before posting like the other
 * e-mail links: "This was not me" of a sign-in alert, and the link of a passkey or authenticator app added or removed,
 * end every sign-in (the latter removing what was added) and go on to choosing a new password; the payout change's
 * link confirms the change, so withdrawals are no longer held.
 */
export function SecurityLinkPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  /** On to the new password at once, with the reset token the answer carries (none for a member without a password). */
  const thenReset = async (answer: Promise<AlertEndSessionAnswer>) => {
    const done = await answer;
    // Every session ended, this browser's too: forget its token here, or the page would go on showing a member who
    // is signed in until some request of theirs is refused.
    signOut();
    if (done.resetToken) void navigate(`/reset-password?token=${encodeURIComponent(done.resetToken)}`);
    return done;
  };
  if (pathname === SECURITY_CHANGE_PAGE_PATH) {
    return (
      <EmailLinkPage
        title="This was not me"
        explanation="Undo the change we told you about: a passkey or authenticator app that was added is removed, and every sign-in to your account is ended. You then choose a new password."
        buttonLabel="Undo it and sign out everywhere"
        busyLabel="Undoing…"
        send={(token) => thenReset(securityApi.undoSecurityChange(token))}
        invalid={M.alertLinkInvalid}
        changesMember={false}
      />
    );
  }
  if (pathname === PAYOUT_CHANGE_PAGE_PATH) {
    return (
      <EmailLinkPage
        title="Confirm the payout account change"
        explanation="Confirm that you changed the payout account of your SciExperts account. Withdrawals are then no longer held."
        buttonLabel="Confirm the change"
        busyLabel="Confirming…"
        send={securityApi.confirmPayoutChange}
        invalid={M.payoutLinkInvalid}
        changesMember={false}
      />
    );
  }
  return (
    <EmailLinkPage
      title="This was not me"
      explanation="End every sign-in to your account, the one we told you about included. You then choose a new password, so whoever signed in cannot sign in again."
      buttonLabel="Sign out everywhere"
      busyLabel="Ending…"
      send={(token) => thenReset(securityApi.endAlertedSession(token))}
      invalid={M.alertLinkInvalid}
      changesMember={false}
    />
  );
}
