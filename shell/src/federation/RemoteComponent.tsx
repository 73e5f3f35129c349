import { lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import { resetRemote } from './remoteRegistry';
import { RemoteLoaderContext } from './remoteLoader';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { markLoadFailure } from './releaseReports';
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

/**
 * Lazily loads one exposed component of a remote, behind an error boundary with Retry. Untyped on purpose:
 * it also renders pages that only the run-time registry knows; the shell's own code uses the typed RemoteModule.
 */
export function RemoteComponent({ id, what, props, fallback }: RemoteComponentProps) {
  const [attempt, setAttempt] = useState(0);
  const loader = useContext(RemoteLoaderContext);
  const Lazy = useMemo(
    () =>
      loader.cached(id) ??
      lazy(async () => {
        try {
          return { default: await loader.load(id) };
        } catch (error) {
          // Reported as the remote failing to load, not to render.
          markLoadFailure(error);
          throw error;
        }
      }),
    // `attempt` is deliberately a dependency: a retry must create a fresh lazy component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id, attempt, loader],
  );
  const retry = () => {
    void resetRemote(id).finally(() => setAttempt((n) => n + 1));
  };
  return (
    <RemoteErrorBoundary key={attempt} what={what} onRetry={retry} remoteId={id}>
      <Suspense fallback={fallback ?? <LoadingMessage />}>
        <Lazy {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
