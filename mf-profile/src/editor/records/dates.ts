// Record dates are picked with month and year dropdowns (months 01–12, this year and the 49 before), stored as 'YYYY-MM'.

export const YEAR_COUNT = 50;

export const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;

// Fixed English names, not Intl: the list reads the same on every machine and in every test.
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A month picked with two selects; '' while a select is still on its placeholder. */
export interface MonthYear {
  month: string;
  year: string;
}

export const EMPTY_MONTH_YEAR: MonthYear = { month: '', year: '' };

const YEAR_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * Newest first. A stored year outside the window (an entry saved long ago) is kept as an extra option,
 * so editing an old entry never silently drops its date.
 */
export function yearOptions(now: Date = new Date(), keep: readonly string[] = []): string[] {
  const current = now.getFullYear();
  const years = Array.from({ length: YEAR_COUNT }, (_, i) => String(current - i));
  const extra = keep.filter((year) => /^\d{4}$/.test(year) && !years.includes(year));
  return [...years, ...extra].sort((a, b) => Number(b) - Number(a));
}

export function isComplete(value: MonthYear): boolean {
  return value.month !== '' && value.year !== '';
}

export function toYearMonth(value: MonthYear): string | null {
  return isComplete(value) ? `${value.year}-${value.month}` : null;
}

export function fromYearMonth(value: unknown): MonthYear {
  const match = typeof value === 'string' ? YEAR_MONTH.exec(value) : null;
  return match ? { year: match[1] ?? '', month: match[2] ?? '' } : EMPTY_MONTH_YEAR;
}

/** 'YYYY-MM' strings order correctly as text. */
export function isBefore(a: MonthYear, b: MonthYear): boolean {
  const left = toYearMonth(a);
  const right = toYearMonth(b);
  return left !== null && right !== null && left < right;
}

/** '2021-03' → 'Mar 2021'; anything else → ''. */
export function formatYearMonth(value: unknown): string {
  const { month, year } = fromYearMonth(value);
  return month ? `${MONTH_NAMES[Number(month) - 1]} ${year}` : '';
}
