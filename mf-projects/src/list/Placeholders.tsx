import styles from './List.module.css';

/** Grey blocks where a list will be, so the page keeps its shape while it loads (hidden from assistive technology). */
export function Placeholders({ count = 3, size = 'card' }: { count?: number; size?: 'card' | 'row' }) {
  return (
    <ul className={styles.cards} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={size === 'card' ? styles.placeholder : styles.placeholderShort} />
      ))}
    </ul>
  );
}
