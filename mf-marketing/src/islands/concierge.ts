// The concierge page's request form: `island-concierge`.
// Why a module per page's islands: see home.ts.
import { defineIsland } from '@sciexperts/ui';

export const ConciergeFormIsland = defineIsland('concierge-form', () => import(/* webpackChunkName: "island-concierge" */ '../concierge/ConciergeForm').then((m) => m.ConciergeForm));
