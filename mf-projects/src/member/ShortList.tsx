import type { ReactNode } from 'react';
import styles from './Member.module.css';

/** How many items a dashboard section shows; its link leads to the rest. */
export const DASHBOARD_ITEMS = 5;

/** The first `limit` items as rows (each `render` gives an <li>), or the empty state when there are none. */
export function ShortList<T>({ items, limit = DASHBOARD_ITEMS, empty, render }: { items: readonly T[]; limit?: number; empty: ReactNode; render: (item: T) => ReactNode }) {
  if (items.length === 0) return <>{empty}</>;
  return <ul className={styles.rows}>{items.slice(0, limit).map(render)}</ul>;
}
