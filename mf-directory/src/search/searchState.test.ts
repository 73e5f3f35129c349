import { EMPTY_SEARCH, hasFilters, parseSearch, searchQueryString, serialiseSearch, toApiQuery, withChange } from './searchState';

const parse = (qs: string) => parseSearch(new URLSearchParams(qs));

describe('parseSearch', () => {
  it('reads nothing as the default search', () => {
    expect(parse('')).toEqual(EMPTY_SEARCH);
  });

  it('reads every parameter', () => {
    expect(parse('q=bayesian+trials&service=Statistical+Analysis&area=Biostatistics&minFee=50&maxFee=120&country=gb&verified=true&sort=fee-asc&page=3')).toEqual({
      q: 'bayesian trials',
      service: 'Statistical Analysis',
      area: 'Biostatistics',
      minFee: 50,
      maxFee: 120,
      country: 'GB',
      verified: true,
      sort: 'fee-asc',
      page: 3,
    });
  });

  it('takes the home page search (?q=) as words, trimmed and with single spaces', () => {
    expect(parse('q=%20food%20%20science%20%26%20safety%20')).toMatchObject({ q: 'food science & safety', service: '' });
  });

  it('turns a q that names a catalogue service (the service pages link ?q=Data%20Science) into that filter', () => {
    expect(parse('q=Data%20Science')).toMatchObject({ q: '', service: 'Data Science' });
    expect(parse('q=food science and technology')).toMatchObject({ q: '', service: 'Food Science and Technology' });
    expect(parse('q=Data%20Science&service=Medical%20Writing')).toMatchObject({ q: 'Data Science', service: 'Medical Writing' });
  });

  it('drops what it cannot use instead of failing', () => {
    expect(parse('service=Astrology&area=Tarot&minFee=-5&maxFee=abc&country=XX&sort=cheapest&page=0')).toEqual(EMPTY_SEARCH);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('minFee=99999999').minFee).toBeNull();
    expect(parse(`q=${'a'.repeat(300)}`).q).toHaveLength(200);
  });

  it('spells names as the catalogue does and swaps a reversed fee range', () => {
    expect(parse('service=data%20science&area=machine%20learning')).toMatchObject({ service: 'Data Science', area: 'Machine Learning' });
    expect(parse('minFee=200&maxFee=50')).toMatchObject({ minFee: 50, maxFee: 200 });
  });
});

describe('serialiseSearch', () => {
  it('writes only what differs from the defaults, in a fixed order', () => {
    expect(serialiseSearch(EMPTY_SEARCH).toString()).toBe('');
    expect(serialiseSearch({ ...EMPTY_SEARCH, page: 2, sort: 'fee-desc', q: 'mdr', minFee: 0 }).toString()).toBe('q=mdr&minFee=0&sort=fee-desc&page=2');
    expect(searchQueryString(EMPTY_SEARCH)).toBe('');
    expect(searchQueryString({ service: 'Data Science' })).toBe('?service=Data+Science');
  });

  it('round-trips: parse(serialise(state)) is the state', () => {
    const state = { q: 'shelf life', service: 'Food Science and Technology', area: 'Shelf-Life Studies', minFee: 10, maxFee: 90, country: 'DE', verified: true, sort: 'fee-asc' as const, page: 4 };
    expect(parseSearch(serialiseSearch(state))).toEqual(state);
  });

  it('gives the API the same names as strings', () => {
    expect(toApiQuery({ ...EMPTY_SEARCH, q: 'mdr', maxFee: 100, page: 2 })).toEqual({ q: 'mdr', maxFee: '100', page: '2' });
  });
});

describe('withChange and hasFilters', () => {
  it('starts again at page 1 unless the page is what changed', () => {
    const onPage3 = { ...EMPTY_SEARCH, page: 3 };
    expect(withChange(onPage3, { country: 'FR' }).page).toBe(1);
    expect(withChange(onPage3, { page: 4 }).page).toBe(4);
  });

  it("drops a practice area that the newly chosen service does not have", () => {
    const state = { ...EMPTY_SEARCH, service: 'Statistical Analysis', area: 'Biostatistics' };
    expect(withChange(state, { service: 'Medical Writing' }).area).toBe('');
    expect(withChange(state, { service: 'Statistical Analysis', q: 'x' }).area).toBe('Biostatistics');
  });

  it('counts words and filters, not the sort, and not what the page itself locks', () => {
    expect(hasFilters({ ...EMPTY_SEARCH, sort: 'fee-asc', page: 2 })).toBe(false);
    expect(hasFilters({ ...EMPTY_SEARCH, q: 'x' })).toBe(true);
    expect(hasFilters({ ...EMPTY_SEARCH, service: 'Data Science' }, { service: 'Data Science' })).toBe(false);
  });
});
