import { useId } from 'react';
import { type FaqItem } from '../content/faq';
import { FaqAccordion } from '../ui/FaqAccordion';
import layout from '../ui/layout.module.css';

export function FaqSection({ title = 'Frequently asked questions', items }: { title?: string; items: FaqItem[] }) {
  const headingId = useId();
  return (
    <section className={layout.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={layout.sectionTitle}>
        {title}
      </h2>
      <FaqAccordion items={items} />
    </section>
  );
}
