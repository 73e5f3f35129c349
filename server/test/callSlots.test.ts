// The free-slot computation of scheduled calls (server/src/modules/calls/slots.ts), pure: weekly hours in the expert's
// time zone across the daylight-saving changes of March and October in Europe and the US, buffers around booked
// calls, minimum notice, away dates, and the booking's own check of a single time.
import { freeSlots, isClear, isOffered, type AvailabilityRules, type BusySpan } from '../src/modules/calls/slots';

const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => Date.parse(s);

function rules(overrides: Partial<AvailabilityRules> = {}): AvailabilityRules {
  return { timeZone: 'Europe/Berlin', weeklyHours: [], lengths: [30], minNoticeMinutes: 0, bufferMinutes: 0, awayDates: [], ...overrides };
}

const slots = (r: AvailabilityRules, now: string, lengthMinutes = 30, busy: BusySpan[] = [], horizonDays = 28) =>
  freeSlots(r, busy, { lengthMinutes, now: new Date(now), horizonDays }).map(iso);

describe('weekly hours across daylight-saving changes', () => {
  it('Europe, March: Monday 09:00 Berlin is 08:00Z before the change and 07:00Z after it', () => {
    const r = rules({ weeklyHours: [{ weekday: 1, start: '09:00', end: '10:00' }] });
    const got = slots(r, '2026-03-20T12:00:00Z', 30, [], 12);
    expect(got).toEqual([
      '2026-03-23T08:00:00.000Z',
      '2026-03-23T08:15:00.000Z',
      '2026-03-23T08:30:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-03-30T07:15:00.000Z',
      '2026-03-30T07:30:00.000Z',
    ]);
  });

  it('Europe, October: Friday 09:00 Berlin is 07:00Z before the change (25 October) and 08:00Z after it', () => {
    const r = rules({ weeklyHours: [{ weekday: 5, start: '09:00', end: '09:30' }] });
    expect(slots(r, '2026-10-20T12:00:00Z', 30, [], 12)).toEqual(['2026-10-23T07:00:00.000Z', '2026-10-30T08:00:00.000Z']);
  });

  it('US, March: Monday 09:00 New York is 14:00Z before the change (8 March) and 13:00Z after it', () => {
    const r = rules({ timeZone: 'America/New_York', weeklyHours: [{ weekday: 1, start: '09:00', end: '09:30' }] });
    expect(slots(r, '2026-03-01T12:00:00Z', 30, [], 10)).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z']);
  });

  it('US, November: Friday 09:00 New York is 13:00Z before the change (1 November) and 14:00Z after it', () => {
    const r = rules({ timeZone: 'America/New_York', weeklyHours: [{ weekday: 5, start: '09:00', end: '09:30' }] });
    expect(slots(r, '2026-10-27T12:00:00Z', 30, [], 12)).toEqual(['2026-10-30T13:00:00.000Z', '2026-11-06T14:00:00.000Z']);
  });

  it('a night window that spans the spring change offers only the minutes that exist (01:00–04:00 is two hours that night)', () => {
    const r = rules({ weeklyHours: [{ weekday: 7, start: '01:00', end: '04:00' }] });
    const got = slots(r, '2026-03-28T12:00:00Z', 60, [], 1);
    // 01:00 CET = 00:00Z; 04:00 CEST = 02:00Z: one-hour calls start 00:00Z to 01:00Z.
    expect(got).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T00:15:00.000Z', '2026-03-29T00:30:00.000Z', '2026-03-29T00:45:00.000Z', '2026-03-29T01:00:00.000Z']);
  });

  it('a window that ends at midnight ("24:00") runs to the next local day', () => {
    const r = rules({ timeZone: 'UTC', weeklyHours: [{ weekday: 1, start: '23:00', end: '24:00' }] });
    expect(slots(r, '2026-03-01T12:00:00Z', 60, [], 2)).toEqual(['2026-03-02T23:00:00.000Z']);
  });
});

