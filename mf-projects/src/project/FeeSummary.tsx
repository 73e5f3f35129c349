import styles from './Project.module.css';
import { visuallyHidden } from '@sciexperts/ui';

interface Props {
  /** The visible line's id: the price fields name it in their aria-describedby, so focusing one reads it. */
  id: string;
  /** What the price is worth to the expert now, as they type. */
  line: string;
  /** The same line as last committed (a field left): the only text screen readers hear announced. */
  announced: string | null;
}

/**
 * The platform's fee and the expert's share under the price. The visible line follows every keystroke; announcing each
 * one would read out '$1', '$15', '$150'… while typing, so a polite status region says it once the expert leaves the
 * field (and again only when it changed), and the fields point at the visible line for whoever comes back to them.
 */
export function FeeSummary({ id, line, announced }: Props) {
  return (
    <div className={styles.feeSummary}>
      <p id={id} className={styles.feeLine} aria-hidden="true">
        {line}
      </p>
      <p role="status" className={visuallyHidden}>
        {announced}
      </p>
    </div>
  );
}
