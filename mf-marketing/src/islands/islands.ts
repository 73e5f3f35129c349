// The parts of the marketing pages a person operates, each an island with its code in a chunk of its own
// (docs/decisions/0020-public-page-startup-cost.md, "Round three"). Import these modules only from here.
import { defineIsland } from '@sciexperts/ui';

export const SubjectSearchIsland = defineIsland('subject-search', () => import('../home/SubjectSearchForm').then((m) => m.SubjectSearchForm));
export const RotatingExpertCardIsland = defineIsland('rotating-expert-card', () => import('../home/RotatingExpertCard').then((m) => m.RotatingExpertCard));
export const KeywordMarqueeIsland = defineIsland('keyword-marquee', () => import('../home/KeywordMarquee').then((m) => m.KeywordMarquee));
export const CategoryTabsIsland = defineIsland('category-tabs', () => import('../home/CategoryTabs').then((m) => m.CategoryTabs));
export const ExpertTypesRotationIsland = defineIsland('expert-types-rotation', () => import('../home/ExpertTypesRotation').then((m) => m.ExpertTypesRotation));
export const SuccessStoriesIsland = defineIsland('success-stories', () => import('../sections/SuccessStoriesSection').then((m) => m.SuccessStoriesSection));
export const TestimonialsIsland = defineIsland('testimonials', () => import('../sections/TestimonialsSection').then((m) => m.TestimonialsSection));
export const FaqSectionIsland = defineIsland('faq', () => import('../sections/FaqSection').then((m) => m.FaqSection));
export const RollingWordBannerIsland = defineIsland('rolling-word-banner', () => import('../howItWorks/RollingWordBanner').then((m) => m.RollingWordBanner));
export const TwoWaysIsland = defineIsland('two-ways', () => import('../howItWorks/TwoWaysSection').then((m) => m.TwoWaysSection));
export const SignUpButtonIsland = defineIsland('sign-up-button', () => import('./SignUpButton').then((m) => m.SignUpButton));
