import { Component, type ReactNode } from 'react';
import { useLocation } from '@sciexperts/shared/router';
import { RouteErrorPage } from '../pages/RouteErrorPage';

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  pathname: string;
}

/** React catches a render error only in a class component's boundary; there is no hook for it. */
class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  // Another page is another chance: the error page stays only until the visitor goes somewhere else.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * What the router's `errorElement` was with its data router: an error thrown while rendering a page shows the error
 * page in place of the whole frame, until the next navigation. (A remote that fails to load has its own boundary,
 * RemoteErrorBoundary, inside the frame.)
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageErrorBoundary pathname={pathname}>{children}</PageErrorBoundary>;
}
