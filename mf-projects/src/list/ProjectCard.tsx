import { Link } from '@sciexperts/shared/router';
import type { Project } from '@sciexperts/shared/member';
import { ageText, budgetText } from '../format';
import { projectPath } from '../routing';
import { countOf, excerptOf } from './countText';
import styles from './List.module.css';

/** One open project as members see it in a list: the title opens it; the facts and two lines help choose. */
export function ProjectCard({ project }: { project: Project }) {
  return (
    <article className={styles.card}>
      <h2 className={styles.cardTitle}>
        <Link className={styles.textLink} to={projectPath(project.id)}>
          {project.title}
        </Link>
      </h2>
      <ul className={styles.facts}>
        <li className={styles.service}>{project.service}</li>
        <li>{budgetText(project.budget)}</li>
        <li>Posted {ageText(project.publishedAt ?? project.createdAt)}</li>
        <li>{project.proposalCount === 0 ? 'No proposals yet' : countOf(project.proposalCount, 'proposal')}</li>
      </ul>
      <p className={styles.excerpt}>{excerptOf(project.description)}</p>
    </article>
  );
}
