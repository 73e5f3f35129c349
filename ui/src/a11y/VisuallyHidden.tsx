import type { HTMLAttributes } from 'react';
import styles from './VisuallyHidden.module.css';

/** The class, for an element that must be something other than a span: a caption, a heading, a label, a live region. */
export const visuallyHidden: string = styles.visuallyHidden ?? 'visuallyHidden';

/**
 * Words for screen readers only, inside something visible: 'Decline<VisuallyHidden> Ada Lovelace</VisuallyHidden>'
 * names which proposal a row's button declines. One copy of the rule for the whole suite.
 */
export function VisuallyHidden({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return <span className={className ? `${visuallyHidden} ${className}` : visuallyHidden} {...rest} />;
}
