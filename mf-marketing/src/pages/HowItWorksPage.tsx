import { howItWorksFaq } from '../content/faq';
import { PageMeta } from '../head/PageMeta';
import { ReadOnly } from '@sciexperts/ui';
import { ComparisonTable } from '../howItWorks/ComparisonTable';
import { ProcessTimeline } from '../howItWorks/ProcessTimeline';
import { ServiceTilesSection } from '../howItWorks/ServiceTilesSection';
import { WhySection } from '../howItWorks/WhySection';
import { RollingWordBannerIsland, TwoWaysIsland } from '../islands/howItWorks';
import { FaqSectionIsland, SuccessStoriesIsland, TestimonialsIsland } from '../islands/sections';
import { BlogPostsSection } from '../sections/BlogPostsSection';

// The shell renders the header, the 'Expert categories' sub-header and the footer around this page.
export function HowItWorksPage() {
  return (
    <>
      <PageMeta
        title="How it Works"
        description="Post a project in under 5 minutes, invite matched experts and compare quotes, collaborate in the Workspace and pay by milestone from escrow. See how SciExperts works."
        path="/how-it-works"
      />
      <RollingWordBannerIsland />
      <ReadOnly>
        <ProcessTimeline />
        <WhySection />
      </ReadOnly>
      <TwoWaysIsland />
      <ReadOnly>
        <ComparisonTable />
      </ReadOnly>
      <FaqSectionIsland items={howItWorksFaq} />
      <ReadOnly>
        <ServiceTilesSection />
      </ReadOnly>
      <SuccessStoriesIsland />
      <TestimonialsIsland />
      <ReadOnly>
        <BlogPostsSection title="Featured blog posts" />
      </ReadOnly>
    </>
  );
}
