import fc from 'fast-check';
import { matchRanges, snippetOf } from '../src/modules/directory/rules';
import { foldText } from '../src/modules/directory/searchIndex';

/** The rule as first written: every word folded in full (NFKD, accents off, lower case, ß as ss). */
function referenceRanges(text: string, tokens: string[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  if (tokens.length === 0) return ranges;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = foldText(match[0]);
    if (tokens.some((t) => word.startsWith(t))) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éÉüÜßçñøĀǅﬁ'.split(''));
const word = fc.array(letters, { minLength: 1, maxLength: 9 }).map((chars) => chars.join(''));
const text = fc.array(fc.tuple(word, fc.constantFrom(' ', ', ', '. ', ' – ', '  ')), { maxLength: 60 }).map((parts) => parts.map(([w, gap]) => w + gap).join(''));
const tokens = fc.array(word.map((w) => foldText(w).slice(0, 4)), { minLength: 1, maxLength: 3 });

describe('the search snippet', () => {
  it('highlights exactly the words the full folding matches, ASCII or not', () => {
    fc.assert(
      fc.property(text, tokens, (t, q) => {
        expect(matchRanges(t, q)).toEqual(referenceRanges(t, q));
        expect(matchRanges(t, q, 1)).toEqual(referenceRanges(t, q).slice(0, 1));
      }),
      { numRuns: 2000 },
    );
  });

  it('matches "strasse" in "Straße" and "eleve" in "Élève", and cuts a long summary around its first match', () => {
    expect(matchRanges('Die Straße und Élève', ['strasse', 'eleve'])).toEqual([
      [4, 10],
      [15, 20],
    ]);
    const summary = `${'Lorem ipsum dolor sit amet. '.repeat(12)}Biostatistics for oncology trials.`;
    const { snippet, highlights } = snippetOf(summary, ['biostat']);
    expect(snippet.startsWith('…')).toBe(true);
    expect(highlights).toHaveLength(1);
    expect(snippet.slice(...highlights[0]!)).toBe('Biostatistics');
  });
});
