import { CALL_TEXT, openCallProposal, requestCall, useAuth, useExpertCalendar } from '@sciexperts/shared';
import { useLocation } from '@sciexperts/shared/router';
import styles from './DirectMessage.module.css';

/**
 * A call from a conversation, through the slot picker the shell mounts: 'Schedule a call' with a counterpart whose
 * calendar is open (an expert who set their availability), and 'Propose times' when the member's own calendar is
 * open (an expert offers up to three of their free times; the counterpart accepts one on their calls page).
 * Nothing for members without calendars: the conversation is the way to talk.
 */
export function ChatCallAction({ counterpartId }: { counterpartId: number }) {
  const me = useAuth((state) => state.user?.id ?? null);
  const theirs = useExpertCalendar(counterpartId);
  const mine = useExpertCalendar(me);
  const here = useLocation();
  return (
    <>
      {theirs === 'open' ? (
        <button type="button" className={styles.callButton} onClick={() => requestCall(counterpartId, here)}>
          {CALL_TEXT.schedule}
        </button>
      ) : null}
      {mine === 'open' && me !== null ? (
        <button type="button" className={styles.callButton} onClick={() => openCallProposal(me, counterpartId)}>
          Propose times
        </button>
      ) : null}
    </>
  );
}
