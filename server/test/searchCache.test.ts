import { SearchPageCache, SnippetMemo, searchPageKey } from '../src/modules/directory/searchCache';
import { parseExpertSearch, snippetOf } from '../src/modules/directory/rules';

describe('the search page cache', () => {
  const page = (id: number) => ({ ids: [id], total: 1 });

  it('answers a kept page at the generation it was ranked at, and nothing once the generation moves', () => {
    const cache = new SearchPageCache();
    expect(cache.get('7', 'a')).toBeUndefined();
    cache.set('7', 'a', page(1));
    expect(cache.get('7', 'a')).toEqual(page(1));
    expect(cache.get('8', 'a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps a page ranked at a generation the cache has already left', () => {
    const cache = new SearchPageCache();
    cache.get('7', 'a');
    cache.get('8', 'b');
    expect(cache.set('7', 'a', page(1))).toEqual(page(1));
    expect(cache.get('8', 'a')).toBeUndefined();
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const cache = new SearchPageCache(2);
    cache.get('1', 'x');
    cache.set('1', 'a', page(1));
    cache.set('1', 'b', page(2));
    cache.get('1', 'a');
    cache.set('1', 'c', page(3));
    expect(cache.get('1', 'b')).toBeUndefined();
    expect(cache.get('1', 'a')).toEqual(page(1));
    expect(cache.get('1', 'c')).toEqual(page(3));
  });

  it('tells apart every field that chooses a page', () => {
    const base = { q: 'stat', service: 'Statistical Analysis', country: 'DE', minFee: '10', maxFee: '90', sort: 'fee-asc', page: '1' };
    const keys = new Set(
      [base, { ...base, q: 'stats' }, { ...base, service: 'Data Science' }, { ...base, country: 'FR' }, { ...base, minFee: '11' }, { ...base, maxFee: '91' }, { ...base, sort: 'rating' }, { ...base, page: '2' }, { ...base, verified: 'true' }, { ...base, area: 'Biostatistics' }].map(
        (q) => searchPageKey(parseExpertSearch(q as never)),
      ),
    );
    expect(keys.size).toBe(10);
  });
});

describe('the snippet memo', () => {
  const long = `${'Background in epidemiology and field surveys across several continents. '.repeat(4)}Applied statistics for clinical trials, and teaching statistical methods.`;

  it('answers exactly what snippetOf answers, for every summary and words, kept or not', () => {
    const memo = new SnippetMemo();
    const cases: Array<[string | null, string[]]> = [[long, ['statist']], [long, ['clinical', 'trial']], [long, []], [null, ['statist']], ['', ['x']], ['Short: Statistics.', ['statist']]];
    for (let round = 0; round < 2; round += 1) for (const [summary, tokens] of cases) expect(memo.of(summary, tokens)).toEqual(snippetOf(summary, tokens));
    expect(memo.size).toBe(cases.length);
  });

  it('computes again for an edited summary and for other words, and never hands out an answer to change', () => {
    const memo = new SnippetMemo();
    const first = memo.of(long, ['statist']);
    expect(memo.of(`${long} Edited.`, ['statist'])).toEqual(snippetOf(`${long} Edited.`, ['statist']));
    expect(memo.of(long, ['epidem'])).toEqual(snippetOf(long, ['epidem']));
    // The words end before the summary: ["a","b"] with "S" is not ["a"] with "b…S".
    expect(memo.of('b S', ['a'])).toEqual(snippetOf('b S', ['a']));
    expect(memo.of('S', ['a', 'b'])).toEqual(snippetOf('S', ['a', 'b']));
    expect(Object.isFrozen(first) && Object.isFrozen(first.highlights) && first.highlights.every((r) => Object.isFrozen(r))).toBe(true);
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const memo = new SnippetMemo(2);
    const a = memo.of('alpha', ['al']);
    const b = memo.of('beta', ['al']);
    expect(memo.of('alpha', ['al'])).toBe(a);
    memo.of('gamma', ['al']);
    expect(memo.size).toBe(2);
    expect(memo.of('alpha', ['al'])).toBe(a);
    // beta went first (alpha was used after it): computed again, equal but not the same answer.
    const again = memo.of('beta', ['al']);
    expect(again).not.toBe(b);
    expect(again).toEqual(b);
  });
});
