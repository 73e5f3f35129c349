// The parts of the marketing pages a person operates, each an island whose code loads apart from its page
// (docs/decisions/0020-public-page-startup-cost.md, "Round three"). Import these modules only from here. One chunk
// for all of them: split, the modules they share (the carousel, the content) were copied into each, and every island
// cost a request.
import { defineIsland } from '@sciexperts/ui';

export const SubjectSearchIsland = defineIsland('subject-search', () => import(/* webpackChunkName: "island-marketing" */ '../home/SubjectSearchForm').then((m) => m.SubjectSearchForm));
export const RotatingExpertCardIsland = defineIsland('rotating-expert-card', () => import(/* webpackChunkName: "island-marketing" */ '../home/RotatingExpertCard').then((m) => m.RotatingExpertCard));
export const KeywordMarqueeIsland = defineIsland('keyword-marquee', () => import(/* webpackChunkName: "island-marketing" */ '../home/KeywordMarquee').then((m) => m.KeywordMarquee));
export const CategoryTabsIsland = defineIsland('category-tabs', () => import(/* webpackChunkName: "island-marketing" */ '../home/CategoryTabs').then((m) => m.CategoryTabs));
export const ExpertTypesRotationIsland = defineIsland('expert-types-rotation', () => import(/* webpackChunkName: "island-marketing" */ '../home/ExpertTypesRotation').then((m) => m.ExpertTypesRotation));
export const SuccessStoriesIsland = defineIsland('success-stories', () => import(/* webpackChunkName: "island-marketing" */ '../sections/SuccessStoriesSection').then((m) => m.SuccessStoriesSection));
export const TestimonialsIsland = defineIsland('testimonials', () => import(/* webpackChunkName: "island-marketing" */ '../sections/TestimonialsSection').then((m) => m.TestimonialsSection));
export const FaqSectionIsland = defineIsland('faq', () => import(/* webpackChunkName: "island-marketing" */ '../sections/FaqSection').then((m) => m.FaqSection));
export const RollingWordBannerIsland = defineIsland('rolling-word-banner', () => import(/* webpackChunkName: "island-marketing" */ '../howItWorks/RollingWordBanner').then((m) => m.RollingWordBanner));
export const TwoWaysIsland = defineIsland('two-ways', () => import(/* webpackChunkName: "island-marketing" */ '../howItWorks/TwoWaysSection').then((m) => m.TwoWaysSection));
export const SignUpButtonIsland = defineIsland('sign-up-button', () => import(/* webpackChunkName: "island-marketing" */ './SignUpButton').then((m) => m.SignUpButton));
