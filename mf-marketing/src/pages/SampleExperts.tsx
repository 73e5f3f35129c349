import { useEffect, useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import type { ExpertCard as LiveExpert } from '@sciexperts/shared';
import { ExpertCard } from '../cards/ExpertCard';
import { ExpertCardPlaceholder, LiveExpertCard } from '../cards/LiveExpertCard';
import { findSampleExpert, type SampleExpert } from '../content/experts';
import { expertDirectoryPath, type ContentPage } from '../content/contentPaths';
import { fetchLiveExperts, LIVE_EXPERT_COUNT } from '../directory/liveExperts';
import layout from '../ui/layout.module.css';
import styles from './Page.module.css';

type Load = { status: 'loading' } | { status: 'live'; experts: LiveExpert[] } | { status: 'static' };

/** Real experts of the directory for `service`; 'static' when the directory fails or has nobody yet. */
function useLiveExperts(service: string): Load {
  const [load, setLoad] = useState<{ service: string; load: Load }>({ service, load: { status: 'loading' } });
  useEffect(() => {
    let current = true;
    fetchLiveExperts(service).then(
      (experts) => {
        if (current) setLoad({ service, load: experts.length > 0 ? { status: 'live', experts } : { status: 'static' } });
      },
      () => {
        if (current) setLoad({ service, load: { status: 'static' } });
      },
    );
    return () => {
      current = false;
    };
  }, [service]);
  // A new service (another page in the same mount) is loading until its own answer arrives.
  return load.service === service ? load.load : { status: 'loading' };
}

/**
 * "Sample experts" of a solution or service page: the first experts the directory lists for the page's catalogue
 * service (linked to their public profiles). While they load, placeholders hold the cards' space; if the directory
 * fails or has nobody for the service, the page's static examples stand in (not linked: they have no profiles).
 */
export function SampleExperts({ page, headingId }: { page: ContentPage; headingId: string }) {
  const service = page.projectService;
  const load = useLiveExperts(service);
  const examples = page.expertIds.map(findSampleExpert).filter((expert): expert is SampleExpert => Boolean(expert));
  const lead =
    load.status === 'live'
      ? `Experts on SciExperts who offer ${service}. Post your project to receive proposals from matched experts within 24 hours.`
      : 'Examples of the vetted experts who offer this kind of work. Post your project to receive proposals from matched experts within 24 hours.';
  return (
    <section className={styles.wide} aria-labelledby={headingId}>
      <h2 id={headingId}>Sample experts</h2>
      <p className={layout.sectionLead}>{lead}</p>
      <ul className={`${styles.experts} ${styles.sampleExperts}`} aria-busy={load.status === 'loading'}>
        {load.status === 'loading'
          ? Array.from({ length: Math.max(LIVE_EXPERT_COUNT, examples.length) }, (_, index) => (
              <li key={index}>
                <ExpertCardPlaceholder />
              </li>
            ))
          : load.status === 'live'
            ? load.experts.map((expert) => (
                <li key={expert.id}>
                  <LiveExpertCard expert={expert} />
                </li>
              ))
            : examples.map((expert) => (
                <li key={expert.id}>
                  <ExpertCard expert={expert} />
                </li>
              ))}
      </ul>
      <Link to={expertDirectoryPath(service)} className={layout.textLink}>
        See all experts for {service}
      </Link>
    </section>
  );
}
