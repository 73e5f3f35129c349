import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { CALL_LENGTHS, CALL_MESSAGES } from '@sciexperts/shared';
import { callsApi } from '@sciexperts/shared/member';
import type { Availability } from '@sciexperts/shared';
import { StatusMessage } from '../ui/StatusMessage';
import { viewerTimeZone } from './time';
import styles from './Calls.module.css';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** Times are typed on the quarter-hour grid; an end of 00:00 is midnight at the end of the day. */
const toEnd = (value: string) => (value === '00:00' ? '24:00' : value);
const fromEnd = (value: string) => (value === '24:00' ? '00:00' : value);
const NOTICE = [
  [0, 'None'],
  [60, '1 hour'],
  [120, '2 hours'],
  [240, '4 hours'],
  [720, '12 hours'],
  [1440, '1 day'],
  [2880, '2 days'],
] as const;
const BUFFERS = [0, 5, 10, 15, 30];

interface Day {
  on: boolean;
  start: string;
  end: string;
}

const zones = (): string[] => {
  const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : [viewerTimeZone()];
};

/**
 * The member's availability for calls: time zone (the browser's until changed), weekly hours (one span a day), the
 * lengths offered, minimum notice, a buffer between calls and away dates. Saving it opens their calendar.
 * An expert's tool: a member with no expert profile (no headline, no offered service) who has not opened a calendar
 * sees only 'Offer calls', which opens it; a client who only books calls is not told about their own availability.
 */
