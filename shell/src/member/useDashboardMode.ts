import { useCallback, useSyncExternalStore } from 'react';
import { FREELANCER_DASHBOARD, OWNER_DASHBOARD } from './memberPages';
import type { DashboardMode } from './header/RoleSwitch';

/**
 * The member's Freelancer / Project Owner choice, kept in local storage under the member's id (decision 0022): a
 * reload, a new tab or a page opened directly shows the same mode, and two members sharing a browser keep their own.
 */
export const dashboardModeKey = (memberId: number) => `dashboardMode:${memberId}`;

// This tab's own writes: the `storage` event only reaches the other tabs.
const listeners = new Set<() => void>();
// Where storage is unavailable (blocked by the browser), the choice lasts as long as the page.
const fallback = new Map<number, DashboardMode>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // key null: another tab cleared the whole storage.
    if (event.key === null || event.key.startsWith('dashboardMode:')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function readChoice(memberId: number): DashboardMode | null {
  try {
    const stored = window.localStorage.getItem(dashboardModeKey(memberId));
    return stored === 'owner' || stored === 'freelancer' ? stored : null;
  } catch {
    return fallback.get(memberId) ?? null;
  }
}

function storeChoice(memberId: number, mode: DashboardMode): void {
  try {
    window.localStorage.setItem(dashboardModeKey(memberId), mode);
  } catch {
    fallback.set(memberId, mode);
  }
  for (const listener of listeners) listener();
}

/**
 * The mode to show and the way to choose one. On a dashboard its path is the truth; elsewhere the stored choice (the
 * switch's last position), so the switch and the sidebar's Dashboard link agree on Billing after a reload too. Only the
 * switch stores a choice, never a visit: the signed-in home page always leads to the freelancer dashboard, and that
 * redirect must not undo an owner's choice.
 */
export function useDashboardMode(pathname: string, memberId: number | undefined): [DashboardMode, (mode: DashboardMode) => void] {
  const fromPath: DashboardMode | null = pathname.endsWith(`/${OWNER_DASHBOARD}`) ? 'owner' : pathname.endsWith(`/${FREELANCER_DASHBOARD}`) ? 'freelancer' : null;
  const stored = useSyncExternalStore(
    subscribe,
    () => (memberId === undefined ? null : readChoice(memberId)),
    // The member area is rendered in the browser only; a server render would know no choice.
    () => null,
  );
  const choose = useCallback((mode: DashboardMode) => {
    if (memberId !== undefined) storeChoice(memberId, mode);
  }, [memberId]);
  return [fromPath ?? stored ?? 'freelancer', choose];
}
