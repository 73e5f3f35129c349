import { useId, useState } from 'react';
import { useAuth } from '@sciexperts/shared';
import { ACCOUNT_SETTINGS_MESSAGES } from '@sciexperts/shared/member';
import { BlockedMembersSection } from './BlockedMembersSection';
import { DataSection } from './DataSection';
import { EmailSection } from './EmailSection';
import { NotificationPreferencesSection } from './NotificationPreferencesSection';
import { PasswordSection } from './PasswordSection';
import { PhoneSection } from './PhoneSection';
import { SecuritySection } from './SecuritySection';
import { SessionsSection } from './SessionsSection';
import styles from './Settings.module.css';

/** /profile/settings: the member's sign-in e-mail, phone, password, sessions and e-mail notifications. */
export function AccountSettingsPage() {
  const passwordId = useId();
  const identity = useAuth((state) => state.signInMethod === 'identity');
  // A password change ends the other sessions: the list is loaded again to show it.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <div className={styles.page}>
      <div>
        <h1 className={styles.pageTitle}>
          Account Setting
        </h1>
        <p className={styles.lead}>Your sign-in e-mail and password, two-step verification and passkeys, your phone number, where you are signed in, and which e-mails SciExperts sends you.</p>
      </div>
      <EmailSection />
      <PhoneSection />
      {identity ? (
        <section className={styles.section} aria-labelledby={passwordId}>
          <h2 id={passwordId} className={styles.title}>
            Password
          </h2>
          <p className={styles.lead}>{ACCOUNT_SETTINGS_MESSAGES.passwordManagedByProvider}</p>
        </section>
      ) : (
        <PasswordSection onChanged={() => setSessionsVersion((n) => n + 1)} />
      )}
      <SecuritySection />
      <SessionsSection key={sessionsVersion} />
      <NotificationPreferencesSection />
      <BlockedMembersSection />
      <DataSection />
    </div>
  );
}
