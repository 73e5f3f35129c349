import { howItWorksFaq } from '../content/faq';
import { PageMeta } from '../head/PageMeta';
import { ComparisonTable } from '../howItWorks/ComparisonTable';
import { ProcessTimeline } from '../howItWorks/ProcessTimeline';
import { RollingWordBanner } from '../howItWorks/RollingWordBanner';
import { ServiceTilesSection } from '../howItWorks/ServiceTilesSection';
import { TwoWaysSection } from '../howItWorks/TwoWaysSection';
import { WhySection } from '../howItWorks/WhySection';
import { BlogPostsSection } from '../sections/BlogPostsSection';
import { FaqSection } from '../sections/FaqSection';
import { SuccessStoriesSection } from '../sections/SuccessStoriesSection';
import { TestimonialsSection } from '../sections/TestimonialsSection';

// The shell renders the header, the 'Expert categories' sub-header and the footer around this page.
export function HowItWorksPage() {
  return (
    <>
      <PageMeta
        title="How it Works"
        description="Post a project in under 5 minutes, invite matched experts and compare quotes, collaborate in the Workspace and pay by milestone from escrow. See how SciExperts works."
        path="/how-it-works"
      />
      <RollingWordBanner />
      <ProcessTimeline />
      <WhySection />
      <TwoWaysSection />
      <ComparisonTable />
      <FaqSection items={howItWorksFaq} />
      <ServiceTilesSection />
      <SuccessStoriesSection />
      <TestimonialsSection />
      <BlogPostsSection title="Featured blog posts" />
    </>
  );
}
