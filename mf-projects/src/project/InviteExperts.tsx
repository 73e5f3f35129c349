import { useCallback, useId, useMemo, useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import { projectsApi, type Invitation, type Project } from '@sciexperts/shared/member';
import { pickSuggestions, searchExpertsForService } from '../api/suggestions';
import { fullName } from '../format';
import { expertPath, expertSearchPath } from '../routing';
import { useLoad } from '../ui/useLoad';
import ui from '../ui/Ui.module.css';
import { LoadFailed } from '../ui/LoadFailed';
import { SuggestionCard } from './SuggestionCard';
import styles from './Project.module.css';

/**
 * 'Invite experts': directory experts offering the project's service, each one click from an invitation, the
 * experts invited so far, and the directory's search for more.
 */
export function InviteExperts({ project }: { project: Project }) {
  const id = useId();
  const invitations = useLoad(() => projectsApi.invitations(project.id), String(project.id));
  const search = useLoad(() => searchExpertsForService(project.service), project.service);
  // Experts invited from these cards stay in them (as 'Invited'); the ones invited before are left out.
  const [invitedHere, setInvitedHere] = useState<ReadonlySet<number>>(new Set());
  const { setData: setInvitations } = invitations;
  const invitationList = invitations.data?.results ?? null;

  const suggestions = useMemo(() => {
    if (!search.data || !invitationList) return null;
    const excluded = new Set(invitationList.filter((i) => !invitedHere.has(i.expertId)).map((i) => i.expertId));
    excluded.add(project.ownerId);
    return pickSuggestions(search.data.results, excluded);
  }, [search.data, invitationList, invitedHere, project.ownerId]);

  const onInvited = useCallback(
    (invitation: Invitation) => {
      setInvitedHere((ids) => new Set(ids).add(invitation.expertId));
      setInvitations({ results: [...(invitationList ?? []).filter((i) => i.id !== invitation.id), invitation] });
    },
    [invitationList, setInvitations],
  );

  const failed = search.status === 'error' ? search : invitations.status === 'error' ? invitations : null;
  const retry = () => {
    if (search.status === 'error') search.reload();
    if (invitations.status === 'error') invitations.reload();
  };
  const invitedIds = new Set((invitationList ?? []).map((i) => i.expertId));

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.sectionTitle}>
        Invite experts
      </h2>
      <p>Experts in {project.service} from our directory. Invite them to send you a proposal.</p>
      {project.status === 'draft' ? <p>While the project is a draft, invitations wait: the experts receive them when you publish it.</p> : null}

      <div aria-busy={suggestions === null && !failed}>
        {failed?.error ? (
          <LoadFailed message={failed.error.message} onRetry={retry} />
        ) : suggestions === null ? (
          <p className={ui.muted}>Loading suggested experts…</p>
        ) : suggestions.length === 0 ? (
          <p className={ui.muted}>No more experts to suggest for this service right now.</p>
        ) : (
          <ul className={styles.suggestions}>
            {suggestions.map((card) => (
              <SuggestionCard key={card.id} expert={card} projectId={project.id} invited={invitedIds.has(card.id)} onInvited={onInvited} />
            ))}
          </ul>
        )}
      </div>
      <p>
        <Link className={ui.textLink} to={expertSearchPath(project.service)}>
          Search more experts
        </Link>
      </p>

      {invitationList && invitationList.length > 0 ? (
        <>
          <h3 id={`${id}-invited`} className={styles.subTitle}>
            Invited experts
          </h3>
          <ul className={styles.invited} aria-labelledby={`${id}-invited`}>
            {invitationList.map((invitation) => (
              <li key={invitation.id} className={styles.invitedItem}>
                {invitation.expert.headline ? (
                  <Link className={ui.textLink} to={expertPath(invitation.expert)}>
                    {fullName(invitation.expert)}
                  </Link>
                ) : (
                  <span>{fullName(invitation.expert)}</span>
                )}
                <span className={ui.badge}>{invitation.status === 'declined' ? 'Declined' : 'Invited'}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
