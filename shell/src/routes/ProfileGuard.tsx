import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@sciexperts/shared/router';
import { isIdentityReturn, useAuth } from '@sciexperts/shared';
import { LoadingMessage } from '../layout/LoadingMessage';
import { IdentityReturn } from './IdentityReturn';

export function ProfileGuard({ children }: { children: ReactNode }) {
  const { status, token } = useAuth();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <LoadingMessage />;
  // The identity provider returns to the dashboard before anyone is signed in: bouncing to / would drop
  // the code, so the sign-in is completed here first.
  if (!token && isIdentityReturn(pathname, search)) return <IdentityReturn />;
  if (!token) return <Navigate to="/" replace />;
  return <>{children}</>;
}
