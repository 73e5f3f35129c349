import { featureCards, whyParagraph } from '../content/howItWorks';
import layout from '../ui/layout.module.css';
import styles from './HowItWorks.module.css';

/** Why SciExperts, with the four feature cards. */
export function WhySection() {
  return (
    <section className={layout.band} aria-labelledby="why-title">
      <div className={layout.section}>
        <h2 id="why-title" className={layout.sectionTitle}>
          Why SciExperts?
        </h2>
        <p className={layout.sectionLead}>{whyParagraph}</p>
        <ul className={layout.cardGrid}>
          {featureCards.map((feature) => (
            <li key={feature.id}>
              <article className={`${layout.card} ${styles.featureCard}`}>
                <img src={feature.icon} width={48} height={48} alt="" loading="lazy" />
                <h3 className={layout.cardTitle}>{feature.title}</h3>
                <p className={layout.muted}>{feature.description}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
