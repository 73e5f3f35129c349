import { useId } from 'react';
import type { Project } from '@sciexperts/shared/member';
import { RatingSummary } from '@sciexperts/ui';
import { ageText, budgetText, countryText, durationText, formatDate } from '../format';
import { StatusBadge } from '../ui/StatusBadge';
import ui from '../ui/Ui.module.css';
import { AttachmentList } from './AttachmentList';
import { OwnerReviews } from './OwnerReviews';
import styles from './Project.module.css';

export function proposalCountText(count: number): string {
  return count === 1 ? '1 proposal' : `${count} proposals`;
}

/** The project as every member who may see it reads it: title, terms, the client, the brief and its files. */
export function ProjectDetails({ project }: { project: Project }) {
  const id = useId();
  const client = [project.owner.firstName, countryText(project.owner.country)].filter(Boolean).join(' · ');
  const subject = [project.service, project.practiceAreas.join(', ')].filter(Boolean).join(' · ');
  return (
    <article className={styles.details} aria-labelledby={`${id}-title`}>
      <header className={styles.header}>
        <div className={styles.badges}>
          <StatusBadge status={project.status} kind="project" />
          {project.visibility === 'invite-only' ? <span className={ui.badge}>Invite-only</span> : null}
        </div>
        <h1 id={`${id}-title`} className={styles.title}>
          {project.title}
        </h1>
        <p className={styles.subject}>{subject}</p>
        <p className={ui.muted}>
          {project.publishedAt ? `Posted ${ageText(project.publishedAt)}` : 'Not published yet'} · {proposalCountText(project.proposalCount)}
        </p>
      </header>

      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>Budget</dt>
          <dd>{budgetText(project.budget)}</dd>
        </div>
        {project.duration ? (
          <div className={styles.fact}>
            <dt>Expected duration</dt>
            <dd>{durationText(project.duration)}</dd>
          </div>
        ) : null}
        {project.deadline ? (
          <div className={styles.fact}>
            <dt>Deadline</dt>
            <dd>{formatDate(project.deadline)}</dd>
          </div>
        ) : null}
        <div className={styles.fact}>
          <dt>Client</dt>
          <dd>
            {client}
            {project.owner.reviewCount > 0 ? (
              <>
                {' · '}
                <RatingSummary average={project.owner.ratingAverage} count={project.owner.reviewCount} />
              </>
            ) : null}
          </dd>
        </div>
      </dl>

      <section className={styles.section} aria-labelledby={`${id}-description`}>
        <h2 id={`${id}-description`} className={styles.sectionTitle}>
          Description
        </h2>
        <p className={styles.description}>{project.description}</p>
      </section>

      {project.attachments.length > 0 ? (
        <section className={styles.section} aria-labelledby={`${id}-attachments`}>
          <h2 id={`${id}-attachments`} className={styles.sectionTitle}>
            Attachments
          </h2>
          <AttachmentList projectId={project.id} attachments={project.attachments} />
        </section>
      ) : null}

      {project.owner.reviewCount > 0 ? <OwnerReviews key={project.id} project={project} /> : null}
    </article>
  );
}
