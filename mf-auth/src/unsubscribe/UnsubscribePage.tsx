import { NOTIFICATION_MESSAGES, NOTIFICATION_SETTINGS_PATH, notificationsApi } from '@sciexperts/shared/member';
import { EmailLinkPage } from '../email/EmailLinkPage';

/**
 * /unsubscribe?token=… — the page an e-mail's "Stop these e-mails" link opens. It asks before it changes anything:
 * mail scanners open links, and a GET that unsubscribed would switch e-mails off that nobody asked to stop. The
 * mail client's own one-click unsubscribe (RFC 8058) posts to the API directly and never shows this page.
 */
export function UnsubscribePage() {
  return (
    <EmailLinkPage
      title="Stop these e-mails"
      explanation="You will still see these notifications in SciExperts; only the e-mails stop. You can switch them on again in your account settings."
      buttonLabel="Unsubscribe"
      busyLabel="Unsubscribing…"
      send={notificationsApi.unsubscribe}
      invalid={NOTIFICATION_MESSAGES.unsubscribeInvalid}
      back={{ to: NOTIFICATION_SETTINGS_PATH, label: 'All e-mail settings' }}
      changesMember={false}
    />
  );
}
