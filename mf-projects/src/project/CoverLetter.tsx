import { useId, useState } from 'react';
import styles from './Project.module.css';

/** Letters longer than this show their start, with a button for the rest (cards side by side stay comparable). */
export const LETTER_PREVIEW_LENGTH = 600;

function preview(text: string): string {
  const cut = text.slice(0, LETTER_PREVIEW_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > LETTER_PREVIEW_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** A cover letter with its line breaks kept. */
export function CoverLetter({ text }: { text: string }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const long = text.length > LETTER_PREVIEW_LENGTH;
  return (
    <div>
      <p id={`${id}-letter`} className={styles.letter}>
        {long && !expanded ? preview(text) : text}
      </p>
      {long ? (
        <button type="button" className={styles.linkButton} aria-expanded={expanded} aria-controls={`${id}-letter`} onClick={() => setExpanded((open) => !open)}>
          {expanded ? 'Show less' : 'Read the whole letter'}
        </button>
      ) : null}
    </div>
  );
}
