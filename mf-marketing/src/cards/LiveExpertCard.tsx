import { Link } from '@sciexperts/shared/router';
import type { ExpertCard } from '@sciexperts/shared';
import { formatHourlyFee } from '@sciexperts/shared';
import { expertInitials, expertName, expertProfilePath } from '../directory/liveExperts';
import styles from './Cards.module.css';

const AVATAR_PX = 72;

/** A real expert from the directory: photo (or initials), the name linking to the public profile, headline and fee. */
export function LiveExpertCard({ expert }: { expert: ExpertCard }) {
  const name = expertName(expert);
  const fee = formatHourlyFee(expert.hourlyFee);
  return (
    <article className={`${styles.expertCard} ${styles.liveExpertCard}`}>
      {expert.profImgUrl ? (
        <img className={styles.avatar} src={expert.profImgUrl} width={AVATAR_PX} height={AVATAR_PX} alt={`Portrait of ${name}`} loading="lazy" decoding="async" />
      ) : (
        <span className={`${styles.avatar} ${styles.initials}`} aria-hidden="true">
          {expertInitials(expert)}
        </span>
      )}
      <div className={styles.liveExpertBody}>
        <h3 className={styles.title}>
          <Link to={expertProfilePath(expert)} className={styles.titleLink}>
            {name}
          </Link>
        </h3>
        {expert.headline ? <p className={styles.headline}>{expert.headline}</p> : null}
        {fee ? (
          <dl className={styles.fee}>
            <dt>Hourly fee</dt>
            <dd>{fee}</dd>
          </dl>
        ) : null}
      </div>
    </article>
  );
}

/** The shape of a card while the directory answers: same box, nothing to read. */
export function ExpertCardPlaceholder() {
  return (
    <div className={`${styles.expertCard} ${styles.placeholderCard}`} aria-hidden="true">
      <span className={`${styles.avatar} ${styles.placeholderAvatar}`} />
      <span className={styles.placeholderLines}>
        <span />
        <span />
        <span />
      </span>
    </div>
  );
}
