import { type SampleExpert } from '../content/experts';
import { RatingStars } from '../ui/RatingStars';
import styles from './Cards.module.css';

interface ExpertCardProps {
  expert: SampleExpert;
  /** The hero card is above the fold; slider cards load when needed. */
  eager?: boolean;
  /** h3 inside a section; a paragraph where a heading would break the outline (the hero). */
  nameAs?: 'h3' | 'p';
}

export function ExpertCard({ expert, eager = false, nameAs: NameTag = 'h3' }: ExpertCardProps) {
  return (
    <article className={styles.expertCard}>
      <img className={styles.avatar} src={expert.image} width={72} height={72} alt={`Portrait of ${expert.name}`} loading={eager ? 'eager' : 'lazy'} />
      <div>
        <NameTag className={styles.title}>{expert.name}</NameTag>
        <p className={styles.expertise}>{expert.expertise}</p>
        <RatingStars rating={expert.rating} />
      </div>
    </article>
  );
}
