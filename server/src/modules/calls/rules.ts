// Input rules of scheduled calls that a schema cannot state with the product's own sentences: time zones, weekly
// hours on quarter hours, offered lengths, notice, buffer, away dates, instants, agenda and reason lengths.
import { CALL_LENGTHS, CALL_LIMITS as L, CALL_MESSAGES as M, type AvailabilityInput } from '@sciexperts/shared/contracts';
import { IANAZone } from 'luxon';
import { badRequest } from '../../http/errors';
import type { AvailabilityRules } from './slots';

const HHMM = /^([01][0-9]|2[0-4]):(00|15|30|45)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export function isTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The availability as stored, or 400 naming the first field that is wrong. */
export function checkAvailability(input: AvailabilityInput): AvailabilityRules {
  if (!isTimeZone(input.timeZone)) throw badRequest([{ field: 'timeZone', message: M.invalidTimeZone }]);
  for (const w of input.weeklyHours) {
    const ok = Number.isInteger(w.weekday) && w.weekday >= 1 && w.weekday <= 7 && HHMM.test(w.start) && HHMM.test(w.end) && minutes(w.start) < minutes(w.end) && minutes(w.end) <= 24 * 60;
    if (!ok) throw badRequest([{ field: 'weeklyHours', message: M.invalidHours }]);
  }
  const lengths = [...new Set(input.lengths)].sort((a, b) => a - b);
  if (lengths.length === 0) throw badRequest([{ field: 'lengths', message: M.lengthsRequired }]);
  if (lengths.some((l) => !(CALL_LENGTHS as readonly number[]).includes(l))) throw badRequest([{ field: 'lengths', message: M.lengthNotOffered }]);
  if (input.minNoticeMinutes < 0 || input.minNoticeMinutes > L.noticeMaxMinutes) throw badRequest([{ field: 'minNoticeMinutes', message: M.invalidNotice }]);
  if (input.bufferMinutes < 0 || input.bufferMinutes > L.bufferMaxMinutes || input.bufferMinutes % 5 !== 0) throw badRequest([{ field: 'bufferMinutes', message: M.invalidBuffer }]);
  for (const d of input.awayDates) {
    if (!DATE.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`))) throw badRequest([{ field: 'awayDates', message: M.invalidAwayDate }]);
  }
  return {
    timeZone: input.timeZone,
    weeklyHours: input.weeklyHours.map((w) => ({ weekday: w.weekday, start: w.start, end: w.end })),
    lengths,
    minNoticeMinutes: input.minNoticeMinutes,
    bufferMinutes: input.bufferMinutes,
    awayDates: [...new Set(input.awayDates)].sort(),
  };
}

/** The zone a member's browser sent with a booking or an acceptance: null when left out, 400 when not a zone. */
export function checkViewerZone(zone: string | undefined): string | null {
  if (zone === undefined) return null;
  if (!isTimeZone(zone)) throw badRequest([{ field: 'timeZone', message: M.invalidTimeZone }]);
  return zone;
}

/** An instant in epoch ms, or 400. */
export function instantOf(value: string, field: string): number {
  const ms = INSTANT.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw badRequest([{ field, message: M.invalidTime }]);
  return ms;
}

export function checkAgenda(agenda: string): string {
  if (agenda.length > L.agendaMax) throw badRequest([{ field: 'agenda', message: M.agendaTooLong }]);
  return agenda.trim();
}

export function checkReason(reason: string): string {
  if (reason.length > L.reasonMax) throw badRequest([{ field: 'reason', message: M.reasonTooLong }]);
  const text = reason.trim();
  if (!text) throw badRequest([{ field: 'reason', message: M.reasonRequired }]);
  return text;
}

export function checkLength(lengthMinutes: number, offered: readonly number[]): number {
  if (!offered.includes(lengthMinutes)) throw badRequest([{ field: 'lengthMinutes', message: M.lengthNotOffered }]);
  return lengthMinutes;
}
