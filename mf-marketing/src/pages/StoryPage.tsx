import { Link, useLocation } from '@sciexperts/shared/router';
import { ExpertCard } from '../cards/ExpertCard';
import { TestimonialCard } from '../cards/TestimonialCard';
import { findSampleExpert } from '../content/experts';
import { PLATFORM_FEE_PERCENT } from '../content/platform';
import { postProjectPath, findContentPage } from '../content/servicePages';
import { findStoryByPath, formatUsd, storyDetails, type StoryDetail } from '../content/storyDetails';
import { absoluteUrl, organizationData, PageMeta } from '../head/PageMeta';
import { RichSections } from '../ui/RichText';
import { InPageNotFound } from './InPageNotFound';
import styles from './Page.module.css';
import { visuallyHidden } from '@sciexperts/ui';

/** /story-1, /story-2, /story-3: the story is the one whose card links to the current path. */
export function StoryPage() {
  const { pathname } = useLocation();
  const story = findStoryByPath(pathname);
  if (!story) {
    return <InPageNotFound what="Success story" suggestionsTitle="Our success stories" suggestions={storyDetails.map((candidate) => ({ label: candidate.title, path: candidate.link }))} />;
  }
  return <StoryBody story={story} />;
}

function StoryBody({ story }: { story: StoryDetail }) {
  const expert = findSampleExpert(story.expertId);
  const total = story.milestones.reduce((sum, milestone) => sum + milestone.amount, 0);
  const servicePage = findContentPage('services', story.servicePath.split('/').pop());
  return (
    <>
      <PageMeta
        title={story.title}
        description={story.description}
        path={story.link}
        type="article"
        structuredData={{
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: story.title,
          description: story.description,
          articleSection: 'Success stories',
          about: story.category,
          publisher: organizationData(),
          image: absoluteUrl(story.image),
          mainEntityOfPage: absoluteUrl(story.link),
        }}
      />
      <article aria-labelledby="story-title">
        <div className={styles.intro}>
          <div className={styles.introInner}>
            <p className={styles.eyebrow}>Success story · {story.category}</p>
            <h1 id="story-title" className={styles.title}>
              {story.title}
            </h1>
            <p className={styles.lead}>{story.description}</p>
            <dl className={styles.facts}>
              <div>
                <dt>Category</dt>
                <dd>{story.category}</dd>
              </div>
              <div>
                <dt>Cost</dt>
                <dd>{story.cost}</dd>
              </div>
              <div>
                <dt>Time</dt>
                <dd>{story.time}</dd>
              </div>
              <div>
                <dt>Client</dt>
                <dd>{story.client}</dd>
              </div>
            </dl>
          </div>
        </div>
        <div className={styles.body}>
          <img className={styles.figure} src={story.image} width={640} height={360} alt="" />
          <RichSections sections={story.sections} />
          <section className={styles.block} aria-labelledby="story-payments">
            <h2 id="story-payments">How it was paid</h2>
            <table className={styles.table}>
              <caption className={visuallyHidden}>Milestones of this project and their prices</caption>
              <thead>
                <tr>
                  <th scope="col">Milestone</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {story.milestones.map((milestone) => (
                  <tr key={milestone.title}>
                    <th scope="row">{milestone.title}</th>
                    <td>{formatUsd(milestone.amount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td>{formatUsd(total)}</td>
                </tr>
              </tfoot>
            </table>
            <p className={styles.note}>
              Each milestone was funded into escrow before the work started and released when the client approved it. Prices are the expert’s; the {PLATFORM_FEE_PERCENT} % platform fee was added when each milestone was funded.
            </p>
          </section>
          {expert ? (
            <section className={styles.block} aria-labelledby="story-expert">
              <h2 id="story-expert">The expert</h2>
              <ExpertCard expert={expert} />
            </section>
          ) : null}
          <section className={styles.block} aria-labelledby="story-client">
            <h2 id="story-client">What the client says</h2>
            <TestimonialCard testimonial={story.testimonial} />
          </section>
          <section className={styles.cta} aria-labelledby="story-cta">
            <h2 id="story-cta">Have a similar project?</h2>
            <p>Post it in under 5 minutes and receive proposals from matched experts within 24 hours.</p>
            <div className={styles.actions}>
              {servicePage ? (
                <Link to={postProjectPath(servicePage.projectService)} className={styles.ctaButton}>
                  Post a project
                </Link>
              ) : null}
              <Link to={story.servicePath} className={styles.ctaLink}>
                About {servicePage?.title.toLowerCase() ?? 'this service'}
              </Link>
            </div>
          </section>
        </div>
      </article>
    </>
  );
}
