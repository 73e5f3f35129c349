import { useMemo } from 'react';
import { CALL_LIMITS } from '@sciexperts/shared';
import { bothZones, dayOf, splitZones } from './time';
import styles from './Calls.module.css';

interface RescheduleFormProps {
  id: string;
  /** The expert's free times (null while loading). */
  times: string[] | null;
  viewer: string;
  /** The expert's zone: free times are theirs, shown beside the viewer's. */
  otherZone: string | null;
  day: string | null;
  onDay: (day: string) => void;
  chosen: string[];
  onChosen: (times: string[]) => void;
  busy: boolean;
  /** A time as the call list reads it: day, viewer's time and the other party's. */
  when: (iso: string) => string;
  onSubmit: () => void;
}

/**
 * The new times of a reschedule: a day, then that day's free times as checkboxes (up to CALL_LIMITS.rescheduleMax in
 * all, on any days, as a proposal offers), and what is chosen so far. No option text sets the width: a select of
 * every time ('Sun 29 Nov, 02:00 your time (16:00 Tokyo)') pushed a phone's page sideways.
 */
export function RescheduleForm({ id, times, viewer, otherZone, day, onDay, chosen, onChosen, busy, when, onSubmit }: RescheduleFormProps) {
  const days = useMemo(() => {
    const byDay = new Map<string, string[]>();
    for (const t of times ?? []) {
      const key = dayOf(t, viewer);
      byDay.set(key, [...(byDay.get(key) ?? []), t]);
    }
    return [...byDay.entries()];
  }, [times, viewer]);
  const shownDay = day !== null && days.some(([d]) => d === day) ? day : (days[0]?.[0] ?? null);
  const list = days.find(([d]) => d === shownDay)?.[1] ?? [];
  const full = chosen.length >= CALL_LIMITS.rescheduleMax;

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {times === null ? (
        <p className={styles.muted}>Loading free times…</p>
      ) : days.length === 0 ? (
        <p className={styles.muted}>There is no free time for this call in the next {CALL_LIMITS.horizonDays} days.</p>
      ) : (
        <>
          <label htmlFor={`${id}-newday`} className={styles.label}>
            New time: day
          </label>
          <select id={`${id}-newday`} className={styles.input} value={shownDay ?? ''} onChange={(e) => onDay(e.target.value)}>
            {days.map(([d, l]) => (
              <option key={d} value={d}>
                {d} ({l.length} {l.length === 1 ? 'time' : 'times'})
              </option>
            ))}
          </select>
          <fieldset className={styles.fieldset}>
            <legend className={styles.label}>
              New times on {shownDay} (up to {CALL_LIMITS.rescheduleMax} in all)
            </legend>
            <div className={styles.slotGrid}>
              {list.map((t) => {
                const on = chosen.includes(t);
                const [mine, theirs] = splitZones(bothZones(t, viewer, otherZone));
                return (
                  <label key={t} className={styles.cell}>
                    <input type="checkbox" value={t} aria-label={bothZones(t, viewer, otherZone)} checked={on} disabled={!on && full} onChange={(e) => onChosen(e.target.checked ? [...chosen, t] : chosen.filter((x) => x !== t))} />
                    <span className={styles.cellMain}>{mine}</span>
                    {theirs ? <span className={styles.cellOther}>{theirs}</span> : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <p className={styles.muted} aria-live="polite">
            {chosen.length === 0 ? 'No new time chosen yet.' : `Chosen: ${[...chosen].sort().map(when).join('; ')}.`}
          </p>
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
              Ask to move the call
            </button>
          </div>
        </>
      )}
    </form>
  );
}
