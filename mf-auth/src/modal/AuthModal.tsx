import { useCallback, useId, useState } from 'react';
import { useNavigate } from '@sciexperts/shared/router';
import { Modal } from '@sciexperts/ui';
import { loginModalStore, type AuthModalProps, type LoginModalTab } from '@sciexperts/shared';
import { LoginForm } from '../login/LoginForm';
import { SignupForm } from '../signup/SignupForm';
import { ForgotPasswordForm } from '../password/ForgotPasswordForm';
import { AuthTabs, panelId, tabId } from './AuthTabs';
import styles from './AuthModal.module.css';

/** After the modal's own sign-up the member lands in the chat. */
export const AFTER_SIGNUP_PATH = '/chat';
/** On open the member starts typing in the visible tab's first field. */
const FIRST_FIELD = '[role="tabpanel"]:not([hidden]) input';

export function AuthModal({ initialTab, onClose }: AuthModalProps) {
  const idBase = useId();
  const titleId = `${idBase}-title`;
  const navigate = useNavigate();
  const [tab, setTab] = useState<LoginModalTab>(initialTab);
  const [loginView, setLoginView] = useState<'login' | 'forgot'>('login');

  const afterLogin = useCallback(() => {
    // Read before closing: closing the modal forgets where the opener wanted the member to go.
    const returnTo = loginModalStore.getState().returnTo;
    onClose();
    if (returnTo) void navigate(returnTo);
  }, [navigate, onClose]);

  const afterSignup = useCallback(() => {
    // Still the chat, but the conversation the opener asked for (the directory's Message: /chat?with=42); an
    // opener that finishes its own action once signed in (publishing a project) keeps the member on its page.
    const { returnTo, stayAfterSignUp } = loginModalStore.getState();
    onClose();
    if (stayAfterSignUp) return;
    void navigate(returnTo?.startsWith(`${AFTER_SIGNUP_PATH}?`) ? returnTo : AFTER_SIGNUP_PATH);
  }, [navigate, onClose]);

  return (
    <Modal aria-labelledby={titleId} className={styles.backdrop} onDismiss={onClose} initialFocus={FIRST_FIELD}>
      <div className={styles.dialog}>
        <button type="button" className={styles.close} aria-label="Close" title="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        <h2 id={titleId} className={styles.title}>
          Welcome to SciExperts
        </h2>
        <AuthTabs idBase={idBase} selected={tab} onSelect={setTab} />
        <div role="tabpanel" id={panelId(idBase, 'login')} aria-labelledby={tabId(idBase, 'login')} hidden={tab !== 'login'} className={styles.panel}>
          {loginView === 'forgot' ? (
            <ForgotPasswordForm onBack={() => setLoginView('login')} />
          ) : (
            <LoginForm onSignedIn={afterLogin} onForgotPassword={() => setLoginView('forgot')} />
          )}
        </div>
        <div role="tabpanel" id={panelId(idBase, 'signup')} aria-labelledby={tabId(idBase, 'signup')} hidden={tab !== 'signup'} className={styles.panel}>
          <SignupForm onSignedIn={afterSignup} />
        </div>
      </div>
    </Modal>
  );
}
