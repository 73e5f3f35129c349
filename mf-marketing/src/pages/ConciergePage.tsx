import { CONCIERGE_PROMISE } from '@sciexperts/shared';
import { ReadOnly } from '@sciexperts/ui';
import { conciergeFaq, conciergeIntro } from '../content/concierge';
import { organizationData, PageMeta } from '../head/PageMeta';
import { ConciergeFormIsland } from '../islands/concierge';
import { FaqSectionIsland } from '../islands/sections';
import { InPageLink } from '../ui/InPageLink';
import layout from '../ui/layout.module.css';
import styles from './Page.module.css';

/**
 * /concierge: what the concierge does, and the request form. What is only read is never hydrated on the page's first
 * load; the form is an island (decision 0020, "Round three"), and the jump to it a link that works before either.
 */
export function ConciergePage() {
  return (
    <>
      <PageMeta
        title={conciergeIntro.title}
        description={conciergeIntro.description}
        path="/concierge"
        structuredData={{ '@context': 'https://schema.org', '@type': 'Service', name: 'SciExperts concierge service', description: conciergeIntro.description, provider: organizationData(), offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' } }}
      />
      <section className={styles.intro} aria-labelledby="concierge-title">
        <div className={styles.introInner}>
          <ReadOnly>
            <h1 id="concierge-title" className={styles.title}>
              {conciergeIntro.title}
            </h1>
            <p className={styles.lead}>{conciergeIntro.lead}</p>
          </ReadOnly>
          <div className={styles.actions}>
            <InPageLink targetId="concierge-request" className={layout.buttonPrimary}>
              Request the concierge
            </InPageLink>
          </div>
        </div>
      </section>
      <div className={styles.body}>
        <ReadOnly>
          <section className={styles.wide} aria-labelledby="concierge-how">
            <h2 id="concierge-how">What the concierge does</h2>
            <ol className={layout.cardGrid}>
              {conciergeIntro.steps.map((step) => (
                <li key={step.id} className={layout.card}>
                  <h3 className={layout.cardTitle}>{step.title}</h3>
                  <p className={layout.muted}>{step.text}</p>
                </li>
              ))}
            </ol>
          </section>
          <section className={styles.block} aria-labelledby="concierge-who">
            <h2 id="concierge-who">Who it is for, and what it costs</h2>
            <ul className={styles.list}>
              {conciergeIntro.audience.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <p>{conciergeIntro.price}</p>
          </section>
        </ReadOnly>
        <section className={styles.block} aria-labelledby="concierge-request">
          <ReadOnly>
            <h2 id="concierge-request" tabIndex={-1}>
              Request the concierge
            </h2>
            <p>Tell us what you need in your own words. A project manager e-mails you a shortlist of experts {CONCIERGE_PROMISE}.</p>
          </ReadOnly>
          <ConciergeFormIsland labelledBy="concierge-request" />
        </section>
      </div>
      <FaqSectionIsland items={conciergeFaq} />
    </>
  );
}
