// The islands of the sections several pages share (stories, testimonials, the FAQ): in one chunk, `island-sections`.
// Why a module per page's islands: see home.ts.
import { defineIsland } from '@sciexperts/ui';

export const SuccessStoriesIsland = defineIsland('success-stories', () => import(/* webpackChunkName: "island-sections" */ '../sections/SuccessStoriesSection').then((m) => m.SuccessStoriesSection));
export const TestimonialsIsland = defineIsland('testimonials', () => import(/* webpackChunkName: "island-sections" */ '../sections/TestimonialsSection').then((m) => m.TestimonialsSection));
export const FaqSectionIsland = defineIsland('faq', () => import(/* webpackChunkName: "island-sections" */ '../sections/FaqSection').then((m) => m.FaqSection));
