// The concierge page's request form: `island-concierge`.
// A module per page's islands, imported only by the pages that show them: a page's expose then lists only its own
// islands' chunks, and the page server links only their stylesheets (one module for all made every marketing page link
// every island's stylesheet, render-blocking). Import the islands' components only through these modules' `load`s.
import { defineIsland } from '@sciexperts/ui';

export const ConciergeFormIsland = defineIsland('concierge-form', () => import(/* webpackChunkName: "island-concierge" */ '../concierge/ConciergeForm').then((m) => m.ConciergeForm));
