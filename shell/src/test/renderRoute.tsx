import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction, type RouteObject } from 'react-router-dom';
import { AppRoutes } from '../app/AppRoutes';
import { routesWith } from '../app/router';

interface RouterProbe {
  state: { location: ReturnType<typeof useLocation> };
  navigate: NavigateFunction;
}

/** The app's routes at `path` in a memory router; `router.state.location` is where it is now, `router.navigate` moves. */
export function renderRoute(path: string, extraRoutes: RouteObject[] = []) {
  const router = {} as RouterProbe;
  function LocationProbe() {
    router.state = { location: useLocation() };
    router.navigate = useNavigate();
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
