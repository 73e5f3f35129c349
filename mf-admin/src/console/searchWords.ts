// The directory search pre-filled from a concierge request: the site's search needs every word, so the request's
// whole text would find no one. A few telling words (common words and short ones left out) start the search; the
// operator changes them.
const COMMON = new Set(
  'about above after again against also because been before being below between both could does doing down during each from further have having here into itself just more most need needs other ours over same should some such than that their theirs them then there these they this those through under until very want wants what when where which while whom will with would your yours looking help please someone expert experts project analysis study data work'.split(
    ' ',
  ),
);

/** Up to `max` distinct words of at least four letters from the text, in their order, common words left out. */
export function searchWords(text: string, max = 3): string {
  const words: string[] = [];
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 4 || COMMON.has(raw) || words.includes(raw)) continue;
    words.push(raw);
    if (words.length === max) break;
  }
  return words.join(' ');
}
