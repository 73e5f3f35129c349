import { useDeferredValue, useId, useRef, useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import { CONCIERGE_PROMISE } from '@sciexperts/shared';
import { ReadOnly, useEarlyInput } from '@sciexperts/ui';
import { countQuestions, faqGroups, searchFaq } from '../content/faqPage';
import { PageMeta } from '../head/PageMeta';
import { FaqAccordion } from '../ui/FaqAccordion';
import { TableOfContents } from '../ui/TableOfContents';
import styles from './Page.module.css';
import faqStyles from './FaqPage.module.css';

export const FAQ_DESCRIPTION = 'Answers about hiring experts on SciExperts: matching, escrowed milestone payments, fees, refunds, confidentiality, the concierge service and every service we offer.';

const totalQuestions = countQuestions(faqGroups);

function resultText(query: string, count: number): string {
  if (!query) return `All ${count} questions, in ${faqGroups.length} groups.`;
  if (count === 0) return `No question matches “${query}”.`;
  return `${count} ${count === 1 ? 'question matches' : 'questions match'} “${query}”.`;
}

/**
 * /faq: every question of the site, grouped, with a search that filters as you type. The page's text and the answers
 * are only read (never hydrated on the first load); the search, the topics and the questions are operated.
 */
export function FaqPage() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  // Words typed before the page was hydrated filter the questions as soon as it is.
  const searchRef = useRef<HTMLInputElement>(null);
  useEarlyInput(searchRef, query, setQuery);
  // Filtering ~70 questions is cheap, but deferring keeps typing smooth on slow phones.
  const deferredQuery = useDeferredValue(query.trim());
  const groups = searchFaq(faqGroups, deferredQuery);
  const count = countQuestions(groups);

  return (
    <>
      <PageMeta
        title="Frequently asked questions"
        description={FAQ_DESCRIPTION}
        path="/faq"
        structuredData={{
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: faqGroups.flatMap((group) => group.items.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } }))),
        }}
      />
      <section className={styles.intro} aria-labelledby="faq-title">
        <div className={styles.introInner}>
          <ReadOnly>
            <h1 id="faq-title" className={styles.title}>
              Frequently asked questions
            </h1>
            <p className={styles.lead}>
              {totalQuestions} answers about hiring and working on SciExperts. Cannot find yours? <Link to="/concierge">Ask our concierge team</Link>.
            </p>
          </ReadOnly>
          <form role="search" aria-label="Search the questions" className={faqStyles.search} onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={searchId} className={faqStyles.label}>
              Search the questions
            </label>
            <input
              ref={searchRef}
              id={searchId}
              type="search"
              className={faqStyles.input}
              placeholder="e.g. refund, NDA, statistics"
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </form>
          <p role="status" aria-atomic="true" className={faqStyles.count}>
            {resultText(deferredQuery, count)}
          </p>
        </div>
      </section>
      <div className={styles.body}>
        {groups.length > 0 ? (
          <TableOfContents label="Topics" entries={groups.map((group) => ({ id: group.id, label: `${group.title} (${group.items.length})` }))} />
        ) : (
          <p className={faqStyles.empty}>
            Try another word, or <Link to="/concierge">ask our concierge team</Link>: we answer {CONCIERGE_PROMISE}.
          </p>
        )}
        {groups.map((group) => (
          <section key={group.id} className={faqStyles.group} aria-labelledby={group.id}>
            <h2 id={group.id} tabIndex={-1} className={faqStyles.groupTitle}>
              {group.title}
            </h2>
            <FaqAccordion key={deferredQuery} items={group.items} defaultOpen={deferredQuery !== ''} />
            {group.source ? (
              <p className={faqStyles.source}>
                <Link to={group.source.path}>More about {group.source.label === 'Home' ? 'SciExperts' : group.source.label}</Link>
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </>
  );
}
