// The little structure long-form content needs (blog posts, stories, legal documents): sections with a
// heading and blocks. Text may hold links written as [label](/path), [label](mailto:…) or [label](https://…).

export type Block =
  | { type: 'p'; text: string }
  | { type: 'ul'; items: string[] }
  | { type: 'table'; caption: string; columns: string[]; rows: string[][] };

export interface DocSection {
  /** Fragment id of the section's heading, unique within its page. */
  id: string;
  heading: string;
  blocks: Block[];
}

const INLINE_LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

export type InlinePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Splits text into plain runs and [label](href) links. */
export function parseInline(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_LINK)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ kind: 'text', text: text.slice(last, index) });
    parts.push({ kind: 'link', text: match[1] ?? '', href: match[2] ?? '' });
    last = index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The words a reader reads in some sections (link targets excluded). */
export function countWords(sections: DocSection[]): number {
  const texts = sections.flatMap((section) => [
    section.heading,
    ...section.blocks.flatMap((block) => (block.type === 'p' ? [block.text] : block.type === 'ul' ? block.items : [block.caption, ...block.columns, ...block.rows.flat()])),
  ]);
  return texts
    .map((text) => text.replace(INLINE_LINK, '$1'))
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;
}

/** Reading time in whole minutes at 220 words a minute, never less than one. */
export function readingMinutes(sections: DocSection[]): number {
  return Math.max(1, Math.round(countWords(sections) / 220));
}
