import { Navigate, useLocation } from '@sciexperts/shared/router';

/** An old address that moved: the same query and fragment at the new path, replacing the old entry in history. */
export function KeepQueryRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}
