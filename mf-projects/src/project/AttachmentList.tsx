import type { Attachment } from '@sciexperts/shared/member';
import { AttachmentItem } from './AttachmentItem';
import styles from './Project.module.css';

/** The project's files, each with its own Download button. */
export function AttachmentList({ projectId, attachments }: { projectId: number; attachments: readonly Attachment[] }) {
  return (
    <ul className={styles.attachments}>
      {attachments.map((attachment) => (
        <AttachmentItem key={attachment.id} projectId={projectId} attachment={attachment} />
      ))}
    </ul>
  );
}
