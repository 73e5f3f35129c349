import { useLayoutEffect, useMemo, useRef } from 'react';
import { useChat, useChatController, useChatScoped } from '../chat/ChatProvider';
import { MessageItem } from './MessageItem';
import styles from './DirectMessage.module.css';

const TOP_THRESHOLD_PX = 40;
const NEAR_BOTTOM_PX = 80;

/** The open conversation, oldest at the top; older pages load when scrolled to the top, keeping the reading position. */
export function MessageList() {
  const controller = useChatController();
  const chatScoped = useChatScoped();
  const me = useChat((s) => s.me);
  const counterpartId = useChat((s) => s.counterpartId);
  const messages = useChat((s) => s.messages);
  const outbox = useChat((s) => s.outbox);
  const historyStatus = useChat((s) => s.historyStatus);
  const loadingOlder = useChat((s) => s.loadingOlder);
  const nextBefore = useChat((s) => s.nextBefore);
  const pending = useMemo(() => outbox.filter((o) => o.receiverId === counterpartId), [outbox, counterpartId]);

  const listRef = useRef<HTMLDivElement>(null);
  const firstId = messages[0]?.id ?? null;
  const lastKey = pending.at(-1)?.clientId ?? messages.at(-1)?.id ?? null;
  const previous = useRef<{ firstId: number | null; lastKey: string | number | null; height: number; nearBottom: boolean }>({ firstId: null, lastKey: null, height: 0, nearBottom: true });

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const before = previous.current;
    if (before.firstId !== null && firstId !== null && firstId < before.firstId && before.lastKey === lastKey) {
      // An older page was put above: keep the same message under the reader's eyes.
      el.scrollTop += el.scrollHeight - before.height;
    } else if (before.lastKey !== lastKey && (before.nearBottom || before.lastKey === null)) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { firstId, lastKey, height: el.scrollHeight, nearBottom: el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX };
  }, [firstId, lastKey]);

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    previous.current.nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    previous.current.height = el.scrollHeight;
    if (el.scrollTop < TOP_THRESHOLD_PX && nextBefore !== null && !loadingOlder) void controller.loadOlder();
  };

  const empty = messages.length === 0 && pending.length === 0;
  return (
    <>
      {nextBefore !== null && (
        <button type="button" className={styles.older} onClick={() => void controller.loadOlder()} disabled={loadingOlder}>
          {loadingOlder ? 'Loading older messages…' : 'Load older messages'}
        </button>
      )}
      {/* The log is the scrolling region; the list inside it keeps the items' list semantics (a role on the <ol> itself
          would leave its <li> without a list, which axe reports). */}
      <div ref={listRef} className={styles.list} role="log" aria-live="polite" aria-label="Messages" tabIndex={0} onScroll={onScroll}>
        <ol className={styles.items}>
          {empty ? (
            <li className={styles.empty}>{historyStatus === 'loading' ? 'Loading messages…' : 'No messages yet. Say hello!'}</li>
          ) : (
            <>
              {messages.map((m) => (
                <MessageItem key={`m${m.id}`} text={m.text} timestamp={m.timestamp} mine={m.senderId === me} status="sent" reportId={chatScoped ? undefined : m.id} via={m.via} />
              ))}
              {pending.map((o) => (
                <MessageItem key={`c${o.clientId}`} text={o.text} timestamp={o.timestamp} mine status={o.status} error={o.error} onRetry={() => controller.retry(o.clientId)} />
              ))}
            </>
          )}
        </ol>
      </div>
    </>
  );
}
