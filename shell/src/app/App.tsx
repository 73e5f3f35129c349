import { RouterProvider } from '@sciexperts/shared/router';
import { releaseIslands } from '@sciexperts/shared';
import { createAppRouter } from './router';

const router = createAppRouter();

// The first navigation (a link, a search, Back) hydrates what the page left as server HTML: React hydrates every part
// a transition reaches before it commits it, and read-only parts and islands otherwise wait (decision 0020).
const pathOf = ({ pathname, search, hash }: { pathname: string; search: string; hash: string }) => `${pathname}${search}${hash}`;
const firstPath = pathOf(router.state.location);
const stopWatching = router.subscribe((state) => {
  // The router's own start (it marks itself initialized) is not a change of page.
  if (state.navigation.state === 'idle' && pathOf(state.location) === firstPath) return;
  releaseIslands();
  stopWatching();
});

export function App() {
  return <RouterProvider router={router} />;
}
