import { useId } from 'react';
import { Link, useParams } from '@sciexperts/shared/router';
import { paymentModel } from '../content/platform';
import { contentPagePath, contentPages, findContentPage, postProjectPath, type ContentPage as ContentPageData, type ContentSection } from '../content/servicePages';
import { organizationData, PageMeta } from '../head/PageMeta';
import { FaqSectionIsland } from '../islands/sections';
import layout from '../ui/layout.module.css';
import { InPageNotFound } from './InPageNotFound';
import { SampleExperts } from './SampleExperts';
import styles from './Page.module.css';

const sectionLabels: Record<ContentSection, string> = { solutions: 'Solutions', services: 'Services' };

/**
 * A solution (/solutions/:slug) or service (/services/:slug) page. The sample experts come live from the expert
 * directory (for the page's catalogue service), with the static examples of ./content/experts as the fallback.
 */
export function ContentPage({ section }: { section: ContentSection }) {
  const { slug } = useParams<{ slug: string }>();
  const page = findContentPage(section, slug);
  if (!page) {
    return (
      <InPageNotFound
        what={section === 'solutions' ? 'Solution' : 'Service'}
        suggestionsTitle={`Our ${section}`}
        suggestions={contentPages.filter((candidate) => candidate.section === section).map((candidate) => ({ label: candidate.title, path: contentPagePath(candidate) }))}
      />
    );
  }
  return <ContentPageBody page={page} />;
}

function ContentPageBody({ page }: { page: ContentPageData }) {
  const id = useId();
  const projectPath = postProjectPath(page.projectService);
  const path = contentPagePath(page);
  return (
    <>
      <PageMeta
        title={page.title}
        description={page.description}
        path={path}
        structuredData={{ '@context': 'https://schema.org', '@type': 'Service', name: page.title, description: page.description, serviceType: page.projectService, provider: organizationData(), areaServed: 'Worldwide' }}
      />
      <section className={styles.intro} aria-labelledby={`${id}-title`}>
        <div className={styles.introInner}>
          <p className={styles.eyebrow}>{sectionLabels[page.section]}</p>
          <h1 id={`${id}-title`} className={styles.title}>
            {page.title}
          </h1>
          <p className={styles.lead}>{page.lead}</p>
          <div className={styles.actions}>
            <Link to={projectPath} className={layout.buttonPrimary}>
              Post a project
            </Link>
            <Link to="/concierge" className={layout.buttonSecondary}>
              Ask our concierge
            </Link>
          </div>
        </div>
      </section>
      <div className={styles.body}>
        <section className={styles.block} aria-labelledby={`${id}-what`}>
          <h2 id={`${id}-what`}>What it is</h2>
          {page.what.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <section className={styles.block} aria-labelledby={`${id}-who`}>
          <h2 id={`${id}-who`}>Who it is for</h2>
          <ul className={styles.list}>
            {page.audience.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <section className={styles.block} aria-labelledby={`${id}-deliverables`}>
          <h2 id={`${id}-deliverables`}>Typical deliverables</h2>
          <ul className={styles.list}>
            {page.deliverables.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <section className={styles.block} aria-labelledby={`${id}-price`}>
          <h2 id={`${id}-price`}>Price and time</h2>
          <dl className={styles.facts}>
            <div>
              <dt>Typical price</dt>
              <dd>{page.price}</dd>
            </div>
            <div>
              <dt>Typical duration</dt>
              <dd>{page.duration}</dd>
            </div>
          </dl>
          <p>{page.priceDrivers}</p>
          <p className={styles.note}>
            Experts quote their own prices; these ranges are what projects of this kind usually cost. {paymentModel.escrow} {paymentModel.fee} <Link to="/faq#payments">How payments work</Link>
          </p>
        </section>
        <SampleExperts page={page} headingId={`${id}-experts`} />
      </div>
      <FaqSectionIsland items={page.faq} />
      <div className={styles.body}>
        <section className={styles.cta} aria-labelledby={`${id}-cta`}>
          <h2 id={`${id}-cta`}>Start your project</h2>
          <p>Describe what you need in under 5 minutes, with {page.projectService} already chosen. Posting is free, and you pay only for the milestones you approve.</p>
          <div className={styles.actions}>
            <Link to={projectPath} className={styles.ctaButton}>
              Post a project
            </Link>
            <Link to="/concierge" className={styles.ctaLink}>
              Or let our concierge write the brief
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
