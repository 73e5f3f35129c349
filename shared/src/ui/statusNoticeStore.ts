import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/** A short confirmation for the shell's status region. */
export interface StatusNotice {
  /** Tells two notices with the same words apart: a second one is shown for the full time again. */
  id: number;
  text: string;
}

interface StatusNoticeState {
  notice: StatusNotice | null;
}

/**
 * A slice hands the shell a confirmation that must outlive its own screen (the sign-up modal closes as soon as the
 * new member is signed in, so its own message would vanish with it). The shell's status region shows the notice for
 * a few seconds, announced politely, then clears it. Remotes never render into the shell, so this store is the way.
 */
export const statusNoticeStore = createStore<StatusNoticeState>(() => ({ notice: null }));

let lastId = 0;

export function showStatusNotice(text: string): void {
  lastId += 1;
  statusNoticeStore.setState({ notice: { id: lastId, text } });
}

/** Clears the notice `id`, and only that one: a newer notice keeps its own time on screen. */
export function clearStatusNotice(id: number): void {
  if (statusNoticeStore.getState().notice?.id === id) statusNoticeStore.setState({ notice: null });
}

export function useStatusNotice(): StatusNotice | null {
  return useStore(statusNoticeStore, (state) => state.notice);
}
