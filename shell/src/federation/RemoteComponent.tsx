import { lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { loadRemoteModule, resetRemote } from './remoteRegistry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { LoadingMessage } from '../layout/LoadingMessage';

export interface RemoteComponentProps {
  /** `remote/ExposedModule`, e.g. `mf_chat/DirectMessage`. */
  id: string;
  /** What failed, in words a visitor understands ("this page", "the sign-in window"). */
  what: string;
  props: object;
  /** Shown while the remote loads; defaults to 'Loading'. */
  fallback?: ReactNode;
}

// Components already loaded, by id: a page shown again (the member area remounts each page) renders at once
// instead of suspending for a tick and flashing 'Loading'. Only successes are kept, so Retry always refetches.
const loaded = new Map<string, ComponentType<object>>();

/** For tests that load one id with different outcomes. */
export function forgetLoadedRemoteComponents(): void {
  loaded.clear();
}

/**
 * Lazily loads one exposed component of a remote, behind an error boundary with Retry. Untyped on purpose:
 * it also renders pages that only the run-time registry knows; the shell's own code uses the typed RemoteModule.
 */
export function RemoteComponent({ id, what, props, fallback }: RemoteComponentProps) {
  const [attempt, setAttempt] = useState(0);
  const Lazy = useMemo(
    () =>
      loaded.get(id) ??
      lazy(async () => {
        const module = await loadRemoteModule<{ default: ComponentType<object> }>(id);
        loaded.set(id, module.default);
        return { default: module.default };
      }),
    // `attempt` is deliberately a dependency: a retry must create a fresh lazy component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id, attempt],
  );
  const retry = () => {
    void resetRemote(id).finally(() => setAttempt((n) => n + 1));
  };
  return (
    <RemoteErrorBoundary key={attempt} what={what} onRetry={retry}>
      <Suspense fallback={fallback ?? <LoadingMessage />}>
        <Lazy {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
