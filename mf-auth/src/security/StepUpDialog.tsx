import { useEffect, useId, useState, type FormEvent } from 'react';
import { Modal } from '@sciexperts/ui';
import { SECURITY_MESSAGES, preparePasskeys, securityApi, signWithPasskey, type StepUpDialogProps, type StepUpOptions } from '@sciexperts/shared';
import { FormMessages } from '../forms/FormMessages';
import { useSubmitGuard } from '../forms/useSubmitGuard';
import { describeLoginFailure } from '../login/signInWithPassword';
import modal from '../modal/AuthModal.module.css';
import styles from '../forms/Form.module.css';

/**
 * "Confirm it is you" (docs/decisions/0034-second-factor.md): the shell shows it whenever a call answered 401 with
 * the reason 'step-up'; the call is sent again once this says done. The member answers with a passkey, the second
 * factor's code, or the password when they have neither.
 */
export function StepUpDialog({ onDone }: StepUpDialogProps) {
  const titleId = useId();
  const [options, setOptions] = useState<StepUpOptions | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmitGuard();

  useEffect(() => {
    let live = true;
    securityApi.stepUpOptions().then(
      (answer) => live && setOptions(answer),
      (caught: unknown) => live && setError(describeLoginFailure(caught)),
    );
    return () => {
      live = false;
    };
  }, []);

  const methods = options?.methods ?? [];
  const offersPasskey = methods.includes('passkey');
  // The passkey button is about to show: its library is loaded now, not after the press (passkeyClient.ts).
  useEffect(() => {
    if (offersPasskey) preparePasskeys();
  }, [offersPasskey]);
  const typed = methods.includes('totp') ? 'totp' : methods.includes('password') ? 'password' : null;

  const confirm = (send: () => Promise<unknown>) =>
    void run(async () => {
      setError(null);
      try {
        await send();
      } catch (caught) {
        if (caught instanceof Error && caught.name === 'NotAllowedError') return;
        setError(describeLoginFailure(caught));
        return;
      }
      onDone(true);
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed) return;
    confirm(() => securityApi.stepUp(typed === 'totp' ? { method: 'totp', code: value.trim() } : { method: 'password', password: value }));
  };

  const withPasskey = () =>
    confirm(async () => {
      if (!options?.passkeyOptions) throw new Error(SECURITY_MESSAGES.passkeyNotSupported);
      const response = await signWithPasskey(options.passkeyOptions);
      await securityApi.stepUp({ method: 'passkey', response: response as never });
    });

  return (
    <Modal aria-labelledby={titleId} className={modal.backdrop} onDismiss={() => onDone(false)} busy={busy}>
      <div className={modal.dialog}>
        <h2 id={titleId} className={modal.title}>
          Confirm it is you
        </h2>
        <p className={styles.hint}>{SECURITY_MESSAGES.stepUpRequired} This keeps your money and account safe; it is asked again after 5 minutes.</p>
        {options && methods.length === 0 && <p className={styles.hint}>{SECURITY_MESSAGES.stepUpIdentityProvider}</p>}
        <div className={styles.form}>
          {methods.includes('passkey') && (
            <button type="button" className={styles.submit} onClick={withPasskey} disabled={busy}>
              Use a passkey
            </button>
          )}
          {typed && (
            <form className={styles.form} onSubmit={submit} aria-busy={busy}>
              <label className={styles.field}>
                {typed === 'totp' ? 'Authentication code' : 'Password'}
                <input
                  type={typed === 'password' ? 'password' : 'text'}
                  name={typed === 'totp' ? 'code' : 'password'}
                  autoComplete={typed === 'totp' ? 'one-time-code' : 'current-password'}
                  required
                  maxLength={typed === 'totp' ? 32 : 1024}
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
              </label>
              <button type="submit" className={methods.includes('passkey') ? styles.secondary : styles.submit} disabled={busy}>
                {busy ? 'Confirming...' : 'Confirm'}
              </button>
            </form>
          )}
          <FormMessages error={error} />
          <button type="button" className={styles.linkButton} onClick={() => onDone(false)} disabled={busy}>
            Cancel
          </button>
        </div>
      </div>
    </Modal>
  );
}
