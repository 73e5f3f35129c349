// The how-it-works page's own islands: in one chunk, `island-how-it-works`.
// Why a module per page's islands: see home.ts.
import { defineIsland } from '@sciexperts/ui';

export const RollingWordBannerIsland = defineIsland('rolling-word-banner', () => import(/* webpackChunkName: "island-how-it-works" */ '../howItWorks/RollingWordBanner').then((m) => m.RollingWordBanner));
export const TwoWaysIsland = defineIsland('two-ways', () => import(/* webpackChunkName: "island-how-it-works" */ '../howItWorks/TwoWaysSection').then((m) => m.TwoWaysSection));
