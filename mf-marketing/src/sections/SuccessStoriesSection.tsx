import { useId } from 'react';
import { StoryCard } from '../cards/StoryCard';
import { stories } from '../content/stories';
import { Carousel } from '../slider/Carousel';
import { landingCarouselLayout } from '../slider/sliderStep';
import layout from '../ui/layout.module.css';

export function SuccessStoriesSection({ title = 'Success stories' }: { title?: string }) {
  const headingId = useId();
  return (
    <section className={layout.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={layout.sectionTitle}>
        {title}
      </h2>
      <p className={layout.sectionLead}>Real projects, what they cost and how long they took.</p>
      <Carousel label="Success story cards" itemsName="stories" items={stories} getKey={(story) => story.id} renderItem={(story) => <StoryCard story={story} />} layout={landingCarouselLayout} />
    </section>
  );
}
