import { useEffect } from 'react';
import { CALL_PICKER_PARAM, callPickerStore, closeCallPicker, isSignedIn, openCallPicker, useAuth, useCallPicker } from '@sciexperts/shared';
import { useLocation, useNavigate } from '@sciexperts/shared/router';
import { RemoteModule } from '../federation/RemoteModule';

/**
 * The one place mf-profile's slot picker is mounted; any remote's 'Schedule a call' opens it through the shared
 * call-picker store (remotes never import each other). A visitor who was asked to sign in first comes back to it:
 * through `?scheduleCall=<expertId>` in the address the sign-in returns to, or the store's pending request when a
 * sign-up stays on the page.
 */
export function CallPickerHost() {
  const { expertId, pending, proposeTo } = useCallPicker();
  const signedIn = useAuth((state) => isSignedIn(state));
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!signedIn) return;
    const params = new URLSearchParams(search);
    const asked = Number(params.get(CALL_PICKER_PARAM));
    if (Number.isInteger(asked) && asked > 0) {
      params.delete(CALL_PICKER_PARAM);
      const rest = params.toString();
      void navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
      openCallPicker(asked);
    } else if (pending !== null && callPickerStore.getState().expertId === null) {
      openCallPicker(pending);
    }
  }, [signedIn, search, pathname, pending, navigate]);

  if (expertId === null || !signedIn) return null;
  return <RemoteModule id="mf_profile/CallPicker" what="the call picker" fallback={null} props={{ expertId, onClose: closeCallPicker, ...(proposeTo ? { proposeTo } : {}) }} />;
}
