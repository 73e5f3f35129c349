// The how-it-works page's own islands: in one chunk, `island-how-it-works`.
// A module per page's islands, imported only by the pages that show them: a page's expose then lists only its own
// islands' chunks, and the page server links only their stylesheets (one module for all made every marketing page link
// every island's stylesheet, render-blocking). Import the islands' components only through these modules' `load`s.
import { defineIsland } from '@sciexperts/ui';

export const RollingWordBannerIsland = defineIsland('rolling-word-banner', () => import(/* webpackChunkName: "island-how-it-works" */ '../howItWorks/RollingWordBanner').then((m) => m.RollingWordBanner));
export const TwoWaysIsland = defineIsland('two-ways', () => import(/* webpackChunkName: "island-how-it-works" */ '../howItWorks/TwoWaysSection').then((m) => m.TwoWaysSection));
