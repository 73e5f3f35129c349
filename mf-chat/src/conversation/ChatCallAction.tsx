import { CALL_TEXT, requestCall, useExpertCalendar } from '@sciexperts/shared';
import { useLocation } from '@sciexperts/shared/router';
import styles from './DirectMessage.module.css';

/**
 * 'Schedule a call' in a conversation, with a member whose calendar is open (an expert who set their availability):
 * it opens the slot picker the shell mounts. Nothing for a member who has none; the conversation is the way to talk.
 */
export function ChatCallAction({ counterpartId }: { counterpartId: number }) {
  const calendar = useExpertCalendar(counterpartId);
  const here = useLocation();
  if (calendar !== 'open') return null;
  return (
    <button type="button" className={styles.callButton} onClick={() => requestCall(counterpartId, here)}>
      {CALL_TEXT.schedule}
    </button>
  );
}
