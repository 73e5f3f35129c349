import { projectsApi, type Attachment } from '@sciexperts/shared/member';
import { LiveMessage, saveBlob, VisuallyHidden } from '@sciexperts/ui';
import { useState } from 'react';
import { fileSizeText } from '../ui/fileSize';
import ui from '../ui/Ui.module.css';
import { useAction } from './useAction';
import styles from './Project.module.css';

/**
 * One file. Its bytes need the member's token, so a plain link cannot fetch them: the button downloads them
 * through the API and saves them.
 */
export function AttachmentItem({ projectId, attachment }: { projectId: number; attachment: Attachment }) {
  const { busy, run } = useAction();
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    const result = await run(() => projectsApi.downloadAttachment(projectId, attachment.id));
    if (!result) return;
    if (result.ok) saveBlob(result.value, attachment.name);
    else setError(result.error.message);
  };

  return (
    <li className={styles.attachment}>
      <span className={styles.attachmentName}>{attachment.name}</span>
      <span className={ui.muted}>{fileSizeText(attachment.size)}</span>
      <button type="button" className={ui.quiet} disabled={busy} onClick={() => void download()}>
        {busy ? 'Downloading…' : 'Download'}
        <VisuallyHidden> {attachment.name}</VisuallyHidden>
      </button>
      <LiveMessage role="alert" className={styles.inlineError} message={error} />
    </li>
  );
}
