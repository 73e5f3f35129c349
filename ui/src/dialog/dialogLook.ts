import styles from './DialogLook.module.css';

/**
 * The classes of the suite's dialog look (DialogLook.module.css): `layer` for Modal's or ConfirmDialog's className
 * (or classNames.layer), `box` for the box inside it, `title` for its heading. Each app adds only what is its own.
 */
export const dialogLook = {
  layer: styles.layer ?? 'layer',
  box: styles.box ?? 'box',
  title: styles.title ?? 'title',
} as const;
