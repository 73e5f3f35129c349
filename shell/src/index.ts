import { holdEarlyInteractions } from './app/earlyInteractions';
import { SERVER_RENDER_STATE_ID } from './app/serverRenderState';

// A page that arrived as HTML holds its first clicks until it is hydrated (bootstrap releases them).
const root = document.getElementById('root');
if (root && document.getElementById(SERVER_RENDER_STATE_ID)) holdEarlyInteractions(root);

// Async boundary: shared singletons are negotiated before any of them is used. In a task of its own: evaluating the
// federation runtime and negotiating the shared modules were one task of ~230 ms on a slow phone (decision 0020).
setTimeout(() => void import('./bootstrap'), 0);
