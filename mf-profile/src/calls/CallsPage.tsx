import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { CALL_MESSAGES, CALL_TEXT, canJoin, useAuth } from '@sciexperts/shared';
import { callsApi } from '@sciexperts/shared/member';
import type { Call, CallList } from '@sciexperts/shared';
import { useNotice } from '@sciexperts/ui';
import { PageNotice } from '../ui/PageNotice';
import { StatusMessage } from '../ui/StatusMessage';
import { AvailabilityEditor } from './AvailabilityEditor';
import { CalendarFeedSection } from './CalendarFeedSection';
import { RescheduleForm } from './RescheduleForm';
import { bothZones, dayOf, viewerTimeZone } from './time';
import styles from './Calls.module.css';
import { PageTitle } from '../pages/PageTitle';

const STATE_LABEL: Record<Call['state'], string> = { proposed: 'Proposed', booked: 'Booked', cancelled: 'Cancelled', 'no-show': 'No-show' };

/**
 * /profile/calls: the member's upcoming and past calls with their state, 'Join' active from ten minutes before the
 * start, the answers a call waits for (a proposed time, a reschedule), changes (reschedule, cancel with a reason,
 * no-show), the member's own availability and their private calendar feed.
 */
export function CallsPage() {
  const [calls, setCalls] = useState<CallList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());
  // Members with an expert profile keep their availability in view; others are offered it (AvailabilityEditor).
  // (A user stored by an older version may lack offeredServices.)
  const expert = useAuth((s) => Boolean(s.user && ((s.user.headline ?? '').trim() !== '' || (s.user.offeredServices as unknown[] | undefined)?.length)));
  const load = useCallback(() => {
    callsApi.list().then(setCalls, (err: Error) => setError(err.message));
  }, []);
  useEffect(load, [load]);
  // An action's confirmation is the page's, not its call's: the reload it causes moves a cancelled call to 'Past
  // calls' (React mounts a new item there), and every action's control goes with the old state, so the focus
  // moves to the confirmation too.
  const { notice, show, clear, ref: noticeRef } = useNotice();
  const done = useCallback(
    (message: string) => {
      show(message, 'success', { focus: true });
      load();
    },
    [show, load],
  );
  // 'Join' turns on by itself ten minutes before a call.
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 15_000);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className={styles.page}>
      <PageTitle title="Scheduled Calls" />
      <h1 className={styles.pageTitle}>Scheduled Calls</h1>
      <PageNotice notice={notice} noticeRef={noticeRef} />
      <section className={styles.section} aria-labelledby="calls-upcoming">
        <h2 id="calls-upcoming" className={styles.title}>
          Upcoming calls
        </h2>
        {error ? <p role="alert" className={styles.error}>{error}</p> : null}
        {!calls && !error ? <p className={styles.muted}>Loading your calls…</p> : null}
        {calls && calls.upcoming.length === 0 ? <p className={styles.muted}>No upcoming calls. Book one from an expert’s profile with ‘{CALL_TEXT.schedule}’.</p> : null}
        <ul className={styles.list}>
          {calls?.upcoming.map((c) => <CallItem key={c.id} call={c} now={now} onStart={clear} onDone={done} />)}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="calls-past">
        <h2 id="calls-past" className={styles.title}>
          Past calls
        </h2>
        {calls && calls.past.length === 0 ? <p className={styles.muted}>No past calls yet.</p> : null}
        <ul className={styles.list}>
          {calls?.past.map((c) => <CallItem key={c.id} call={c} now={now} onStart={clear} onDone={done} />)}
        </ul>
      </section>
      <AvailabilityEditor expert={expert} />
      <CalendarFeedSection />
    </div>
  );
}

interface CallItemProps {
  call: Call;
  now: Date;
  /** An action starts: the page's last confirmation no longer applies. */
  onStart: () => void;
  /** An action succeeded: the page shows `message` and reads the calls again. */
  onDone: (message: string) => void;
}

