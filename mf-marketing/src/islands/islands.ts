// The parts of the marketing pages a person operates, each an island whose code loads apart from its page
// (docs/decisions/0020-public-page-startup-cost.md, "Round three"). Import these modules only from here. One chunk per
// page's islands, and one for the sections several pages share: one chunk per island copied the modules they share
// (the carousel, the content) into each and cost a request each; one chunk for all made /join-expert fetch the home
// page's carousels for its one button.
import { defineIsland } from '@sciexperts/ui';

export const SubjectSearchIsland = defineIsland('subject-search', () => import(/* webpackChunkName: "island-home" */ '../home/SubjectSearchForm').then((m) => m.SubjectSearchForm));
export const RotatingExpertCardIsland = defineIsland('rotating-expert-card', () => import(/* webpackChunkName: "island-home" */ '../home/RotatingExpertCard').then((m) => m.RotatingExpertCard));
export const KeywordMarqueeIsland = defineIsland('keyword-marquee', () => import(/* webpackChunkName: "island-home" */ '../home/KeywordMarquee').then((m) => m.KeywordMarquee));
export const CategoryTabsIsland = defineIsland('category-tabs', () => import(/* webpackChunkName: "island-home" */ '../home/CategoryTabs').then((m) => m.CategoryTabs));
export const ExpertTypesRotationIsland = defineIsland('expert-types-rotation', () => import(/* webpackChunkName: "island-home" */ '../home/ExpertTypesRotation').then((m) => m.ExpertTypesRotation));
export const SuccessStoriesIsland = defineIsland('success-stories', () => import(/* webpackChunkName: "island-sections" */ '../sections/SuccessStoriesSection').then((m) => m.SuccessStoriesSection));
export const TestimonialsIsland = defineIsland('testimonials', () => import(/* webpackChunkName: "island-sections" */ '../sections/TestimonialsSection').then((m) => m.TestimonialsSection));
export const FaqSectionIsland = defineIsland('faq', () => import(/* webpackChunkName: "island-sections" */ '../sections/FaqSection').then((m) => m.FaqSection));
export const RollingWordBannerIsland = defineIsland('rolling-word-banner', () => import(/* webpackChunkName: "island-how-it-works" */ '../howItWorks/RollingWordBanner').then((m) => m.RollingWordBanner));
export const TwoWaysIsland = defineIsland('two-ways', () => import(/* webpackChunkName: "island-how-it-works" */ '../howItWorks/TwoWaysSection').then((m) => m.TwoWaysSection));
export const SignUpButtonIsland = defineIsland('sign-up-button', () => import(/* webpackChunkName: "island-sign-up" */ './SignUpButton').then((m) => m.SignUpButton));
export const ConciergeFormIsland = defineIsland('concierge-form', () => import(/* webpackChunkName: "island-concierge" */ '../concierge/ConciergeForm').then((m) => m.ConciergeForm));
