import type { AdminMemberView } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import { dateTime } from './format';
import css from './console.module.css';
import { VisuallyHidden } from '@sciexperts/ui';

interface Props {
  member: AdminMemberView;
  /** The reason typed in the member's page (the member is told it by e-mail). */
  reason: string;
  /** Done: the member as it now is, and what to say. */
  onChanged: (member: AdminMemberView, message: string) => void;
  onError: (message: string) => void;
}

/**
 * Hiding short of suspending, from the member's page: their profile from the directory, or one of their projects
 * from the list. The account keeps working; each action needs the reason and is audited on the server.
 */
export function MemberModeration({ member, reason, onChanged, onError }: Props) {
  async function run(action: () => Promise<unknown>, changed: AdminMemberView, message: string) {
    try {
      await action();
      onChanged(changed, message);
    } catch (err) {
      onError(err instanceof AdminApiError ? err.message : 'That did not work. Try again.');
    }
  }
  const hidden = (at: string) => ({ at, reason });
  const now = () => new Date().toISOString();

  const toggleProfile = () =>
    member.profileHidden
      ? run(() => adminApi.unhideProfile(member.id, reason), { ...member, profileHidden: null }, `${member.name}'s profile is shown in the directory again.`)
      : run(() => adminApi.hideProfile(member.id, reason), { ...member, profileHidden: hidden(now()) }, `${member.name}'s profile is hidden from the directory and they were told why by e-mail.`);

  const toggleProject = (project: AdminMemberView['projects'][number]) => {
    const projects = (h: AdminMemberView['projects'][number]['hidden']) => member.projects.map((p) => (p.id === project.id ? { ...p, hidden: h } : p));
    return project.hidden
      ? run(() => adminApi.unhideProject(project.id, reason), { ...member, projects: projects(null) }, `“${project.title}” is shown again.`)
      : run(() => adminApi.hideProject(project.id, reason), { ...member, projects: projects(hidden(now())) }, `“${project.title}” is hidden and ${member.name} was told why by e-mail.`);
  };

  return (
    <>
      <p>{member.profileHidden ? `Profile hidden from the directory since ${dateTime(member.profileHidden.at)} (${member.profileHidden.reason}).` : 'Profile not hidden by SciExperts.'}</p>
      <button type="button" className={css.secondary} onClick={() => void toggleProfile()}>
        {member.profileHidden ? 'Show the profile in the directory again' : 'Hide the profile from the directory'}
      </button>
      {member.projects.length > 0 && (
        <section aria-labelledby={`projects-of-${member.id}`}>
          <h3 id={`projects-of-${member.id}`}>Projects</h3>
          <ul className={css.list}>
            {member.projects.map((p) => (
              <li key={p.id}>
                “{p.title}” ({p.status}){p.hidden ? `: hidden since ${dateTime(p.hidden.at)} (${p.hidden.reason})` : ''}{' '}
                <button type="button" className={css.secondary} onClick={() => void toggleProject(p)}>
                  {p.hidden ? 'Show again' : 'Hide'}
                  <VisuallyHidden> “{p.title}”</VisuallyHidden>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
