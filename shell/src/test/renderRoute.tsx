import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, type RouteObject } from 'react-router-dom';
import { AppRoutes } from '../app/AppRoutes';
import { routesWith } from '../app/router';

interface RouterProbe {
  state: { location: ReturnType<typeof useLocation> };
}

/** The app's routes at `path` in a memory router; `router.state.location` is where it is now. */
export function renderRoute(path: string, extraRoutes: RouteObject[] = []) {
  const router = {} as RouterProbe;
  function LocationProbe() {
    router.state = { location: useLocation() };
    return null;
  }
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes routes={routesWith(extraRoutes)} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, router };
}
