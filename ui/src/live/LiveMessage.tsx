import type { HTMLAttributes, ReactNode } from 'react';

export interface LiveMessageProps extends Omit<HTMLAttributes<HTMLParagraphElement>, 'role' | 'children'> {
  /** `status` (polite: a saved, a sent) or `alert` (assertive: an error). */
  role?: 'status' | 'alert';
  /** The text; null or '' leaves the region empty but in place. */
  message: ReactNode;
}

/**
 * A live region that is always in the DOM: screen readers announce changes to a region that already exists,
 * and often miss one inserted together with its text. So it renders empty instead of disappearing. This is
 * the suite's toast/status message: in the flow of the page, next to what it is about, never a timed popup.
 */
export function LiveMessage({ role = 'status', message, ...rest }: LiveMessageProps) {
  return (
    <p role={role} {...rest}>
      {message}
    </p>
  );
}
