import type { ReactNode } from 'react';
import type { ExposedComponentId, ExposedProps } from '@sciexperts/shared';
import { RemoteComponent } from './RemoteComponent';

// Props are required exactly when the exposed component has a required prop.
type PropsOf<P> = Record<never, never> extends P ? { props?: P } : { props: P };

export type RemoteModuleProps<Id extends ExposedComponentId> = {
  /** An id of the shared expose map, e.g. `mf_chat/DirectMessage`; its props are checked against that map. */
  id: Id;
  what: string;
  /** Shown while the remote loads; defaults to 'Loading'. */
  fallback?: ReactNode;
} & PropsOf<ExposedProps<Id>>;

/** One exposed component of a remote, typed by `ExposedComponentProps` in shared/contracts. */
export function RemoteModule<Id extends ExposedComponentId>({ id, what, fallback, props }: RemoteModuleProps<Id>) {
  return <RemoteComponent id={id} what={what} fallback={fallback} props={props ?? {}} />;
}
