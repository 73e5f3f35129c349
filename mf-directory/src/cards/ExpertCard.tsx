import { Link } from '@sciexperts/shared/router';
import type { ExpertCard as ExpertCardData } from '@sciexperts/shared';
import { RatingSummary, VerifiedBadge } from '@sciexperts/ui';
import { expertPath } from '../routing';
import { fullName } from '../format';
import { Avatar } from './Avatar';
import { ExpertFacts } from './ExpertFacts';
import { Highlighted } from './Highlighted';
import styles from './ExpertCard.module.css';

/** One search result: the name is a real link to the public profile (crawlable), the whole card is its target area. */
export function ExpertCard({ expert, headingLevel = 2 }: { expert: ExpertCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <Avatar expert={expert} size="card" />
      <div className={styles.body}>
        <Heading className={styles.name}>
          <Link to={expertPath(expert)} className={styles.nameLink}>
            {fullName(expert)}
          </Link>
          {expert.verified ? <VerifiedBadge className={styles.badge} /> : null}
        </Heading>
        {expert.headline ? <p className={styles.headline}>{expert.headline}</p> : null}
        {expert.reviewCount > 0 ? (
          <p className={styles.rating}>
            <RatingSummary average={expert.ratingAverage} count={expert.reviewCount} />
          </p>
        ) : null}
        <ExpertFacts hourlyFee={expert.hourlyFee} country={expert.country} className={styles.facts} />
        {expert.services.length > 0 ? (
          <ul className={styles.services} aria-label="Services">
            {expert.services.map((service) => (
              <li key={service.name} className={styles.service}>
                {service.name}
              </li>
            ))}
          </ul>
        ) : null}
        {expert.snippet ? (
          <p className={styles.snippet}>
            <Highlighted text={expert.snippet} highlights={expert.highlights} />
          </p>
        ) : null}
      </div>
    </article>
  );
}
