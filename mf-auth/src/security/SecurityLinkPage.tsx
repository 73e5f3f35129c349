import { useLocation, useNavigate } from '@sciexperts/shared/router';
import { PAYOUT_CHANGE_PAGE_PATH, SECURITY_MESSAGES as M, securityApi } from '@sciexperts/shared';
import { EmailLinkPage } from '../email/EmailLinkPage';

/**
 * The links of security e-mails (docs/decisions/0034-second-factor.md), asked before posting like the other e-mail
 * links: "This was not me" of a sign-in alert ends that sign-in and goes on to choosing a new password; the payout
 * change's link confirms the change, so withdrawals are no longer held.
 */
export function SecurityLinkPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
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
      explanation="End the sign-in we told you about. You then choose a new password, so whoever signed in cannot sign in again."
      buttonLabel="End that sign-in"
      busyLabel="Ending…"
      send={async (token) => {
        const answer = await securityApi.endAlertedSession(token);
        if (answer.resetToken) void navigate(`/reset-password?token=${encodeURIComponent(answer.resetToken)}`);
        return answer;
      }}
      invalid={M.alertLinkInvalid}
      changesMember={false}
    />
  );
}
