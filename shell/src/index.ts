import { holdEarlyInteractions } from './app/earlyInteractions';
import { SERVER_RENDER_STATE_ID } from './app/serverRenderState';

// A page that arrived as HTML holds its first clicks until it is hydrated (bootstrap releases them).
const root = document.getElementById('root');
if (root && document.getElementById(SERVER_RENDER_STATE_ID)) holdEarlyInteractions(root);

// Async boundary: shared singletons are negotiated before any of them is used.
import('./bootstrap');
