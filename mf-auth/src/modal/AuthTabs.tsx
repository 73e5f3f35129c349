import { useRef, type KeyboardEvent } from 'react';
import type { LoginModalTab } from '@sciexperts/shared';
import styles from './AuthModal.module.css';

export const AUTH_TABS: ReadonlyArray<{ id: LoginModalTab; label: string }> = [
  { id: 'login', label: 'Login' },
  { id: 'signup', label: 'Create Account' },
];

export const tabId = (base: string, tab: LoginModalTab) => `${base}-tab-${tab}`;
export const panelId = (base: string, tab: LoginModalTab) => `${base}-panel-${tab}`;

interface Props {
  idBase: string;
  selected: LoginModalTab;
  onSelect: (tab: LoginModalTab) => void;
}

/** ARIA tabs with automatic activation: arrows, Home and End move the selection and the focus. */
export function AuthTabs({ idBase, selected, onSelect }: Props) {
  const buttons = useRef(new Map<LoginModalTab, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = AUTH_TABS.findIndex((tab) => tab.id === selected);
    const last = AUTH_TABS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index + 1) % AUTH_TABS.length
      : event.key === 'ArrowLeft' ? (index - 1 + AUTH_TABS.length) % AUTH_TABS.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const target = AUTH_TABS[next]!.id;
    onSelect(target);
    buttons.current.get(target)?.focus();
  };

  return (
    <div role="tablist" aria-label="Sign in or create an account" className={styles.tablist} onKeyDown={onKeyDown}>
      {AUTH_TABS.map(({ id, label }) => (
        <button
          key={id}
          ref={(element) => {
            if (element) buttons.current.set(id, element);
            else buttons.current.delete(id);
          }}
          type="button"
          role="tab"
          id={tabId(idBase, id)}
          aria-selected={selected === id}
          aria-controls={panelId(idBase, id)}
          tabIndex={selected === id ? 0 : -1}
          className={styles.tab}
          onClick={() => onSelect(id)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
