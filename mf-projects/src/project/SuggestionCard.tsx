import { useId, useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import { type ExpertCard } from '@sciexperts/shared';
import { projectsApi, type Invitation } from '@sciexperts/shared/member';
import { LiveMessage, VisuallyHidden } from '@sciexperts/ui';
import { countryText, formatMoney, fullName, initials } from '../format';
import { expertPath } from '../routing';
import ui from '../ui/Ui.module.css';
import { useAction } from './useAction';
import styles from './Project.module.css';

interface Props {
  expert: ExpertCard;
  projectId: number;
  invited: boolean;
  onInvited: (invitation: Invitation) => void;
}

/** A suggested expert, compact: who, what they do, their fee, and an Invite button. */
export function SuggestionCard({ expert, projectId, invited, onInvited }: Props) {
  const id = useId();
  const { busy, run } = useAction();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const name = fullName(expert);
  const facts = [expert.hourlyFee !== null ? `${formatMoney(Math.round(expert.hourlyFee * 100))}/hr` : '', countryText(expert.country)].filter(Boolean).join(' · ');

  const invite = async () => {
    if (invited || busy) return;
    setError(null);
    const result = await run(() => projectsApi.invite(projectId, expert.id));
    if (!result) return;
    if (result.ok) {
      setSent(true);
      onInvited(result.value);
    } else setError(result.error.message);
  };

  return (
    <li>
      <article className={styles.suggestion} aria-labelledby={`${id}-name`}>
        <div className={ui.member}>
          {expert.profImgUrl ? (
            <img className={ui.avatar} src={expert.profImgUrl} alt="" width={48} height={48} loading="lazy" />
          ) : (
            <span className={ui.avatar} aria-hidden="true">
              {initials(expert)}
            </span>
          )}
          <div>
            <h3 id={`${id}-name`} className={ui.memberName}>
              <Link className={ui.textLink} to={expertPath(expert)}>
                {name}
              </Link>
            </h3>
            {expert.headline ? <p className={ui.memberLine}>{expert.headline}</p> : null}
            {facts ? <p className={ui.memberLine}>{facts}</p> : null}
          </div>
        </div>
        {/* aria-disabled, not disabled: the button keeps the focus it has while the invitation goes and after. */}
        <button
          type="button"
          className={`${invited ? ui.quiet : ui.secondary} ${invited || busy ? styles.unavailable : ''}`}
          aria-disabled={invited || busy || undefined}
          onClick={() => void invite()}
        >
          {invited ? 'Invited' : busy ? 'Inviting…' : 'Invite'}
          <VisuallyHidden> {name}</VisuallyHidden>
        </button>
        <LiveMessage role="status" className={styles.success} message={sent ? `${expert.firstName} is invited.` : null} />
        <LiveMessage role="alert" className={styles.inlineError} message={error} />
      </article>
    </li>
  );
}
