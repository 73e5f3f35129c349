import styles from './LoadingMessage.module.css';

export function LoadingMessage({ text = 'Loading' }: { text?: string }) {
  return (
    <p role="status" className={styles.loading}>
      {text}
    </p>
  );
}
