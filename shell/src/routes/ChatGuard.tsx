import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '@sciexperts/shared';
import { LoadingMessage } from '../layout/LoadingMessage';

export function ChatGuard({ children }: { children: ReactNode }) {
  const { status, token } = useAuth();
  if (status === 'loading') return <LoadingMessage text="Checking authentication..." />;
  if (!token) return <Navigate to="/" replace />;
  return <>{children}</>;
}
