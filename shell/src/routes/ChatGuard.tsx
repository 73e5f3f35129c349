import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from '@sciexperts/shared/router';
import { useAuth } from '@sciexperts/shared';
import { LoadingMessage } from '../layout/LoadingMessage';
import { resumeIdentitySession } from '../federation/identitySession';

type Check = 'pending' | 'resuming' | 'done';

/**
 * /chat is open when the backend session or the identity provider's session is authenticated.
 * A visitor who arrives without a product token but with the provider's session still held by this tab is
 * signed in silently; the check runs once on arrival, so a member who logs out here simply leaves.
 */
export function ChatGuard({ children }: { children: ReactNode }) {
  const { status, token } = useAuth();
  const [check, setCheck] = useState<Check>('pending');

  useEffect(() => {
    if (status !== 'ready' || check !== 'pending') return;
    if (token) {
      setCheck('done');
      return;
    }
    setCheck('resuming');
    void resumeIdentitySession().finally(() => setCheck('done'));
  }, [status, token, check]);

  if (token && status === 'ready') return <>{children}</>;
  if (status === 'loading' || check !== 'done') return <LoadingMessage text="Checking authentication..." />;
  return <Navigate to="/" replace />;
}
