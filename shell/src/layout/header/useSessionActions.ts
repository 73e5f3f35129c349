import { useNavigate } from '@sciexperts/shared/router';
import { logOut, openLoginModal, useAuth } from '@sciexperts/shared';

/**
 * Login opens the auth remote's modal. Logout ends the server session, clears the store and goes to /;
 * a member who signed in through the identity provider is then taken through the provider's logout too.
 */
export function useSessionActions() {
  const signedIn = useAuth((state) => state.token !== null);
  const navigate = useNavigate();
  const login = () => openLoginModal('login');
  const logout = async () => {
    await logOut();
    navigate('/');
  };
  return { signedIn, login, logout };
}
