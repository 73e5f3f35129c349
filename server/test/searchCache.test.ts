import { SearchPageCache, searchPageKey } from '../src/modules/directory/searchCache';
import { parseExpertSearch } from '../src/modules/directory/rules';

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
