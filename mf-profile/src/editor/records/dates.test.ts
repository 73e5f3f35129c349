import { formatYearMonth, fromYearMonth, isBefore, MONTHS, toYearMonth, yearOptions } from './dates';

describe('record dates', () => {
  it('offers the months 01 to 12', () => {
    expect(MONTHS).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
  });

  it('offers this year and the 49 before, newest first', () => {
    const years = yearOptions(new Date(2026, 5, 1));
    expect(years).toHaveLength(50);
    expect(years[0]).toBe('2026');
    expect(years[49]).toBe('1977');
    expect(new Set(years).size).toBe(50);
  });

  it("keeps an edited entry's older year selectable, in order", () => {
    const years = yearOptions(new Date(2026, 5, 1), ['1970', '2001', '']);
    expect(years).toHaveLength(51);
    expect(years.at(-1)).toBe('1970');
  });

  it("stores 'YYYY-MM' and reads it back", () => {
    expect(toYearMonth({ month: '03', year: '2021' })).toBe('2021-03');
    expect(toYearMonth({ month: '03', year: '' })).toBeNull();
    expect(toYearMonth({ month: '', year: '2021' })).toBeNull();
    expect(fromYearMonth('2021-03')).toEqual({ month: '03', year: '2021' });
    expect(fromYearMonth(null)).toEqual({ month: '', year: '' });
    expect(fromYearMonth('2021-13')).toEqual({ month: '', year: '' });
  });

  it('orders months and formats them for the list', () => {
    expect(isBefore({ month: '12', year: '2020' }, { month: '01', year: '2021' })).toBe(true);
    expect(isBefore({ month: '01', year: '2021' }, { month: '01', year: '2021' })).toBe(false);
    expect(isBefore({ month: '', year: '2020' }, { month: '01', year: '2021' })).toBe(false);
    expect(formatYearMonth('2021-03')).toBe('Mar 2021');
    expect(formatYearMonth('2019-12')).toBe('Dec 2019');
    expect(formatYearMonth(null)).toBe('');
  });
});
