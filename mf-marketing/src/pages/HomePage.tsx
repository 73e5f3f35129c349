import { homeFaq } from '../content/faq';
import { organizationData, PageMeta } from '../head/PageMeta';
import { CategoryTabs } from '../home/CategoryTabs';
import { ExpertTypesRotation } from '../home/ExpertTypesRotation';
import { HeroSection } from '../home/HeroSection';
import { KeywordMarquee } from '../home/KeywordMarquee';
import { ProcessStepsSection } from '../home/ProcessStepsSection';
import { ServiceCardsSection } from '../home/ServiceCardsSection';
import { TrustedByStrip } from '../home/TrustedByStrip';
import { BlogPostsSection } from '../sections/BlogPostsSection';
import { FaqSection } from '../sections/FaqSection';
import { SuccessStoriesSection } from '../sections/SuccessStoriesSection';
import { TestimonialsSection } from '../sections/TestimonialsSection';

// The whole page is one small chunk: splitting the lower sections would cost a request and layout shift
// for a few kilobytes.
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
      <TrustedByStrip />
      <KeywordMarquee />
      <CategoryTabs />
      <ServiceCardsSection />
      <ProcessStepsSection />
      <ExpertTypesRotation />
      <SuccessStoriesSection />
      <TestimonialsSection />
      <BlogPostsSection />
      <FaqSection items={homeFaq} />
    </>
  );
}
