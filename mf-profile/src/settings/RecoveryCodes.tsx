import { useEffect, useId, useRef, useState } from 'react';
import { useAuth } from '@sciexperts/shared';
import { FieldError, fieldErrorProps, saveBlob } from '@sciexperts/ui';
import { StatusMessage, type StatusTone } from '../ui/StatusMessage';
import styles from './Settings.module.css';
import codeStyles from './RecoveryCodes.module.css';

export const RECOVERY_CODE_MESSAGES = {
  copied: 'Your recovery codes are copied. Paste them somewhere safe.',
  copyRefused: 'Your browser did not let us copy them. Select the codes and copy them yourself, or use Download or Print.',
  downloaded: 'Your recovery codes are downloaded as a text file.',
  notSaved: 'Tick the box once your codes are saved: they are not shown again.',
} as const;

export const RECOVERY_CODES_FILE_NAME = 'sciexperts-recovery-codes.txt';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const PRINTING = codeStyles.printing ?? 'printing';
const stopPrinting = () => document.documentElement.classList.remove(PRINTING);

/** What the file holds and the printout shows: whose codes they are, when they were made, and the codes. */
export function recoveryCodesText(codes: string[], email: string | null, madeAt: Date): string {
  const whose = email ? ` for ${email}` : '';
  return `SciExperts recovery codes${whose}\nMade ${day.format(madeAt)}. Each code signs you in once if you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;
}

/**
 * The ten recovery codes, shown only this once (after turning two-step verification on, or asking for new codes).
 * The member can copy them, download them as a .txt file or print just them; the panel closes only once they tick that
 * the codes are saved, since nothing shows them again.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingId = useId();
  const checkId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const check = useRef<HTMLInputElement>(null);
  const email = useAuth((state) => state.user?.email ?? null);
  const [madeAt] = useState(() => new Date());
  const [saved, setSaved] = useState(false);
  const [notSaved, setNotSaved] = useState<string | undefined>();
  const [status, setStatus] = useState<{ text: string; tone: StatusTone } | null>(null);
  useEffect(() => heading.current?.focus(), []);
  // Gone before the browser said the printing ended: printing another page must not come out blank.
  useEffect(() => stopPrinting, []);
  const text = recoveryCodesText(codes, email, madeAt);

  async function copy() {
    try {
      // Absent outside a secure context, and refused when the browser or the member says no: either way, say so.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setStatus({ text: RECOVERY_CODE_MESSAGES.copied, tone: 'success' });
    } catch {
      setStatus({ text: RECOVERY_CODE_MESSAGES.copyRefused, tone: 'error' });
    }
  }

  function download() {
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), RECOVERY_CODES_FILE_NAME);
    setStatus({ text: RECOVERY_CODE_MESSAGES.downloaded, tone: 'success' });
  }

  function print() {
    // Only while printing: the print sheet then hides everything but the codes (RecoveryCodes.module.css).
    document.documentElement.classList.add(PRINTING);
    window.addEventListener('afterprint', stopPrinting, { once: true });
    window.print();
  }

  function finish() {
    if (!saved) {
      setNotSaved(RECOVERY_CODE_MESSAGES.notSaved);
      check.current?.focus();
      return;
    }
    onDone();
  }

  return (
    <div aria-labelledby={headingId} role="group" className={styles.form}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className={styles.label}>
        Your recovery codes
      </h3>
      <p className={styles.hint}>Each code signs you in once if you lose your phone. Save them somewhere safe now: they are shown only this once.</p>
      <div className={codeStyles.printable}>
        <p className={codeStyles.printOnly}>
          SciExperts recovery codes{email ? ` for ${email}` : ''}, made {day.format(madeAt)}
        </p>
        <ol className={codeStyles.codes} aria-label="Recovery codes">
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
      </div>
      <div className={codeStyles.keep}>
        <button type="button" className={styles.secondary} onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className={styles.secondary} onClick={download}>
          Download (.txt)
        </button>
        <button type="button" className={styles.secondary} onClick={print}>
          Print
        </button>
      </div>
      <StatusMessage message={status?.text ?? null} tone={status?.tone} />
      <div className={styles.field}>
        <div className={codeStyles.check}>
          <input
            ref={check}
            type="checkbox"
            checked={saved}
            onChange={(event) => {
              setSaved(event.target.checked);
              if (event.target.checked) setNotSaved(undefined);
            }}
            {...fieldErrorProps(checkId, notSaved)}
          />
          <label htmlFor={checkId}>I have saved my recovery codes somewhere safe</label>
        </div>
        <FieldError controlId={checkId} error={notSaved} className={styles.fieldError} />
      </div>
      <button type="button" className={styles.save} onClick={finish}>
        Done
      </button>
    </div>
  );
}