describe('what is never offered', () => {
  const monday = rules({ timeZone: 'UTC', weeklyHours: [{ weekday: 1, start: '09:00', end: '11:00' }] });

  it("the expert's calls and the buffer either side of them", () => {
    const busy = [{ start: at('2026-03-02T09:45:00Z'), end: at('2026-03-02T10:15:00Z') }];
    const got = slots({ ...monday, bufferMinutes: 15 }, '2026-03-01T12:00:00Z', 30, busy, 1);
    // 09:00 ends 09:30 + 15 buffer = 09:45: clear. 09:15 would end with its buffer at 10:00, inside the call.
    // After: the call ends 10:15, plus 15 buffer: 10:30 is the first free start.
    expect(got).toEqual(['2026-03-02T09:00:00.000Z', '2026-03-02T10:30:00.000Z']);
  });

  it('times inside the minimum notice', () => {
    const got = slots({ ...monday, minNoticeMinutes: 90 }, '2026-03-02T08:00:00Z', 30, [], 0);
    expect(got[0]).toBe('2026-03-02T09:30:00.000Z');
  });

  it('away dates, in the expert’s calendar', () => {
    const got = slots({ ...monday, awayDates: ['2026-03-02'] }, '2026-03-01T12:00:00Z', 60, [], 8);
    expect(got.every((s) => s.startsWith('2026-03-09'))).toBe(true);
    expect(got).toHaveLength(5);
  });

  it('a length that does not fit the rest of the window', () => {
    expect(slots(monday, '2026-03-01T12:00:00Z', 60, [], 1)).toEqual(['2026-03-02T09:00:00.000Z', '2026-03-02T09:15:00.000Z', '2026-03-02T09:30:00.000Z', '2026-03-02T09:45:00.000Z', '2026-03-02T10:00:00.000Z']);
  });

  it('nothing before now, even without notice', () => {
    expect(slots(monday, '2026-03-02T10:05:00Z', 30, [], 0)).toEqual(['2026-03-02T10:15:00.000Z', '2026-03-02T10:30:00.000Z']);
  });
});

describe("the booking's check of one time", () => {
  const r = rules({ timeZone: 'America/New_York', weeklyHours: [{ weekday: 1, start: '09:00', end: '12:00' }], minNoticeMinutes: 60 });
  const now = new Date('2026-03-01T12:00:00Z');

  it('offers a time on the grid inside the hours', () => {
    expect(isOffered(r, at('2026-03-09T13:00:00Z'), 30, now)).toBe(true);
    expect(isOffered(r, at('2026-03-09T15:30:00Z'), 30, now)).toBe(true);
  });

  it('refuses a time outside the hours, off the grid, running past the end, or inside the notice', () => {
    expect(isOffered(r, at('2026-03-09T12:45:00Z'), 30, now)).toBe(false); // 08:45 EDT
    expect(isOffered(r, at('2026-03-09T13:05:00Z'), 30, now)).toBe(false);
    expect(isOffered(r, at('2026-03-09T15:45:00Z'), 30, now)).toBe(false); // ends 12:15
    expect(isOffered(r, at('2026-03-02T14:00:00Z'), 30, new Date('2026-03-02T13:30:00Z'))).toBe(false);
  });

  it('isClear is symmetric around a busy span with the buffer', () => {
    const busy = [{ start: at('2026-03-02T10:00:00Z'), end: at('2026-03-02T10:30:00Z') }];
    expect(isClear(at('2026-03-02T09:20:00Z'), 30, 10, busy)).toBe(true);
    expect(isClear(at('2026-03-02T09:25:00Z'), 30, 10, busy)).toBe(false);
    expect(isClear(at('2026-03-02T10:40:00Z'), 30, 10, busy)).toBe(true);
    expect(isClear(at('2026-03-02T10:35:00Z'), 30, 10, busy)).toBe(false);
  });
});
