import { useId, useMemo, useState } from 'react';
import { ReadOnly } from '@sciexperts/ui';
import { type FaqItem } from '../content/faq';
import styles from './FaqAccordion.module.css';

/**
 * Disclosure buttons (aria-expanded/aria-controls) inside h3s, so the questions stay in the outline.
 * `defaultOpen`: start with every answer shown (search results, where the answer is what was looked for).
 */
export function FaqAccordion({ items, defaultOpen = false }: { items: FaqItem[]; defaultOpen?: boolean }) {
  const idPrefix = useId();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set(defaultOpen ? items.map((item) => item.id) : []));
  // The answers' text is only read: React leaves the server's HTML of it unhydrated on a page's first load (decision
  // 0020, "Round three"). The same elements from render to render, so opening a question changes only its region.
  const answers = useMemo(() => new Map(items.map((item) => [item.id, <p key={item.id}>{item.answer}</p>])), [items]);

  const toggle = (id: string) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className={styles.accordion}>
      {items.map((item) => {
        const open = openIds.has(item.id);
        const buttonId = `${idPrefix}-question-${item.id}`;
        const answerId = `${idPrefix}-answer-${item.id}`;
        return (
          <div key={item.id} className={styles.item}>
            <h3 className={styles.question}>
              <button type="button" id={buttonId} className={styles.toggle} aria-expanded={open} aria-controls={answerId} onClick={() => toggle(item.id)}>
                <span>{item.question}</span>
                <span className={styles.icon} aria-hidden="true">
                  {open ? '−' : '+'}
                </span>
              </button>
            </h3>
            <ReadOnly element={{ id: answerId, role: 'region', 'aria-labelledby': buttonId, className: styles.answer, hidden: !open }}>
              {answers.get(item.id)}
            </ReadOnly>
          </div>
        );
      })}
    </div>
  );
}
