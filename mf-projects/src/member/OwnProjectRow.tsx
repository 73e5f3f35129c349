import { Link } from '@sciexperts/shared/router';
import type { Project } from '@sciexperts/shared/member';
import { ageText, budgetText } from '../format';
import { countOf } from '../list/countText';
import { editDraftPath, projectPath } from '../routing';
import styles from './Member.module.css';

/** One of the owner's projects: drafts open in the form again, the others on their page; new proposals stand out. */
export function OwnProjectRow({ project }: { project: Project }) {
  const draft = project.status === 'draft';
  const when = draft ? `Last saved ${ageText(project.updatedAt)}` : `Posted ${ageText(project.publishedAt ?? project.createdAt)}`;
  const receives = project.status === 'open' || project.status === 'in-progress';
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <Link className={styles.rowTitle} to={draft ? editDraftPath(project.id) : projectPath(project.id)}>
          {project.title}
        </Link>
        <p className={styles.meta}>
          {budgetText(project.budget)} · {when}
          {receives ? ` · ${countOf(project.proposalCount, 'proposal')}` : ''}
        </p>
      </div>
      {project.status === 'open' && project.newProposalCount > 0 ? (
        <div className={styles.rowSide}>
          <span className={styles.newBadge}>{countOf(project.newProposalCount, 'new proposal')}</span>
        </div>
      ) : null}
    </li>
  );
}
