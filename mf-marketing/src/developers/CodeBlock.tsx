import { useId, useState } from 'react';
import { LiveMessage } from '@sciexperts/ui';
import styles from './DevelopersPage.module.css';

export const COPY_MESSAGES = {
  copied: 'Copied to the clipboard.',
  refused: 'Your browser did not let us copy: select the code and copy it yourself.',
} as const;

/**
 * A code sample a partner copies: the code as text (wrapped, so it never needs a scrollbar at 375 px), and a Copy
 * button whose outcome a screen reader hears from the status line beside it.
 */
export function CodeBlock({ label, code, language }: { label: string; code: string; language: string }) {
  const captionId = useId();
  const [status, setStatus] = useState('');

  async function copy() {
    try {
      // Absent outside a secure context, and refused when the browser or the visitor says no: either way, say so.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(code);
      setStatus(COPY_MESSAGES.copied);
    } catch {
      setStatus(COPY_MESSAGES.refused);
    }
  }

  return (
    <figure className={styles.code} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.codeCaption}>
        <span>{label}</span>
        <button type="button" className={styles.copy} onClick={() => void copy()} aria-label={`Copy: ${label}`}>
          Copy
        </button>
      </figcaption>
      <pre className={styles.pre}>
        <code data-language={language}>{code}</code>
      </pre>
      <LiveMessage message={status} className={styles.copyStatus} />
    </figure>
  );
}
