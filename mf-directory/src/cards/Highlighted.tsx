import { Fragment } from 'react';

/**
 * The snippet with its matched words in <mark>. Highlights are [start, end) UTF-16 offsets from the API; ranges
 * out of bounds, empty, out of order or overlapping are clipped or skipped, never trusted to slice the text.
 */
export function highlightParts(text: string, highlights: ReadonlyArray<readonly [number, number]>): Array<{ text: string; mark: boolean }> {
  const parts: Array<{ text: string; mark: boolean }> = [];
  let at = 0;
  const ranges = [...highlights].filter(([s, e]) => Number.isInteger(s) && Number.isInteger(e)).sort((a, b) => a[0] - b[0]);
  for (const [rawStart, rawEnd] of ranges) {
    const start = Math.max(rawStart, at);
    const end = Math.min(rawEnd, text.length);
    if (end <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), mark: false });
    parts.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

export function Highlighted({ text, highlights }: { text: string; highlights: ReadonlyArray<readonly [number, number]> }) {
  return (
    <>
      {highlightParts(text, highlights).map((part, i) => (
        <Fragment key={i}>{part.mark ? <mark>{part.text}</mark> : part.text}</Fragment>
      ))}
    </>
  );
}
