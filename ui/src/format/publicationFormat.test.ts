import { formatPublicationDate, formatWorkType, safeWorkUrl } from './publicationFormat';

const date = (year?: string, month?: string, day?: string) => ({
  year: year === undefined ? null : { value: year },
  month: month === undefined ? null : { value: month },
  day: day === undefined ? null : { value: day },
});

describe('formatPublicationDate', () => {
  it.each([
    [date('2021', '03', '14'), { text: 'March 14, 2021', iso: '2021-03-14' }],
    [date('2019', '11'), { text: 'November 2019', iso: '2019-11' }],
    [date('2016'), { text: '2016', iso: '2016' }],
    [date('2016', undefined, '05'), { text: '2016', iso: '2016' }],
    [date('2023', '02', '30'), { text: 'February 2023', iso: '2023-02' }],
    [date('2024', '02', '29'), { text: 'February 29, 2024', iso: '2024-02-29' }],
    [date('2020', '13', '01'), { text: '2020', iso: '2020' }],
  ])('%j → %j', (input, expected) => {
    expect(formatPublicationDate(input)).toEqual(expected);
  });

  it('has nothing to show without a year', () => {
    expect(formatPublicationDate(null)).toBeNull();
    expect(formatPublicationDate(date(undefined, '03', '14'))).toBeNull();
    expect(formatPublicationDate(date('soon'))).toBeNull();
  });
});

describe('formatWorkType', () => {
  it('turns ORCID slugs into words', () => {
    expect(formatWorkType('journal-article')).toBe('Journal article');
    expect(formatWorkType('DATA_SET')).toBe('Data set');
    expect(formatWorkType(null)).toBeNull();
    expect(formatWorkType(' ')).toBeNull();
  });
});

describe('safeWorkUrl', () => {
  it('keeps web links and drops anything else', () => {
    expect(safeWorkUrl('https://doi.org/10.5555/1')).toBe('https://doi.org/10.5555/1');
    expect(safeWorkUrl('javascript:alert(1)')).toBeNull();
    expect(safeWorkUrl('not a url')).toBeNull();
    expect(safeWorkUrl(null)).toBeNull();
  });
});
