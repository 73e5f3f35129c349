// The join page's sign-up button: `island-sign-up`.
// Why a module per page's islands: see home.ts.
import { defineIsland } from '@sciexperts/ui';

export const SignUpButtonIsland = defineIsland('sign-up-button', () => import(/* webpackChunkName: "island-sign-up" */ './SignUpButton').then((m) => m.SignUpButton));
