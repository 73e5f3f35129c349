import { MenuButton, type MenuButtonClassNames, type MenuItem } from '@sciexperts/ui';
import styles from './UserMenu.module.css';

export type UserMenuItem = MenuItem;

const classNames: MenuButtonClassNames = { root: styles.root, button: styles.button, caret: styles.caret, menu: styles.menu, item: styles.item };

/** The member header's user menu: the shared ARIA menu button (`MenuButton`) in the header's look. */
export function UserMenu({ label, items }: { label: string; items: UserMenuItem[] }) {
  return <MenuButton label={label} items={items} classNames={classNames} />;
}