export function AvailabilityEditor({ expert }: { expert: boolean }) {
  const id = useId();
  const allZones = useMemo(zones, []);
  const [saved, setSaved] = useState<Availability | null>(null);
  const [zone, setZone] = useState(viewerTimeZone());
  const [days, setDays] = useState<Day[]>(WEEKDAYS.map((_, i) => ({ on: i < 5, start: '09:00', end: '17:00' })));
  const [lengths, setLengths] = useState<number[]>([30]);
  const [notice, setNotice] = useState(240);
  const [buffer, setBuffer] = useState(10);
  const [away, setAway] = useState<string[]>([]);
  const [awayInput, setAwayInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [offering, setOffering] = useState(false);
  const zoneRef = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    callsApi.availability().then(
      (a) => {
        setSaved(a);
        if (!a.open) return;
        setZone(a.timeZone);
        setDays(WEEKDAYS.map((_, i) => {
          const w = a.weeklyHours.find((h) => h.weekday === i + 1);
          return w ? { on: true, start: w.start, end: w.end } : { on: false, start: '09:00', end: '17:00' };
        }));
        setLengths(a.lengths);
        setNotice(a.minNoticeMinutes);
        setBuffer(a.bufferMinutes);
        setAway(a.awayDates);
      },
      (err: Error) => setStatus({ text: err.message, tone: 'error' }),
    );
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      const a = await callsApi.saveAvailability({
        timeZone: zone,
        weeklyHours: days.flatMap((d, i) => (d.on ? [{ weekday: i + 1, start: d.start, end: d.end }] : [])),
        lengths,
        minNoticeMinutes: notice,
        bufferMinutes: buffer,
        awayDates: away,
      });
      setSaved(a);
      setStatus({ text: CALL_MESSAGES.availabilitySaved, tone: 'success' });
    } catch (err) {
      setStatus({ text: err instanceof Error ? err.message : String(err), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const setDay = (i: number, change: Partial<Day>) => setDays((all) => all.map((d, j) => (j === i ? { ...d, ...change } : d)));
  // The form, once asked for, starts at its first field.
  useEffect(() => {
    if (offering) zoneRef.current?.focus();
  }, [offering]);
  if (!expert && !saved?.open && !offering) {
    if (!saved) return null;
    return (
      <section className={styles.section} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.title}>
          Calls you offer
        </h2>
        <p className={styles.muted}>Experts set the hours in which members can book a call with them.</p>
        <div className={styles.actions}>
          <button type="button" className={styles.quiet} aria-expanded="false" onClick={() => setOffering(true)}>
            Offer calls
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Your availability
      </h2>
      <p className={styles.muted}>
        {saved?.open ? 'Clients can book the free times inside these hours.' : 'Your calendar is not open yet: until you save your hours, your profile offers ‘Message’ instead of a call.'}
      </p>
      <form className={styles.form} onSubmit={submit}>
        <label htmlFor={`${id}-zone`} className={styles.label}>
          Time zone
        </label>
        <select ref={zoneRef} id={`${id}-zone`} className={styles.input} value={zone} onChange={(e) => setZone(e.target.value)}>
          {(allZones.includes(zone) ? allZones : [zone, ...allZones]).map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>Weekly hours</legend>
          <ul className={styles.hours}>
            {WEEKDAYS.map((name, i) => (
              <li key={name} className={styles.hourRow}>
                <label className={`${styles.choice} ${styles.weekday}`}>
                  <input type="checkbox" checked={days[i]!.on} onChange={(e) => setDay(i, { on: e.target.checked })} /> {name}
                </label>
                <span className={styles.range}>
                  <label htmlFor={`${id}-start-${i}`} className={styles.hint}>
                    From
                  </label>
                  <input id={`${id}-start-${i}`} type="time" step={900} className={`${styles.input} ${styles.time}`} disabled={!days[i]!.on} value={days[i]!.start} onChange={(e) => setDay(i, { start: e.target.value })} />
                  <label htmlFor={`${id}-end-${i}`} className={styles.hint}>
                    to
                  </label>
                  <input id={`${id}-end-${i}`} type="time" step={900} className={`${styles.input} ${styles.time}`} disabled={!days[i]!.on} value={fromEnd(days[i]!.end)} onChange={(e) => setDay(i, { end: toEnd(e.target.value) })} />
                </span>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>Call lengths you offer</legend>
          <div className={styles.choices}>
            {CALL_LENGTHS.map((l) => (
              <label key={l} className={styles.choice}>
                <input type="checkbox" checked={lengths.includes(l)} onChange={(e) => setLengths((all) => (e.target.checked ? [...all, l].sort((a, b) => a - b) : all.filter((x) => x !== l)))} /> {l} minutes
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor={`${id}-notice`} className={styles.label}>
          Minimum notice
        </label>
        <select id={`${id}-notice`} className={styles.input} value={notice} onChange={(e) => setNotice(Number(e.target.value))}>
          {NOTICE.map(([m, text]) => (
            <option key={m} value={m}>
              {text}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-buffer`} className={styles.label}>
          Buffer between calls
        </label>
        <select id={`${id}-buffer`} className={styles.input} value={buffer} onChange={(e) => setBuffer(Number(e.target.value))}>
          {BUFFERS.map((b) => (
            <option key={b} value={b}>
              {b === 0 ? 'None' : `${b} minutes`}
            </option>
          ))}
        </select>
        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>Dates you are away</legend>
          <div className={styles.hourRow}>
            <label htmlFor={`${id}-away`} className={styles.hint}>
              Date
            </label>
            <input id={`${id}-away`} type="date" className={styles.input} value={awayInput} onChange={(e) => setAwayInput(e.target.value)} />
            <button type="button" className={styles.quiet} onClick={() => { if (awayInput && !away.includes(awayInput)) setAway([...away, awayInput].sort()); setAwayInput(''); }}>
              Add date
            </button>
          </div>
          {away.length > 0 ? (
            <ul className={styles.hours}>
              {away.map((d) => (
                <li key={d} className={styles.hourRow}>
                  {d}
                  <button type="button" className={styles.quiet} aria-label={`Remove ${d}`} onClick={() => setAway(away.filter((x) => x !== d))}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
            {busy ? 'Saving…' : 'Save availability'}
          </button>
        </div>
        <StatusMessage message={status?.text ?? null} tone={status?.tone ?? 'info'} />
      </form>
    </section>
  );
}
