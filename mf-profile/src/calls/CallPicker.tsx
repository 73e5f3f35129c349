import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError, CALL_LIMITS, CALL_TEXT, CALLS_PAGE_PATH, type CallPickerProps } from '@sciexperts/shared';
import { callsApi } from '@sciexperts/shared/member';
import type { Call, FreeSlots } from '@sciexperts/shared';
import { dialogLook, LiveMessage, Modal } from '@sciexperts/ui';
import { bothZones, dayOf, hourOf, splitZones, viewerTimeZone, zoneLabel } from './time';
import styles from './Calls.module.css';

/** Parts of the day, by the viewer's hour: [name, from hour, to hour). */
const PARTS = [
  ['Night', 0, 6],
  ['Morning', 6, 12],
  ['Afternoon', 12, 17],
  ['Evening', 17, 24],
] as const;

/**
 * The slot picker: an expert's free times, by day, in the viewer's time zone with the expert's beside it; a length
 * and a short agenda; booking is instant. Keyboard: the day is a select, the times one radio group (arrow keys move
 * between them), then the agenda and Book. A time taken meanwhile says so and shows the free times now.
 */
export function CallPicker({ expertId, onClose, proposeTo }: CallPickerProps) {
  const proposing = proposeTo !== undefined;
  const id = useId();
  const viewer = useMemo(viewerTimeZone, []);
  const [data, setData] = useState<FreeSlots | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [length, setLength] = useState<number | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [agenda, setAgenda] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [booked, setBooked] = useState<Call | null>(null);
  /** Proposing: the times chosen so far, on any day (up to CALL_LIMITS.proposeMax). */
  const [chosen, setChosen] = useState<string[]>([]);
  const dayRef = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    let live = true;
    setLoadError(null);
    callsApi.slots(expertId, length ?? undefined).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        if (length === null && answer.lengthMinutes !== null) setLength(answer.lengthMinutes);
      },
      (err: Error) => live && setLoadError(err.message),
    );
    return () => {
      live = false;
    };
  }, [expertId, length]);

  // The day is the first control once the times are there (the dialog opened while they were loading).
  const loaded = data !== null;
  useEffect(() => {
    if (loaded) dayRef.current?.focus();
  }, [loaded]);

  const days = useMemo(() => {
    const byDay = new Map<string, string[]>();
    for (const s of data?.slots ?? []) {
      const key = dayOf(s, viewer);
      byDay.set(key, [...(byDay.get(key) ?? []), s]);
    }
    return [...byDay.entries()];
  }, [data, viewer]);
  const shownDay = day !== null && days.some(([d]) => d === day) ? day : (days[0]?.[0] ?? null);
  const times = days.find(([d]) => d === shownDay)?.[1] ?? [];
  // About 36 times a day at 15 minutes: grouped by part of the day (the viewer's), in compact cells.
  const parts = PARTS.map(([name, from, to]) => [name, times.filter((t) => hourOf(t, viewer) >= from && hourOf(t, viewer) < to)] as const).filter(([, list]) => list.length > 0);
  const expertZone = data?.timeZone ?? null;
  const name = data?.expertName ?? 'this expert';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (proposing ? chosen.length === 0 : !slot) {
      setError(proposing ? 'Choose one to three times.' : 'Choose a time.');
      return;
    }
    if (!length) return;
    setBusy(true);
    setError(null);
    try {
      setBooked(
        proposing
          ? await callsApi.propose({ memberId: proposeTo, times: [...chosen].sort(), lengthMinutes: length, agenda })
          : await callsApi.book({ expertId, startsAt: slot!, lengthMinutes: length, agenda, timeZone: viewer }),
      );
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { slots?: string[] } | null) : null;
      if (body?.slots && data) {
        // Just taken: the free times now, and the choice cleared.
        setData({ ...data, slots: body.slots });
        setSlot(null);
      }
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const titleId = `${id}-title`;
  return (
    <Modal aria-labelledby={titleId} className={dialogLook.layer} busy={busy} onDismiss={onClose}>
      <div className={`${dialogLook.box} ${styles.pickerBox}`}>
        <h2 id={titleId} className={dialogLook.title}>
          {proposing ? 'Propose times for a call' : `${CALL_TEXT.schedule} with ${name}`}
        </h2>
        {loadError ? (
          <p role="alert" className={styles.error}>
            {loadError}
          </p>
        ) : !data ? (
          <p className={styles.muted}>Loading free times…</p>
        ) : !data.open ? (
          <>
            <p>{proposing ? 'Open your calendar first: set your hours on the Scheduled Calls page.' : `${name} ${CALL_TEXT.noCalendar}.`}</p>
            <div className={styles.actions}>
              <a className={styles.primary} href={proposing ? CALLS_PAGE_PATH : `/chat?with=${expertId}`}>
                {proposing ? 'Scheduled Calls' : CALL_TEXT.message}
              </a>
              <button type="button" className={styles.quiet} onClick={onClose}>
                Close
              </button>
            </div>
          </>
        ) : booked ? (
          <>
            <p role="status">
              {booked.state === 'proposed'
                ? `Your ${booked.proposedTimes.length === 1 ? 'time is' : `${booked.proposedTimes.length} times are`} sent to ${booked.client.firstName}, who chooses one on their Scheduled Calls page.`
                : `Your ${booked.lengthMinutes}-minute call with ${name} is booked for ${dayOf(booked.startsAt!, viewer)}, ${bothZones(booked.startsAt!, viewer, expertZone)}. You both get a calendar invitation by e-mail.`}
            </p>
            <div className={styles.actions}>
              <a className={styles.primary} href={CALLS_PAGE_PATH}>
                See your calls
              </a>
              <button type="button" className={styles.quiet} onClick={onClose}>
                Close
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={submit} className={styles.form} aria-describedby={`${id}-zones`}>
            <p id={`${id}-zones`} className={styles.muted}>
              Times are in your time zone ({zoneLabel(viewer)}){expertZone && expertZone !== viewer ? `, with ${name}’s (${zoneLabel(expertZone)}) beside them` : ''}.
            </p>
            <fieldset className={styles.fieldset}>
              <legend className={styles.label}>Length</legend>
              <div className={styles.choices}>
                {data.lengths.map((l) => (
                  <label key={l} className={styles.choice}>
                    <input type="radio" name={`${id}-length`} value={l} checked={length === l} onChange={() => { setLength(l); setSlot(null); setChosen([]); }} /> {l} minutes
                  </label>
                ))}
              </div>
            </fieldset>
            {days.length === 0 ? (
              <p className={styles.muted}>{name} has no free time in the next {CALL_LIMITS.horizonDays} days for a call of this length.</p>
            ) : (
              <>
                <label htmlFor={`${id}-day`} className={styles.label}>
                  Day
                </label>
                <select ref={dayRef} id={`${id}-day`} className={styles.input} value={shownDay ?? ''} onChange={(e) => { setDay(e.target.value); setSlot(null); }}>
                  {days.map(([d, list]) => (
                    <option key={d} value={d}>
                      {d} ({list.length} {list.length === 1 ? 'time' : 'times'})
                    </option>
                  ))}
                </select>
                <fieldset className={styles.fieldset}>
                  <legend className={styles.label}>
                    {proposing ? `Times on ${shownDay} (up to ${CALL_LIMITS.proposeMax} in all)` : `Time on ${shownDay}`}
                  </legend>
                  {parts.map(([part, list]) => (
                    <div key={part} role="group" aria-label={part}>
                      <p className={styles.partOfDay} aria-hidden="true">
                        {part}
                      </p>
                      <div className={styles.slotGrid}>
                        {list.map((t) => {
                          const full = bothZones(t, viewer, expertZone);
                          const [mine, theirs] = splitZones(full);
                          const on = proposing ? chosen.includes(t) : slot === t;
                          return (
                            <label key={t} className={styles.cell}>
                              {proposing ? (
                                <input
                                  type="checkbox"
                                  value={t}
                                  aria-label={full}
                                  checked={on}
                                  disabled={!on && chosen.length >= CALL_LIMITS.proposeMax}
                                  onChange={(e) => setChosen((all) => (e.target.checked ? [...all, t] : all.filter((x) => x !== t)))}
                                />
                              ) : (
                                <input type="radio" name={`${id}-slot`} value={t} aria-label={full} checked={on} onChange={() => setSlot(t)} />
                              )}
                              <span className={styles.cellMain}>{mine}</span>
                              {theirs ? <span className={styles.cellOther}>{theirs}</span> : null}
                            </label>
                          );
                        })}
                      </div>
                    </div>
                  ))}
                </fieldset>
              </>
            )}
            <label htmlFor={`${id}-agenda`} className={styles.label}>
              Agenda
            </label>
            <textarea
              id={`${id}-agenda`}
              className={styles.textarea}
              rows={3}
              maxLength={CALL_LIMITS.agendaMax}
              value={agenda}
              aria-describedby={`${id}-count`}
              onChange={(e) => setAgenda(e.target.value)}
            />
            <p id={`${id}-count`} className={styles.hint}>
              {agenda.length.toLocaleString('en-US')} of {CALL_LIMITS.agendaMax.toLocaleString('en-US')} characters
            </p>
            <div className={styles.stickyFoot}>
              <p className={styles.muted} aria-live="polite">
                {proposing
                  ? chosen.length === 0
                    ? 'No time chosen yet.'
                    : `Chosen: ${[...chosen].sort().map((t) => `${dayOf(t, viewer)}, ${bothZones(t, viewer, expertZone)}`).join('; ')}.`
                  : slot
                    ? `Chosen: ${dayOf(slot, viewer)}, ${bothZones(slot, viewer, expertZone)}.`
                    : 'No time chosen yet.'}
              </p>
              <LiveMessage role="alert" className={styles.error} message={error} />
              <div className={styles.actions}>
                <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
                  {busy ? 'Sending…' : proposing ? 'Send times' : 'Book call'}
                </button>
                <button type="button" className={styles.quiet} aria-disabled={busy || undefined} onClick={() => !busy && onClose()}>
                  Cancel
                </button>
              </div>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
