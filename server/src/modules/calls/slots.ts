// Free slots of an expert: pure computation over their availability, the busy spans of their calls and "now".
//
// Wall-clock rules (weekly hours, away dates) live in the expert's time zone and are turned into instants with
// luxon, day by day, so a weekly "Monday 09:00" is 09:00 local on both sides of a daylight-saving change (the UTC
// instant moves by an hour). Inside one window the candidates step in real elapsed minutes from the window's start
// instant, so a window that spans a change (a night window) offers exactly the minutes that exist.
import { DateTime, IANAZone } from 'luxon';
import { CALL_LIMITS } from '@sciexperts/shared/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface WeeklyWindow {
  weekday: number;
  start: string;
  end: string;
}

export interface AvailabilityRules {
  timeZone: string;
  weeklyHours: readonly WeeklyWindow[];
  lengths: readonly number[];
  minNoticeMinutes: number;
  bufferMinutes: number;
  awayDates: readonly string[];
}

/** A span an existing call holds: [start, end) in epoch ms, its own buffer not included. */
export interface BusySpan {
  start: number;
  end: number;
}

export interface SlotQuery {
  lengthMinutes: number;
  now: Date;
  /** Days ahead, counted in the expert's calendar from today. */
  horizonDays?: number;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/**
 * The windows of each local day from today through the horizon, as instants: [start, end) in epoch ms, earliest
 * first. Away dates give none.
 *
 * luxon's wall-clock conversions cost tens of microseconds each (the zone's offset comes from Intl), which made this
 * the bulk of a slot computation. So the zone's offset is sampled once per local day (at about local noon): a day
 * whose offset equals the day before's and the day after's has no change in it (changes are never a day apart), and
 * its wall-clock times are plain arithmetic on that offset. Only the days next to a change go through luxon.
 */
export function windowsOf(rules: AvailabilityRules, now: Date, horizonDays: number): Array<[number, number]> {
  const away = new Set(rules.awayDates);
  const byWeekday = new Map<number, Array<[number, number]>>();
  for (const w of rules.weeklyHours) {
    const list = byWeekday.get(w.weekday) ?? [];
    list.push([minutesOf(w.start), minutesOf(w.end)]);
    byWeekday.set(w.weekday, list);
  }
  const zone = IANAZone.create(rules.timeZone);
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  // Calendar days as UTC dates (the same Gregorian calendar): day k is today + k.
  const base = Date.UTC(today.year, today.month - 1, today.day);
  const offsets: number[] = [];
  let guess = today.offset;
  for (let k = -1; k <= horizonDays + 1; k += 1) {
    guess = zone.offset(base + k * DAY + 12 * HOUR - guess * MINUTE);
    offsets.push(guess);
  }
  const out: Array<[number, number]> = [];
  for (let d = 0; d <= horizonDays; d += 1) {
    const utcDate = new Date(base + d * DAY);
    const weekday = utcDate.getUTCDay() === 0 ? 7 : utcDate.getUTCDay();
    const windows = byWeekday.get(weekday);
    if (!windows || away.has(utcDate.toISOString().slice(0, 10))) continue;
    const offset = offsets[d + 1]!;
    const steady = offsets[d] === offset && offsets[d + 2] === offset;
    const day = steady ? null : today.plus({ days: d });
    for (const [from, to] of windows) {
      // Local wall-clock times of that day: a time the change skipped moves forward (luxon's rule), so the window
      // keeps its intended length where it can.
      const start = day ? localInstant(day, from, rules.timeZone) : base + d * DAY + (from - offset) * MINUTE;
      const end = day ? localInstant(day, to, rules.timeZone) : base + d * DAY + (to - offset) * MINUTE;
      if (end > start) out.push([start, end]);
    }
  }
  return out.sort((a, b) => a[0] - b[0]);
}

function localInstant(day: DateTime, minutes: number, zone: string): number {
  if (minutes >= 24 * 60) return DateTime.fromObject({ year: day.year, month: day.month, day: day.day }, { zone }).plus({ days: 1 }).toMillis();
  return DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: Math.floor(minutes / 60), minute: minutes % 60 }, { zone }).toMillis();
}

/**
 * Whether a call of `lengthMinutes` starting at `start` keeps clear of every busy span by the buffer: the new call
 * plus its buffer must end before a busy span starts, and must start a buffer after one ends. `busy` is sorted by start.
 */
export function isClear(start: number, lengthMinutes: number, bufferMinutes: number, busy: readonly BusySpan[]): boolean {
  const end = start + lengthMinutes * MINUTE;
  const pad = bufferMinutes * MINUTE;
  // First span that could reach the candidate: binary search on start (spans do not overlap each other by much;
  // the scan below stops at the first span that starts after end + pad).
  let lo = 0;
  let hi = busy.length;
  const earliest = start - pad - 24 * 60 * MINUTE; // no call is longer than a day
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid]!.start < earliest) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < busy.length; i += 1) {
    const b = busy[i]!;
    if (b.start >= end + pad) break;
    if (b.end + pad > start && b.start < end + pad) return false;
  }
  return true;
}

/** Free start instants (epoch ms), earliest first. */
export function freeSlots(rules: AvailabilityRules, busy: readonly BusySpan[], query: SlotQuery): number[] {
  const horizon = query.horizonDays ?? CALL_LIMITS.horizonDays;
  const length = query.lengthMinutes * MINUTE;
  const earliest = query.now.getTime() + rules.minNoticeMinutes * MINUTE;
  const sorted = [...busy].sort((a, b) => a.start - b.start);
  const step = CALL_LIMITS.stepMinutes * MINUTE;
  const out: number[] = [];
  for (const [from, to] of windowsOf(rules, query.now, horizon)) {
    for (let t = from; t + length <= to; t += step) {
      if (t < earliest) continue;
      if (isClear(t, query.lengthMinutes, rules.bufferMinutes, sorted)) out.push(t);
    }
  }
  return out;
}

/** Whether `start` is one of the slots the rules offer (ignoring busy spans): the booking's check of hours and notice. */
export function isOffered(rules: AvailabilityRules, start: number, lengthMinutes: number, now: Date): boolean {
  if (start < now.getTime() + rules.minNoticeMinutes * MINUTE) return false;
  const step = CALL_LIMITS.stepMinutes * MINUTE;
  const length = lengthMinutes * MINUTE;
  // A day of slack either side: the window holding `start` begins on its local day or the day before.
  const windows = windowsOf(rules, new Date(Math.max(now.getTime(), start - 2 * 86_400_000)), 3);
  return windows.some(([from, to]) => start >= from && start + length <= to && (start - from) % step === 0);
}
