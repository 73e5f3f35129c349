import { RouterProvider } from '@sciexperts/shared/router';
import { releaseIslands } from '@sciexperts/shared';
import { createAppRouter } from './router';

const router = createAppRouter();

// The first navigation (a link, a search, Back) hydrates what the page left as server HTML: React hydrates every part
// a transition reaches before it commits it, and read-only parts and islands otherwise wait (decision 0020).
const stopWatching = router.subscribe((state) => {
  if (state.navigation.state === 'idle' && state.historyAction === 'POP' && state.location.key === 'default') return;
  releaseIslands();
  stopWatching();
});

export function App() {
  return <RouterProvider router={router} />;
}
