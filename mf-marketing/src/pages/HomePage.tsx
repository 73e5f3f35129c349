import { homeFaq } from '../content/faq';
import { organizationData, PageMeta } from '../head/PageMeta';
import { ReadOnly } from '@sciexperts/ui';
import { HeroSection } from '../home/HeroSection';
import { ProcessStepsSection } from '../home/ProcessStepsSection';
import { ServiceCardsSection } from '../home/ServiceCardsSection';
import { TrustedByStrip } from '../home/TrustedByStrip';
import { CategoryTabsIsland, ExpertTypesRotationIsland, KeywordMarqueeIsland } from '../islands/home';
import { FaqSectionIsland, SuccessStoriesIsland, TestimonialsIsland } from '../islands/sections';
import { BlogPostsSection } from '../sections/BlogPostsSection';

// What is only read is never hydrated on the page's first load (ReadOnly); what a person operates is an island whose
// code loads when the page is idle, the part comes into view or is touched (decision 0020, "Round three").
export function HomePage() {
  return (
    <>
      <PageMeta
        title="SciExperts: hire vetted scientific and research experts"
        titleIsFull
        description="Post your project for free and get matched with vetted freelance scientists, statisticians, medical writers and consultants within 24 hours. Milestone payments in escrow."
        path="/"
        structuredData={{ '@context': 'https://schema.org', ...organizationData() }}
      />
      <HeroSection />
      <ReadOnly>
        <TrustedByStrip />
      </ReadOnly>
      <KeywordMarqueeIsland />
      <CategoryTabsIsland />
      <ReadOnly>
        <ServiceCardsSection />
        <ProcessStepsSection />
      </ReadOnly>
      <ExpertTypesRotationIsland />
      <SuccessStoriesIsland />
      <TestimonialsIsland />
      <ReadOnly>
        <BlogPostsSection />
      </ReadOnly>
      <FaqSectionIsland items={homeFaq} />
    </>
  );
}
