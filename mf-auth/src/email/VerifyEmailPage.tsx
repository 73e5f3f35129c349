import { ACCOUNT_SETTINGS_MESSAGES as M, accountSettingsApi } from '@sciexperts/shared/member';
import { EmailLinkPage } from './EmailLinkPage';

/** /account/verify-email?token=… — the link in the welcome e-mail confirms the member's address. */
export function VerifyEmailPage() {
  return (
    <EmailLinkPage
      title="Confirm your e-mail address"
      explanation="Confirming it lets you publish projects, send proposals and pay into escrow."
      buttonLabel="Confirm my e-mail address"
      busyLabel="Confirming…"
      send={accountSettingsApi.verifyEmail}
      invalid={M.verifyLinkInvalid}
    />
  );
}
