import { useState } from 'react';
import { paymentsApi, type ContractFile, type Workspace } from '@sciexperts/shared/member';
import { LiveMessage, saveBlob, VisuallyHidden } from '@sciexperts/ui';
import { formatDate, fullName } from '../format';
import { useAction } from '../project/useAction';
import { fileSizeText } from '../ui/fileSize';
import ui from '../ui/Ui.module.css';
import styles from './Workspace.module.css';

interface Props {
  workspace: Workspace;
  file: ContractFile;
  onRemoved: (file: ContractFile) => void;
}

/**
 * One shared file: who shared it and when, the milestone it was delivered with, a download (its bytes need the
 * member's token, so the API fetches them and the browser saves them), and removal for its uploader while allowed.
 */
export function ContractFileItem({ workspace, file, onRemoved }: Props) {
  const download = useAction();
  const removal = useAction();
  const [error, setError] = useState<string | null>(null);
  const { contract } = workspace;
  const mine = (workspace.viewerRole === 'client' ? contract.client.id : contract.expert.id) === file.uploadedBy;
  const uploader = file.uploadedBy === contract.client.id ? contract.client : contract.expert;
  const delivered = file.milestoneId === null ? null : workspace.milestones.find((m) => m.id === file.milestoneId);
  const removable = mine && file.milestoneId === null && contract.status === 'active';

  const save = async () => {
    setError(null);
    const result = await download.run(() => paymentsApi.downloadFile(contract.id, file.id));
    if (!result) return;
    if (result.ok) saveBlob(result.value, file.name);
    else setError(result.error.message);
  };

  const remove = async () => {
    setError(null);
    const result = await removal.run(() => paymentsApi.deleteFile(contract.id, file.id));
    if (!result) return;
    if (result.ok) onRemoved(file);
    else setError(result.error.message);
  };

  return (
    <li className={styles.file}>
      <span className={styles.fileName}>{file.name}</span>
      <span className={ui.muted}>
        {fileSizeText(file.size)} · {mine ? 'you' : fullName(uploader)} · {formatDate(file.createdAt)}
        {delivered ? ` · delivered with “${delivered.title}”` : ''}
      </span>
      <span className={styles.fileActions}>
        <button type="button" className={ui.quiet} disabled={download.busy} onClick={() => void save()}>
          {download.busy ? 'Downloading…' : 'Download'}
          <VisuallyHidden> {file.name}</VisuallyHidden>
        </button>
        {removable ? (
          <button type="button" className={ui.quiet} disabled={removal.busy} onClick={() => void remove()}>
            {removal.busy ? 'Removing…' : 'Remove'}
            <VisuallyHidden> {file.name}</VisuallyHidden>
          </button>
        ) : null}
      </span>
      <LiveMessage role="alert" className={styles.error} message={error} />
    </li>
  );
}
