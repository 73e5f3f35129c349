// The islands of the sections several pages share (stories, testimonials, the FAQ): in one chunk, `island-sections`.
// A module per page's islands, imported only by the pages that show them: a page's expose then lists only its own
// islands' chunks, and the page server links only their stylesheets (one module for all made every marketing page link
// every island's stylesheet, render-blocking). Import the islands' components only through these modules' `load`s.
import { defineIsland } from '@sciexperts/ui';

export const SuccessStoriesIsland = defineIsland('success-stories', () => import(/* webpackChunkName: "island-sections" */ '../sections/SuccessStoriesSection').then((m) => m.SuccessStoriesSection));
export const TestimonialsIsland = defineIsland('testimonials', () => import(/* webpackChunkName: "island-sections" */ '../sections/TestimonialsSection').then((m) => m.TestimonialsSection));
export const FaqSectionIsland = defineIsland('faq', () => import(/* webpackChunkName: "island-sections" */ '../sections/FaqSection').then((m) => m.FaqSection));
