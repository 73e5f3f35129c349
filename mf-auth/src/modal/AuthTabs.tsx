import { panelIdOf, tabIdOf, useTabs } from '@sciexperts/ui';
import type { LoginModalTab } from '@sciexperts/shared';
import styles from './AuthModal.module.css';

export const AUTH_TABS: ReadonlyArray<{ id: LoginModalTab; label: string }> = [
  { id: 'login', label: 'Login' },
  { id: 'signup', label: 'Create Account' },
];
const TAB_IDS = AUTH_TABS.map((tab) => tab.id);

export const tabId = (base: string, tab: LoginModalTab) => tabIdOf(base, tab);
export const panelId = (base: string, tab: LoginModalTab) => panelIdOf(base, tab);

interface Props {
  idBase: string;
  selected: LoginModalTab;
  onSelect: (tab: LoginModalTab) => void;
}

/** ARIA tabs with automatic activation (`useTabs`): arrows, Home and End move the selection and the focus. */
export function AuthTabs({ idBase, selected, onSelect }: Props) {
  const tabs = useTabs({ tabs: TAB_IDS, selected, onSelect, idBase });
  return (
    <div {...tabs.listProps} aria-label="Sign in or create an account" className={styles.tablist}>
      {AUTH_TABS.map(({ id, label }) => (
        <button key={id} {...tabs.tabProps(id)} className={styles.tab}>
          {label}
        </button>
      ))}
    </div>
  );
}
