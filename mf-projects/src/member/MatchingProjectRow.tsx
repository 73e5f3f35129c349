import { Link } from '@sciexperts/shared/router';
import type { Project } from '@sciexperts/shared/member';
import { ageText, budgetText } from '../format';
import { projectPath } from '../routing';
import styles from './Member.module.css';

/** An open project in a short list: its title opens it; service, budget and age help choose. */
export function MatchingProjectRow({ project }: { project: Project }) {
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <Link className={styles.rowTitle} to={projectPath(project.id)}>
          {project.title}
        </Link>
        <p className={styles.meta}>
          {project.service} · {budgetText(project.budget)} · Posted {ageText(project.publishedAt ?? project.createdAt)}
        </p>
      </div>
    </li>
  );
}
