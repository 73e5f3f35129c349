// The home page's own islands (decision 0020, "Round three"): in one chunk, `island-home`.
// A module per page's islands, imported only by the pages that show them: a page's expose then lists only its own
// islands' chunks, and the page server links only their stylesheets (one module for all made every marketing page link
// every island's stylesheet, render-blocking). Import the islands' components only through these modules' `load`s.
import { defineIsland } from '@sciexperts/ui';

export const SubjectSearchIsland = defineIsland('subject-search', () => import(/* webpackChunkName: "island-home" */ '../home/SubjectSearchForm').then((m) => m.SubjectSearchForm));
export const RotatingExpertCardIsland = defineIsland('rotating-expert-card', () => import(/* webpackChunkName: "island-home" */ '../home/RotatingExpertCard').then((m) => m.RotatingExpertCard));
export const KeywordMarqueeIsland = defineIsland('keyword-marquee', () => import(/* webpackChunkName: "island-home" */ '../home/KeywordMarquee').then((m) => m.KeywordMarquee));
export const CategoryTabsIsland = defineIsland('category-tabs', () => import(/* webpackChunkName: "island-home" */ '../home/CategoryTabs').then((m) => m.CategoryTabs));
export const ExpertTypesRotationIsland = defineIsland('expert-types-rotation', () => import(/* webpackChunkName: "island-home" */ '../home/ExpertTypesRotation').then((m) => m.ExpertTypesRotation));
