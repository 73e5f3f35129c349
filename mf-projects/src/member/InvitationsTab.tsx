import { projectsApi, type Invitation } from '@sciexperts/shared/member';
import { useLoad } from '../ui/useLoad';
import { EmptyState } from './EmptyState';
import { InvitationRow } from './InvitationRow';
import { Loaded } from './Loaded';
import styles from './Member.module.css';

/** Invitations the member received, newest first; open ones can be answered with a proposal or declined. */
export function InvitationsTab({ memberKey }: { memberKey: string }) {
  const invitations = useLoad(() => projectsApi.myInvitations(), `invitations:${memberKey}`);
  const replace = (updated: Invitation) => {
    if (invitations.data) invitations.setData({ results: invitations.data.results.map((item) => (item.id === updated.id ? updated : item)) });
  };
  return (
    <Loaded load={invitations}>
      {(data) =>
        data.results.length === 0 ? (
          <EmptyState text="No invitations yet. When a client invites you to a project, it appears here." />
        ) : (
          <ul className={styles.rows}>
            {data.results.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} onDeclined={replace} />
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}
