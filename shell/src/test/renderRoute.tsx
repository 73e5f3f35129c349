import { act, render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction, type RouteObject } from 'react-router-dom';
import { AppRoutes } from '../app/AppRoutes';
import { routesWith } from '../app/router';

interface RouterProbe {
  state: { location: ReturnType<typeof useLocation> };
  navigate: NavigateFunction;
}

/**
 * The app's routes at `path` in a memory router; `router.state.location` is where it is now, `router.navigate` moves.
 * Rendered in an awaited `act`: an island reads its code with `use` on every render, and React leaves the rest of a
 * render that used a promise to an `act` that is awaited.
 */
export async function renderRoute(path: string, extraRoutes: RouteObject[] = []) {
  const router = {} as RouterProbe;
  function LocationProbe() {
    router.state = { location: useLocation() };
    router.navigate = useNavigate();
    return null;
  }
  let view!: RenderResult;
  await act(async () => {
    view = render(
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={routesWith(extraRoutes)} />
        <LocationProbe />
      </MemoryRouter>,
    );
  });
  return { ...view, router };
}
