import { Fragment } from 'react';
import { Link } from '@sciexperts/shared/router';
import { parseInline, type Block, type DocSection } from '../content/richText';
import styles from './RichText.module.css';

/** A run of text whose [label](href) links become router links (site paths) or plain anchors (mailto, https). */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : part.href.startsWith('/') ? (
          <Link key={index} to={part.href} className={styles.link}>
            {part.text}
          </Link>
        ) : (
          <a key={index} href={part.href} className={styles.link} {...(part.href.startsWith('http') ? { rel: 'noopener' } : {})}>
            {part.text}
          </a>
        ),
      )}
    </>
  );
}

export function RichBlock({ block }: { block: Block }) {
  switch (block.type) {
    case 'p':
      return (
        <p>
          <InlineText text={block.text} />
        </p>
      );
    case 'ul':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>
              <InlineText text={item} />
            </li>
          ))}
        </ul>
      );
    case 'table':
      return (
        <div className={styles.tableScroll} role="region" aria-label={block.caption} tabIndex={0}>
          <table className={styles.table}>
            <caption>{block.caption}</caption>
            <thead>
              <tr>
                {block.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.join('|')}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        <InlineText text={cell} />
                      </th>
                    ) : (
                      <td key={index}>
                        <InlineText text={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/**
 * Sections with h2 (or `level`) headings. Each heading carries the section's id and tabIndex -1, so the
 * page's contents can move focus to it.
 */
export function RichSections({ sections, level = 2 }: { sections: DocSection[]; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.prose}>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <Heading id={section.id} tabIndex={-1} className={styles.heading}>
            {section.heading}
          </Heading>
          {section.blocks.map((block, index) => (
            <RichBlock key={index} block={block} />
          ))}
        </section>
      ))}
    </div>
  );
}