/** One call. Its errors stay here (a refused action leaves the call where it is); its confirmations go to the page. */
function CallItem({ call, now, onStart, onDone }: CallItemProps) {
  const id = useId();
  const viewer = useMemo(viewerTimeZone, []);
  const other = call.role === 'expert' ? call.client : call.expert;
  /** The other party's zone, shown beside the viewer's: the client's when known, else the expert's. */
  const otherZone = call.role === 'expert' ? call.clientTimeZone : call.expertTimeZone;
  const when = (iso: string) => `${dayOf(iso, viewer)}, ${bothZones(iso, viewer, otherZone)}`;
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [mode, setMode] = useState<'none' | 'cancel' | 'reschedule'>('none');
  const [reason, setReason] = useState('');
  const [times, setTimes] = useState<string[] | null>(null);
  /** The day whose free times the reschedule form shows, and the new times chosen on any day (up to rescheduleMax). */
  const [newDay, setNewDay] = useState<string | null>(null);
  const [newTimes, setNewTimes] = useState<string[]>([]);
  const started = call.startsAt !== null && Date.parse(call.startsAt) <= now.getTime();
  const live = call.state === 'booked' && !call.past;
  const joinable = canJoin(call, now);

  const act = async (work: () => Promise<unknown>, done: string) => {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    onStart();
    try {
      await work();
      setMode('none');
      onDone(done);
    } catch (err) {
      setStatus({ text: err instanceof Error ? err.message : String(err), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const openReschedule = async () => {
    setMode('reschedule');
    setTimes(null);
    setNewTimes([]);
    setNewDay(null);
    try {
      // The expert's free slots start after now plus their notice; the call's own time is not among them.
      const free = await callsApi.slots(call.expert.id, call.lengthMinutes);
      setTimes(free.slots);
    } catch (err) {
      setStatus({ text: err instanceof Error ? err.message : String(err), tone: 'error' });
    }
  };

  const label = call.state === 'booked' && call.past ? 'Past' : STATE_LABEL[call.state];
  return (
    <li className={styles.call} aria-labelledby={`${id}-head`}>
      <h3 id={`${id}-head`} className={styles.callHead}>
        <span>
          {call.lengthMinutes}-minute call with {other.firstName} {other.lastName}
        </span>
        <span className={styles.state}>{label}</span>
      </h3>
      {call.startsAt ? (
        <p className={styles.muted}>
          {when(call.startsAt)}
        </p>
      ) : null}
      {call.agenda ? <p className={styles.muted}>Agenda: {call.agenda}</p> : null}
      {call.state === 'cancelled' && call.cancelReason ? <p className={styles.muted}>Cancelled{call.cancelledByMe ? ' by you' : ''}: {call.cancelReason}</p> : null}

      {call.state === 'proposed' && call.role === 'client' ? (
        <div className={styles.actions} role="group" aria-label="Proposed times">
          {call.proposedTimes.map((t) => (
            <button key={t} type="button" className={styles.quiet} aria-disabled={busy || undefined} onClick={() => act(() => callsApi.accept(call.id, t, viewer), `The call is booked for ${when(t)}.`)}>
              Accept {when(t)}
            </button>
          ))}
        </div>
      ) : null}
      {call.state === 'proposed' && call.role === 'expert' ? <p className={styles.muted}>Waiting for {other.firstName} to choose one of your times.</p> : null}

      {call.reschedule && live ? (
        call.reschedule.byMe ? (
          <p className={styles.muted}>
            You asked to move it to {call.reschedule.times.map(when).join(' or ')}; waiting for {other.firstName}’s answer.
          </p>
        ) : (
          <div className={styles.actions} role="group" aria-label="New times">
            {call.reschedule.times.map((t) => (
              <button key={t} type="button" className={styles.primary} aria-disabled={busy || undefined} onClick={() => act(() => callsApi.acceptReschedule(call.id, t), `The call is moved to ${when(t)}.`)}>
                Accept new time {when(t)}
              </button>
            ))}
            <button type="button" className={styles.quiet} aria-disabled={busy || undefined} onClick={() => act(() => callsApi.declineReschedule(call.id), 'The call keeps its time.')}>
              Keep current time
            </button>
          </div>
        )
      ) : null}

      {live ? (
        <div className={styles.actions}>
          {joinable ? (
            <a className={styles.primary} href={call.meetingUrl} target="_blank" rel="noopener noreferrer">
              {CALL_TEXT.join}
            </a>
          ) : (
            <button type="button" className={styles.primary} aria-disabled="true" aria-describedby={`${id}-join`}>
              {CALL_TEXT.join}
            </button>
          )}
          {!started ? (
            <>
              <button type="button" className={styles.quiet} aria-expanded={mode === 'reschedule'} onClick={() => (mode === 'reschedule' ? setMode('none') : void openReschedule())}>
                Reschedule
              </button>
              <button type="button" className={styles.danger} aria-expanded={mode === 'cancel'} onClick={() => setMode(mode === 'cancel' ? 'none' : 'cancel')}>
                Cancel call
              </button>
            </>
          ) : (
            <button type="button" className={styles.quiet} aria-disabled={busy || undefined} onClick={() => act(() => callsApi.noShow(call.id), 'Marked as a no-show.')}>
              {other.firstName} did not come
            </button>
          )}
        </div>
      ) : null}
      {live && !joinable ? (
        <p id={`${id}-join`} className={styles.hint}>
          ‘{CALL_TEXT.join}’ opens the meeting room ten minutes before the start.
        </p>
      ) : null}

      {mode === 'cancel' ? (
        <form className={styles.form} onSubmit={(e) => { e.preventDefault(); void act(() => callsApi.cancel(call.id, reason), 'The call is cancelled.'); }}>
          <label htmlFor={`${id}-reason`} className={styles.label}>
            Why do you cancel?
          </label>
          <textarea id={`${id}-reason`} className={styles.textarea} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className={styles.actions}>
            <button type="submit" className={styles.danger} aria-disabled={busy || undefined}>
              Cancel the call
            </button>
          </div>
        </form>
      ) : null}
      {mode === 'reschedule' ? (
        <RescheduleForm
          id={id}
          times={times}
          viewer={viewer}
          otherZone={call.expertTimeZone}
          day={newDay}
          onDay={setNewDay}
          chosen={newTimes}
          onChosen={setNewTimes}
          busy={busy}
          when={when}
          onSubmit={() => {
            if (newTimes.length === 0) setStatus({ text: CALL_MESSAGES.rescheduleCount, tone: 'error' });
            else void act(() => callsApi.reschedule(call.id, [...newTimes].sort()), `${other.firstName} is asked to accept ${newTimes.length === 1 ? 'the new time' : 'one of the new times'}.`);
          }}
        />
      ) : null}
      <StatusMessage message={status?.text ?? null} tone={status?.tone ?? 'info'} />
    </li>
  );
}
