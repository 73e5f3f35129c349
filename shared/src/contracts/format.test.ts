import fc from 'fast-check';
import { formatCents, formatDollars, formatHourlyFee, formatLongDate, formatMediumDate, groupDigits } from './format';

// The hand-written formats must be exactly what Intl prints for the same options (see format.ts for why they exist).
const usd = (min: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: min, maximumFractionDigits: 2 });
const longGB = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const mediumUS = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Counts, cents and prices as they occur, plus decimals that sit exactly on a rounding edge (x.xx5). */
const amounts = fc.oneof(
  fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
  fc.integer({ min: -100_000_000, max: 100_000_000 }).map((n) => n / 100),
  fc.integer({ min: -100_000_000, max: 100_000_000 }).map((n) => n / 1000),
  fc.integer({ min: 0, max: 100_000_000 }).map((n) => n / 10_000),
  fc.double({ min: -1e9, max: 1e9, noNaN: true }),
  fc.constantFrom(0, -0, 0.5, 0.005, 1.005, 2.675, 9.995, 99.995, 999.9995, 1e15),
);

describe('fixed English formats, equal to Intl', () => {
  it('groupDigits is toLocaleString("en-US")', () => {
    fc.assert(fc.property(amounts, (n) => groupDigits(n) === n.toLocaleString('en-US')), { numRuns: 5000 });
  });

  it('formatDollars is the USD currency format, with two decimals or as few as needed', () => {
    fc.assert(fc.property(amounts, (n) => formatDollars(n) === usd(2).format(n) && formatDollars(n, 0) === usd(0).format(n)), { numRuns: 5000 });
  });

  it('formatCents shows integer cents as dollars and cents', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => formatCents(cents) === usd(2).format(cents / 100)), { numRuns: 5000 });
    expect(formatCents(123450)).toBe('$1,234.50');
  });

  it('formatHourlyFee', () => {
    expect(formatHourlyFee(85)).toBe('$85/hr');
    expect(formatHourlyFee(85.5)).toBe('$85.5/hr');
    expect(formatHourlyFee(null)).toBeNull();
  });

  const instants = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true });

  it('formatLongDate is en-GB day, long month, year in UTC, from a date or a full ISO time', () => {
    fc.assert(
      fc.property(instants, (d) => formatLongDate(d.toISOString()) === longGB.format(d) && formatLongDate(d.toISOString().slice(0, 10)) === longGB.format(d)),
      { numRuns: 3000 },
    );
  });

  it('formatMediumDate is en-US dateStyle medium in UTC', () => {
    fc.assert(fc.property(instants, (d) => formatMediumDate(d.toISOString()) === mediumUS.format(d)), { numRuns: 3000 });
  });

  it('leaves a text that is no date as it is', () => {
    expect(formatLongDate('soon')).toBe('soon');
    expect(formatMediumDate('')).toBe('');
  });
});
