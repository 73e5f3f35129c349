import { useNavigate } from 'react-router-dom';
import { accountApi, openLoginModal, signOut, useAuth } from '@sciexperts/shared';

/** Login opens the auth remote's modal; logout ends the server session, clears the store and goes to /. */
export function useSessionActions() {
  const signedIn = useAuth((state) => state.token !== null);
  const navigate = useNavigate();
  const login = () => openLoginModal('login');
  const logout = async () => {
    // The server revokes the session; a network failure must not keep the member signed in here.
    await accountApi.logout().catch(() => undefined);
    signOut();
    navigate('/');
  };
  return { signedIn, login, logout };
}
