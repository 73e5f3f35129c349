import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { loadRemoteModule, resetRemote } from './remoteRegistry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { LoadingMessage } from '../layout/LoadingMessage';

interface Props<P> {
  /** `remote/ExposedModule`, e.g. `mf_chat/DirectMessage`. */
  id: string;
  what: string;
  props?: P;
  /** Shown while the remote loads; defaults to 'Loading'. */
  fallback?: React.ReactNode;
}

/** Lazily loads one exposed component of a remote, behind an error boundary with Retry. */
export function RemoteModule<P extends object>({ id, what, props, fallback }: Props<P>) {
  const [attempt, setAttempt] = useState(0);
  const Lazy = useMemo(
    () =>
      lazy(async () => {
        const module = await loadRemoteModule<{ default: ComponentType<P> }>(id);
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
        <Lazy {...((props ?? {}) as P & object)} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
