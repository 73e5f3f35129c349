import { Navigate } from '@sciexperts/shared/router';
import { useAuth } from '@sciexperts/shared';
import { RemoteModule } from '../federation/RemoteModule';

/** `/`: members go to their dashboard, visitors see the home page. */
export function HomeRoute() {
  const signedIn = useAuth((state) => state.token !== null);
  if (signedIn) return <Navigate to="/profile/freelancer-dashboard" replace />;
  return <RemoteModule id="mf_marketing/HomePage" what="the home page" />;
}
