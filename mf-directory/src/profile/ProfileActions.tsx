import type { PublicExpertProfile } from '@sciexperts/shared';
import { InviteToProjectAction } from './InviteToProjectAction';
import { MessageAction } from './MessageAction';
import { ReportProfileAction } from './ReportProfileAction';
import { ScheduleCallAction } from './ScheduleCallAction';
import styles from './Profile.module.css';

/** What a visitor or member can do from a profile: message, schedule a call, invite to a project, report. */
export function ProfileActions({ profile }: { profile: PublicExpertProfile }) {
  return (
    <div className={styles.actions}>
      <MessageAction profile={profile} />
      <ScheduleCallAction profile={profile} />
      <InviteToProjectAction expert={profile} />
      <ReportProfileAction profile={profile} />
    </div>
  );
}
