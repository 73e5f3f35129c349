import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * Step-up (docs/decisions/0034-second-factor.md), one mechanism for every remote: when the API answers 401 with the
 * reason 'step-up', the HTTP client asks here, the shell shows mf-auth's dialog while this store says so, and the
 * call is sent again once the member has confirmed (or fails as it was, if they cancel). Remotes do nothing.
 */
interface StepUpState {
  open: boolean;
}

export const stepUpStore = createStore<StepUpState>(() => ({ open: false }));

let waiting: Array<(confirmed: boolean) => void> = [];

/** Opens the dialog (once, however many calls asked) and resolves when the member confirmed (true) or cancelled. */
export function requestStepUp(): Promise<boolean> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    stepUpStore.setState({ open: true });
  });
}

/** The dialog's answer: every call that waited is retried or given up together. */
export function finishStepUp(confirmed: boolean): void {
  const done = waiting;
  waiting = [];
  stepUpStore.setState({ open: false });
  for (const resolve of done) resolve(confirmed);
}

export function useStepUp(): StepUpState {
  return useStore(stepUpStore);
}
