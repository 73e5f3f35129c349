import { ACCOUNT_SETTINGS_MESSAGES as M, accountSettingsApi } from '@sciexperts/shared/member';
import { EmailLinkPage } from './EmailLinkPage';

/** /account/confirm-email?token=… — the link mailed to a new address makes it the member's. */
export function ConfirmEmailPage() {
  return (
    <EmailLinkPage
      title="Confirm your new e-mail address"
      explanation="Your SciExperts account will use this address to sign in and for every e-mail we send you."
      buttonLabel="Confirm this address"
      busyLabel="Confirming…"
      send={accountSettingsApi.confirmEmail}
      invalid={M.emailLinkInvalid}
    />
  );
}
