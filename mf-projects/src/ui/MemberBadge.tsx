import type { MemberSummary } from '@sciexperts/shared/member';
import { Link } from '@sciexperts/shared/router';
import { VerifiedBadge } from '@sciexperts/ui';
import { countryText, fullName, initials } from '../format';
import { expertPath } from '../routing';
import styles from './Ui.module.css';

/**
 * A member as the other party sees them: photo (or initials), name linking to the public profile when they have
 * a headline (listed experts), the Verified badge when an operator verified them, headline and country.
 */
export function MemberBadge({ member, headingLevel = 3 }: { member: MemberSummary; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  const name = fullName(member);
  const line = [member.headline, countryText(member.country)].filter(Boolean).join(' · ');
  return (
    <div className={styles.member}>
      {member.profImgUrl ? (
        <img className={styles.avatar} src={member.profImgUrl} alt="" width={48} height={48} loading="lazy" />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {initials(member)}
        </span>
      )}
      <div>
        <Heading className={styles.memberName}>
          {member.headline ? (
            <Link className={styles.textLink} to={expertPath(member)}>
              {name}
            </Link>
          ) : (
            name
          )}
          {member.verified ? <VerifiedBadge /> : null}
        </Heading>
        {line && <p className={styles.memberLine}>{line}</p>}
      </div>
    </div>
  );
}
