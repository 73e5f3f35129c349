import { useId, useState } from 'react';
import { useAuth } from '@sciexperts/shared';
import { ACCOUNT_SETTINGS_MESSAGES } from '@sciexperts/shared/member';
import { BlockedMembersSection } from './BlockedMembersSection';
import { ConnectedPartnersSection } from './ConnectedPartnersSection';
import { DataSection } from './DataSection';
import { EmailSection } from './EmailSection';
import { NotificationPreferencesSection } from './NotificationPreferencesSection';
import { PasswordSection } from './PasswordSection';
import { PhoneSection } from './PhoneSection';
import { SectionJumpList } from './SectionJumpList';
import { SecuritySection } from './SecuritySection';
import { SessionsSection } from './SessionsSection';
import styles from './Settings.module.css';
import { PageTitle } from '../pages/PageTitle';

/** The sections "On this page" jumps to, in the page's order. */
export const SETTINGS_SECTIONS = [
  { id: 'settings-security', label: 'Security' },
  { id: 'settings-sessions', label: 'Sessions' },
  { id: 'settings-notifications', label: 'Notifications' },
  { id: 'settings-blocked', label: 'Blocked members' },
  { id: 'settings-partners', label: 'Connected partners' },
  { id: 'settings-data', label: 'Data' },
] as const;
const [security, sessions, notifications, blocked, partners, data] = SETTINGS_SECTIONS;

/** /profile/settings: the member's sign-in e-mail, phone, password, sessions and e-mail notifications. */
export function AccountSettingsPage() {
  const passwordId = useId();
  const identity = useAuth((state) => state.signInMethod === 'identity');
  // A password change ends the other sessions: the list is loaded again to show it.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <div className={styles.page}>
      <div>
        <PageTitle title="Account settings" />
        <h1 className={styles.pageTitle}>Account settings</h1>
        <p className={styles.lead}>Your sign-in e-mail and password, two-step verification and passkeys, your phone number, where you are signed in, and which e-mails SciExperts sends you.</p>
        <SectionJumpList targets={SETTINGS_SECTIONS} />
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
      <SecuritySection id={security.id} />
      <SessionsSection id={sessions.id} key={sessionsVersion} />
      <NotificationPreferencesSection id={notifications.id} />
      <BlockedMembersSection id={blocked.id} />
      <ConnectedPartnersSection id={partners.id} />
      <DataSection id={data.id} />
    </div>
  );
}
