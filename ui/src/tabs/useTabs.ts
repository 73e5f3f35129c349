import { useRef, type KeyboardEvent } from 'react';

/** The ARIA tabs keyboard pattern: the index a key moves the selection to, or null for keys tabs do not handle. */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export type TabKey = string | number;

export const tabIdOf = (idBase: string, tab: TabKey) => `${idBase}-tab-${tab}`;
export const panelIdOf = (idBase: string, tab: TabKey) => `${idBase}-panel-${tab}`;

export interface UseTabsOptions<T extends TabKey> {
  /** The tabs, in order. */
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** Prefix of the tab and panel ids (useId()). Tabs are `${idBase}-tab-${tab}`, panels `${idBase}-panel-${tab}`. */
  idBase: string;
  /** One panel (`${idBase}-panel`) shows the selected tab's content, instead of one panel per tab. */
  singlePanel?: boolean;
}

/**
 * ARIA tabs (WAI-ARIA APG, automatic activation): one tab stop for the list, arrows wrap, Home and End jump, and
 * each moves both the selection and the focus. Returns props to spread, so each caller keeps its own markup
 * and classes: `listProps` on the tablist, `tabProps(tab)` on each <button>, `panelProps(tab)` on each panel.
 */
export function useTabs<T extends TabKey>({ tabs, selected, onSelect, idBase, singlePanel = false }: UseTabsOptions<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const panelId = (tab: T) => (singlePanel ? `${idBase}-panel` : panelIdOf(idBase, tab));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = tabIndexForKey(event.key, tabs.indexOf(selected), tabs.length);
    if (next === null) return;
    event.preventDefault();
    const target = tabs[next]!;
    onSelect(target);
    buttons.current.get(target)?.focus();
  };

  return {
    listProps: { role: 'tablist', onKeyDown } as const,
    tabProps: (tab: T) =>
      ({
        ref: (element: HTMLButtonElement | null) => {
          if (element) buttons.current.set(tab, element);
          else buttons.current.delete(tab);
        },
        type: 'button',
        role: 'tab',
        id: tabIdOf(idBase, tab),
        'aria-selected': tab === selected,
        'aria-controls': panelId(tab),
        tabIndex: tab === selected ? 0 : -1,
        onClick: () => onSelect(tab),
      }) as const,
    panelProps: (tab: T) =>
      ({
        role: 'tabpanel',
        id: panelId(tab),
        'aria-labelledby': tabIdOf(idBase, tab),
        hidden: tab !== selected,
      }) as const,
  };
}
