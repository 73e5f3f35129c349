import { useEffect, useId, useRef, useState } from 'react';
import { BLOCK_MESSAGES as M, blocksApi } from '@sciexperts/shared/member';
import { Modal } from '@sciexperts/ui';
import styles from './BlockAction.module.css';

/**
 * 'Block' / 'Unblock' in a conversation. Blocking asks first (the dialog says what it does; focus starts on Cancel,
 * the safe answer, and returns to the button after); unblocking is at once, being the safe direction. While the
 * member is blocked a banner says so under the name: the history stays, as people expect of a messaging product.
 * Only the member who blocked is shown anything here; the blocked member sees an ordinary conversation.
 */
export function BlockAction({ counterpartId }: { counterpartId: number }) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    blocksApi.state(counterpartId).then(
      (s) => live && setBlocked(s.blocked),
      // Without the state the button is not offered; the conversation works as before.
      () => live && setBlocked(null),
    );
    return () => {
      live = false;
    };
  }, [counterpartId]);

  async function change(block: boolean) {
    setBusy(true);
    setError(null);
    try {
      const s = await (block ? blocksApi.block(counterpartId) : blocksApi.unblock(counterpartId));
      setBlocked(s.blocked);
      setConfirming(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to save. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (blocked === null) return null;
  return (
    <>
      <button type="button" className={styles.button} aria-disabled={busy || undefined} onClick={() => (busy ? undefined : blocked ? void change(false) : setConfirming(true))}>
        {blocked ? M.unblockButton : M.blockButton}
      </button>
      {blocked ? (
        <p role="status" className={styles.banner}>
          {M.banner}
        </p>
      ) : null}
      {error && !confirming ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      {confirming ? (
        <Modal role="alertdialog" aria-labelledby={`${id}-title`} className={styles.layer} busy={busy} onDismiss={() => setConfirming(false)} initialFocus={cancelRef}>
          <div className={styles.box}>
            <h2 id={`${id}-title`}>{M.confirmTitle}</h2>
            <p id={`${id}-body`}>{M.confirmBody}</p>
            {error ? (
              <p role="alert" className={styles.error}>
                {error}
              </p>
            ) : null}
            <div className={styles.actions}>
              <button type="button" className={styles.confirm} aria-disabled={busy || undefined} onClick={() => !busy && void change(true)}>
                {M.blockButton}
              </button>
              <button ref={cancelRef} type="button" className={styles.cancel} aria-disabled={busy || undefined} onClick={() => !busy && setConfirming(false)}>
                {M.cancelButton}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
