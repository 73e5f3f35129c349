import styles from './CreateProject.module.css';

interface Props {
  restored: boolean;
  forgottenFiles: readonly string[];
  problem: string | null;
  onStartOver: () => void;
}

export const RESTORED_MESSAGE = 'We kept what you wrote earlier.';

/** Above the form: what was put back from earlier (with a way to start over), or why a linked draft is not here. */
export function DraftNotice({ restored, forgottenFiles, problem, onStartOver }: Props) {
  return (
    <>
      {problem && (
        <div className={styles.problem}>
          <p>{problem}</p>
        </div>
      )}
      {(restored || forgottenFiles.length > 0) && (
        <div className={styles.notice}>
          <p>{RESTORED_MESSAGE}</p>
          {forgottenFiles.length > 0 && <p>Attachments need choosing again: {forgottenFiles.join(', ')}.</p>}
          <button type="button" className={styles.quiet} onClick={onStartOver}>
            Start over
          </button>
        </div>
      )}
    </>
  );
}
