import { useCallback, useState } from 'react';
import { updateStoredUser, useAuth } from '@sciexperts/shared';
import { CompletionChips } from './completion/CompletionChips';
import { computeCompletion } from './completion/computeCompletion';
import { DetailsSkeleton } from './details/DetailsSkeleton';
import { ProfileDetails } from './details/ProfileDetails';
import { EditorSection } from './EditorSection';
import { PrivacySection } from './privacy/PrivacySection';
import { PublicationsSection } from './publications/PublicationsSection';
import { certificationKind, educationKind, workExperienceKind, type RecordKey } from './records/recordKinds';
import { RecordSection } from './records/RecordSection';
import { goToSection, SECTIONS } from './sections';
import { ServicesSection } from './services/ServicesSection';
import { SectionTracker } from './tracker/SectionTracker';
import { useActiveSection } from './tracker/useActiveSection';
import { useProfileData } from './useProfileData';
import { VerificationSection } from './verification/VerificationSection';
import styles from './ProfileEditor.module.css';
import { PageTitle } from '../pages/PageTitle';

const SECTION_IDS = SECTIONS.map((section) => section.id);

/** /profile: completion chips, the sections, and a side tracker of the section in view. */
export function ProfileEditor() {
  const user = useAuth((state) => state.user);
  const [load, retry] = useProfileData(user?.id ?? null);
  const ready = load.state === 'ready' && user !== null;
  const active = useActiveSection(SECTION_IDS, ready);
  // Publications after a sync on this visit (the loaded count may predate it).
  const [publicationCount, setPublicationCount] = useState<number | null>(null);
  // What the record sections hold now (after adds and deletes); the loaded counts until they report.
  const [recordCounts, setRecordCounts] = useState<Partial<Record<RecordKey, number>>>({});
  const onRecordCount = useCallback((key: RecordKey, count: number) => setRecordCounts((current) => (current[key] === count ? current : { ...current, [key]: count })), []);

  // Every change goes through the shared store: the header greeting, the chips and the form all follow it.
  const onUserUpdated = updateStoredUser;

  if (load.state === 'failed') {
    return (
      <section aria-labelledby="profile-page-title">
        <PageTitle title="Profile" />
        <h1 id="profile-page-title">Profile</h1>
        <p role="alert">{load.message}</p>
        <button type="button" className={styles.retry} onClick={retry}>
          Retry
        </button>
      </section>
    );
  }

  const counts = ready ? load.counts : null;
  // Work experience also travels on the user object; use it when the list call failed.
  const completion = ready
    ? computeCompletion(user, {
        workExperience: recordCounts.workExperience ?? counts?.workExperience ?? user.workExperiences?.length ?? 0,
        education: recordCounts.education ?? counts?.education ?? 0,
        certification: recordCounts.certification ?? counts?.certification ?? 0,
        publication: publicationCount ?? counts?.publication ?? 0,
      })
    : null;

  return (
    <div className={styles.editor}>
      <PageTitle title="Profile" />
      <h1 id="profile-page-title" className={styles.title}>
        Profile
      </h1>
      {completion ? <CompletionChips items={completion.items} onSelect={(item) => goToSection(item.sectionId)} /> : <div className={styles.chipsPlaceholder} aria-hidden="true" />}
      <div className={styles.columns}>
        <div className={styles.sections}>
          <EditorSection id="profile-details" title="Profile Details">
            {ready && completion ? <ProfileDetails user={user} percent={completion.percent} onUserUpdated={onUserUpdated} /> : <DetailsSkeleton />}
          </EditorSection>
          <EditorSection id="services" title="Services">
            {ready ? <ServicesSection user={user} onUserUpdated={onUserUpdated} /> : <p>Loading services...</p>}
          </EditorSection>
          <EditorSection id="work-experience" title="Work Experience">
            {ready && <RecordSection kind={workExperienceKind} userId={user.id} initialItems={load.records.workExperience} onCountChange={onRecordCount} />}
          </EditorSection>
          <EditorSection id="education" title="Education">
            {ready && <RecordSection kind={educationKind} userId={user.id} initialItems={load.records.education} onCountChange={onRecordCount} />}
          </EditorSection>
          <EditorSection id="certification" title="Certification">
            {ready && <RecordSection kind={certificationKind} userId={user.id} initialItems={load.records.certification} onCountChange={onRecordCount} />}
          </EditorSection>
          <EditorSection id="publication" title="Publication">
            {ready && <PublicationsSection userId={user.id} onCountChange={setPublicationCount} />}
          </EditorSection>
          <EditorSection id="profile-privacy" title="Profile Privacy">
            {ready && <PrivacySection user={user} onUserUpdated={onUserUpdated} />}
          </EditorSection>
          <EditorSection id="verification" title="Verification">
            {ready && <VerificationSection user={user} />}
          </EditorSection>
        </div>
        <SectionTracker active={active} />
      </div>
    </div>
  );
}
