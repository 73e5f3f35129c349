import { useRef } from 'react';
import { FieldError } from '@sciexperts/ui';
import { ATTACHMENT_ACCEPT, PROJECT_LIMITS, type Attachment } from '@sciexperts/shared/member';
import { formatFileSize } from './attachments';
import { fieldId } from './fieldIds';
import type { PendingFile } from './formStart';
import styles from './CreateProject.module.css';

interface Props {
  idBase: string;
  /** Files already on the server draft. */
  attached: readonly Attachment[];
  /** Files chosen here, uploaded when the project is published. */
  files: readonly PendingFile[];
  /** Why some chosen files were not added (count, size). */
  error: string | null;
  /** Messages for files on the server draft that could not be removed. */
  attachedErrors: Readonly<Record<number, string>>;
  removing: ReadonlySet<number>;
  disabled: boolean;
  onAdd: (files: File[]) => void;
  onRemoveFile: (key: string) => void;
  onRemoveAttached: (attachment: Attachment) => void;
}

const megabytes = PROJECT_LIMITS.attachmentMaxBytes / (1024 * 1024);

export function fileErrorId(idBase: string, key: string): string {
  return `${fieldId(idBase, 'attachments')}-${key}-error`;
}

export function removeButtonId(idBase: string, key: string): string {
  return `${fieldId(idBase, 'attachments')}-${key}-remove`;
}

/** Optional files: picked here, checked for count and size at once, sent (and checked by content) on publishing. */
export function AttachmentsField({ idBase, attached, files, error, attachedErrors, removing, disabled, onAdd, onRemoveFile, onRemoveAttached }: Props) {
  const id = fieldId(idBase, 'attachments');
  const hintId = `${id}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const rows = [
    ...attached.map((attachment) => ({
      key: `saved-${attachment.id}`,
      name: attachment.name,
      size: attachment.size,
      error: attachedErrors[attachment.id] ?? null,
      busy: removing.has(attachment.id),
      remove: () => onRemoveAttached(attachment),
    })),
    ...files.map((pending) => ({ key: pending.key, name: pending.file.name, size: pending.file.size, error: pending.error, busy: false, remove: () => onRemoveFile(pending.key) })),
  ];
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>Attachments (optional)</legend>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={id}>
          Add files
        </label>
        <p id={hintId} className={styles.hint}>
          PDF, images or office documents (Word, Excel, PowerPoint, OpenDocument): up to {PROJECT_LIMITS.attachmentsMax} files of {megabytes} MB each.
        </p>
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          className={styles.fileInput}
          aria-describedby={[error ? `${id}-error` : null, hintId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            onAdd(Array.from(event.target.files ?? []));
            // Cleared so that choosing the same file again (after removing it) is a change too.
            if (input.current) input.current.value = '';
          }}
        />
        <FieldError controlId={id} error={error} className={styles.error} />
      </div>
      {rows.length > 0 && (
        <ul className={styles.files} aria-label="Chosen files">
          {rows.map((row) => (
            <li key={row.key} className={styles.file}>
              <span className={styles.fileName}>{row.name}</span>
              <span className={styles.fileSize}>{formatFileSize(row.size)}</span>
              <button
                type="button"
                id={removeButtonId(idBase, row.key)}
                className={styles.quiet}
                aria-label={`${row.busy ? 'Removing' : 'Remove'} ${row.name}`}
                aria-describedby={row.error ? fileErrorId(idBase, row.key) : undefined}
                disabled={row.busy}
                onClick={row.remove}
              >
                {row.busy ? 'Removing…' : 'Remove'}
              </button>
              {row.error && (
                <p id={fileErrorId(idBase, row.key)} className={styles.fileError}>
                  {row.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
