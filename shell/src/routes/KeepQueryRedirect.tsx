import { Navigate, useLocation } from 'react-router-dom';

/** An old address that moved: the same query and fragment at the new path, replacing the old entry in history. */
export function KeepQueryRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}
