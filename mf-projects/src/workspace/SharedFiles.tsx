import { useId, useRef, useState } from 'react';
import {
  PROJECT_MESSAGES,
  ATTACHMENT_ACCEPT,
  paymentsApi,
  PAYMENT_LIMITS,
  PAYMENT_MESSAGES,
  PROJECT_LIMITS,
  type ContractFile,
  type Workspace,
} from '@sciexperts/shared/member';
import { LiveMessage } from '@sciexperts/ui';
import { useAction } from '../project/useAction';
import { ContractFileItem } from './ContractFileItem';
import styles from './Workspace.module.css';

const megabytes = PROJECT_LIMITS.attachmentMaxBytes / (1024 * 1024);

interface Props {
  workspace: Workspace;
  onFilesChanged: (files: ContractFile[], message: string, focus: boolean) => void;
}

/**
 * The files both parties share in the workspace (deliverables, data, drafts). A chosen file is uploaded at once,
 * one at a time; the size is checked here first so nobody waits for a refusal, the type by the server (by content).
 */
export function SharedFiles({ workspace, onFilesChanged }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useAction();
  const [uploading, setUploading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const active = workspace.contract.status === 'active';
  const full = workspace.files.length >= PAYMENT_LIMITS.contractFilesMax;

  const send = async (file: File) => {
    setError(null);
    if (file.size > PROJECT_LIMITS.attachmentMaxBytes) {
      setError(`${file.name}: ${PROJECT_MESSAGES.attachmentTooLarge}`);
      return;
    }
    setUploading(file.name);
    const result = await upload.run(() => paymentsApi.uploadFile(workspace.contract.id, file, file.name));
    setUploading(null);
    if (input.current) input.current.value = '';
    if (!result) return;
    if (result.ok) onFilesChanged([result.value, ...workspace.files], `${result.value.name} is shared.`, false);
    else setError(`${file.name}: ${result.error.message}`);
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        Shared files
      </h2>
      {workspace.files.length === 0 ? (
        <p className={styles.meta}>No files yet. Files either of you shares appear here; the expert can deliver them with a milestone.</p>
      ) : (
        <ul className={styles.files}>
          {workspace.files.map((file) => (
            <ContractFileItem
              key={file.id}
              workspace={workspace}
              file={file}
              onRemoved={(gone) => onFilesChanged(workspace.files.filter((f) => f.id !== gone.id), `${gone.name} is removed.`, true)}
            />
          ))}
        </ul>
      )}
      {active ? (
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-file`}>
            Share a file
          </label>
          <p id={`${id}-hint`} className={styles.hint}>
            {full
              ? PAYMENT_MESSAGES.filesTooMany
              : `PDF, images or office documents (Word, Excel, PowerPoint, OpenDocument), up to ${megabytes} MB each. Both of you can download them.`}
          </p>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={ATTACHMENT_ACCEPT}
            aria-describedby={`${id}-hint`}
            disabled={upload.busy || full}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void send(file);
            }}
          />
          <LiveMessage role="status" className={styles.hint} message={uploading ? `Uploading ${uploading}…` : ''} />
          <LiveMessage role="alert" className={styles.error} message={error} />
        </div>
      ) : null}
    </section>
  );
}
