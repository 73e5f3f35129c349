import type { Workspace } from '@sciexperts/shared/member';
import { formatDate } from '../format';
import { actorName, EVENT_LABELS } from './labels';
import styles from './Workspace.module.css';

/** What happened to the milestones, newest first, with the notes the parties wrote. */
export function Timeline({ workspace }: { workspace: Workspace }) {
  const titles = new Map(workspace.milestones.map((m) => [m.id, m.title]));
  const fileNames = new Map(workspace.files.map((f) => [f.id, f.name]));
  const events = [...workspace.events].reverse();
  return (
    <section className={styles.section} aria-labelledby="workspace-timeline">
      <h2 id="workspace-timeline" className={styles.sectionTitle}>
        Timeline
      </h2>
      {events.length === 0 ? (
        <p className={styles.meta}>Nothing has happened yet. Funding, submissions and approvals will be listed here.</p>
      ) : (
        <ol className={styles.timeline}>
          {events.map((event) => {
            const actor = actorName(workspace, event.actorId);
            const title = titles.get(event.milestoneId);
            return (
              <li key={event.id} className={styles.event}>
                <p className={styles.eventText}>
                  {title ? <strong>{title}: </strong> : null}
                  {EVENT_LABELS[event.kind]}
                  {actor ? ` by ${actor}` : ''} · {formatDate(event.createdAt)}
                </p>
                {event.note ? <p className={styles.note}>{event.note}</p> : null}
                {event.fileIds.length > 0 ? (
                  <p className={styles.meta}>Delivered files: {event.fileIds.map((id) => fileNames.get(id) ?? 'a removed file').join(', ')}</p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
