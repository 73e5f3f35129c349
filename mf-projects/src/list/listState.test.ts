import { budgetCents, cleared, EMPTY_LIST, hasFilters, listQueryString, parseListState, postedSince, serialiseListState, toApiQuery, withChange, type ListState } from './listState';

const parse = (qs: string) => parseListState(new URLSearchParams(qs));
const now = new Date('2026-11-25T15:30:00Z');

describe('parseListState', () => {
  it('reads nothing as the plain list', () => {
    expect(parse('')).toEqual(EMPTY_LIST);
  });

  it('reads every parameter, budgets in dollars becoming cents', () => {
    expect(parse('q=cohort+study&service=Statistical+Analysis&budgetType=fixed&minBudget=500&maxBudget=1250.50&posted=7&matching=0&page=3')).toEqual({
      q: 'cohort study',
      service: 'Statistical Analysis',
      budgetType: 'fixed',
      minBudget: 50000,
      maxBudget: 125050,
      posted: '7',
      matching: false,
      page: 3,
    });
    expect(parse('matching=1').matching).toBe(true);
  });

  it('drops what it cannot use instead of failing', () => {
    expect(parse('service=Astrology&budgetType=daily&minBudget=-5&maxBudget=abc&posted=14&matching=yes&page=0')).toEqual(EMPTY_LIST);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=1001').page).toBe(1);
    expect(parse('minBudget=0').minBudget).toBeNull();
    expect(parse('maxBudget=99999999').maxBudget).toBeNull();
    expect(parse(`q=${'a'.repeat(300)}`).q).toHaveLength(200);
  });

  it('spells services as the catalogue does, tidies words and swaps a reversed budget range', () => {
    expect(parse('service=medical%20writing').service).toBe('Medical Writing');
    expect(parse('q=%20%20shelf%20%20life%20').q).toBe('shelf life');
    expect(parse('minBudget=2000&maxBudget=100')).toMatchObject({ minBudget: 10000, maxBudget: 200000 });
    expect(parse('minBudget=%241%2C500')).toMatchObject({ minBudget: 150000 });
  });
});

describe('serialiseListState', () => {
  it('writes only what differs from the defaults, in a fixed order, budgets as dollars', () => {
    expect(serialiseListState(EMPTY_LIST).toString()).toBe('');
    expect(serialiseListState({ ...EMPTY_LIST, page: 2, posted: '30', q: 'mdr', minBudget: 125050, matching: true }).toString()).toBe('q=mdr&minBudget=1250.50&posted=30&matching=1&page=2');
    expect(listQueryString(EMPTY_LIST)).toBe('');
    expect(listQueryString({ service: 'Data Science' })).toBe('?service=Data+Science');
  });

  it('round-trips: parse(serialise(state)) is the state', () => {
    const state: ListState = { q: 'shelf life', service: 'Food Science and Technology', budgetType: 'hourly', minBudget: 4000, maxBudget: 9050, posted: '1', matching: false, page: 4 };
    expect(parseListState(serialiseListState(state))).toEqual(state);
    expect(parseListState(serialiseListState(EMPTY_LIST))).toEqual(EMPTY_LIST);
  });
});

describe('changes and filters', () => {
  it('starts again at page 1 unless the page is what changed', () => {
    const onPage3 = { ...EMPTY_LIST, page: 3 };
    expect(withChange(onPage3, { service: 'Data Science' }).page).toBe(1);
    expect(withChange(onPage3, { page: 4 }).page).toBe(4);
  });

  it('counts words and filters, not the page or the matching choice; clearing keeps the matching choice', () => {
    expect(hasFilters({ ...EMPTY_LIST, page: 2, matching: true })).toBe(false);
    expect(hasFilters({ ...EMPTY_LIST, q: 'x' })).toBe(true);
    expect(hasFilters({ ...EMPTY_LIST, maxBudget: 100 })).toBe(true);
    expect(hasFilters({ ...EMPTY_LIST, posted: '7' })).toBe(true);
    expect(cleared({ ...EMPTY_LIST, q: 'x', service: 'Data Science', page: 3, matching: false })).toEqual({ ...EMPTY_LIST, matching: false });
  });

  it('accepts typed budgets the API takes', () => {
    expect(budgetCents('1,250.5')).toBe(125050);
    expect(budgetCents('$40')).toBe(4000);
    expect(budgetCents('20000000')).toBe(2_000_000_000);
    expect(budgetCents('20000001')).toBeNull();
    expect(budgetCents('ten')).toBeNull();
  });
});

describe('toApiQuery', () => {
  it('gives the API cents, a posted-since day from the injected clock, the matching flag and the page', () => {
    const state: ListState = { q: 'cohort', service: 'Statistical Analysis', budgetType: 'fixed', minBudget: 50000, maxBudget: 200000, posted: '7', matching: null, page: 2 };
    expect(toApiQuery(state, { now, matching: true })).toEqual({
      q: 'cohort',
      service: 'Statistical Analysis',
      budgetType: 'fixed',
      minBudget: '50000',
      maxBudget: '200000',
      postedSince: '2026-11-18',
      matching: 'mine',
      page: '2',
    });
    expect(toApiQuery(EMPTY_LIST, { now })).toEqual({});
  });

  it('counts the posted window back from today in UTC', () => {
    expect(postedSince('1', now)).toBe('2026-11-24');
    expect(postedSince('30', now)).toBe('2026-10-26');
    expect(postedSince('1', new Date('2026-03-01T00:10:00Z'))).toBe('2026-02-28');
  });
});
