import { CHAT_MESSAGES } from '@sciexperts/shared';
import { useChat, useChatController } from '../chat/ChatProvider';
import styles from './DirectMessage.module.css';

/** Says when messages cannot go out right now; they wait and are sent when the connection is back. */
export function ConnectionNotice() {
  const connection = useChat((s) => s.connection);
  const error = useChat((s) => s.connectionError);
  const historyError = useChat((s) => s.historyError);
  const unreachable = useChat((s) => s.loadUnreachable);
  const controller = useChatController();
  return (
    <>
      {connection === 'offline' && (
        <p role="status" className={styles.notice}>
          Offline: messages you send now will be delivered when the connection is back.
        </p>
      )}
      {connection === 'refused' && (
        <p role="alert" className={styles.error}>
          {error ?? 'The chat could not connect.'}
        </p>
      )}
      {historyError && historyError !== CHAT_MESSAGES.userNotFound && (
        <p role="alert" className={styles.error}>
          {historyError}
          {unreachable && (
            <>
              {' '}
              <button type="button" onClick={() => controller.retryLoad()}>
                Retry
              </button>
            </>
          )}
        </p>
      )}
    </>
  );
}
