import type { ProjectTeaser } from '@sciexperts/shared/member';
import { ageText, budgetText } from '../format';
import styles from './List.module.css';

/** An open project as a signed-out visitor sees it: what it is about, its budget and age; opening it needs a session. */
export function ProjectTeaserCard({ teaser }: { teaser: ProjectTeaser }) {
  return (
    <article className={styles.card}>
      <h2 className={styles.cardTitle}>{teaser.title}</h2>
      <ul className={styles.facts}>
        <li className={styles.service}>{teaser.service}</li>
        <li>{budgetText(teaser.budget)}</li>
        <li>Posted {ageText(teaser.postedAt)}</li>
      </ul>
    </article>
  );
}
